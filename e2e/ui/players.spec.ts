import { asApp, expect, firstAppId, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * The app owner's side of chat time (docs/runtime.md "Chat time"): the Players page lists the
 * players who have an account, sets a player's plan and adds credit; a webhook endpoint can be
 * switched off and on from the app's settings.
 */

test.describe("Studio: players and their chat time", () => {
  test("find a player, move them to Plus, add credit; the list shows them", async ({ page, consoleErrors }) => {
    const request = page.request;
    await signUp(page, newAccount("players"));
    const appId = await firstAppId(page);
    const api = asApp(request, appId, "live");
    // Two players with accounts already (set through the API as the app's server would).
    expect((await api.post("/v1/players/reader-ana/credit", { seconds: 600 })).status()).toBe(200);
    expect((await api.post("/v1/players/reader-bo/credit", { seconds: 60 })).status()).toBe(200);

    await page.goto(`/apps/${appId}`);
    await page.getByRole("link", { name: "Players →" }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/${appId}/players$`));
    await expect(page.getByRole("heading", { name: "Players", level: 1 })).toBeVisible();
    // It opens in the app's default mode (a new app's is test); these players are live ones.
    await expect(page.getByRole("button", { name: "Test" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText("No players yet")).toBeVisible();
    await page.getByRole("button", { name: "Live" }).click();
    const table = page.getByRole("table", { name: "Players and their chat time" });
    await expect(table.getByRole("rowheader")).toHaveText(["reader-ana", "reader-bo"]);
    await expect(table.locator('[data-player="reader-ana"]')).toContainText("10 min");

    // A player who never talked: found by id, with the whole taste left.
    await page.getByLabel("Find a player").fill("new-reader");
    await page.getByRole("button", { name: "Open" }).click();
    const row = page.getByRole("table", { name: "The player found" }).locator('[data-player="new-reader"]');
    await expect(row).toContainText("3 min");
    await row.getByLabel("Plan of new-reader").selectOption("plus");
    await expect(row).toContainText("2 h");
    await row.getByLabel("Minutes of credit for new-reader").fill("30");
    await row.getByRole("button", { name: "Add" }).click();
    await expect(row).toContainText("30 min");
    const stored = await (await api.get("/v1/players/new-reader")).json();
    expect(stored).toMatchObject({ plan: "plus", creditSeconds: 1800 });
    await expect(table.getByRole("rowheader")).toHaveText(["new-reader", "reader-ana", "reader-bo"]);
    await shoot(page, "players-page");

    // Test mode keeps its own accounts.
    await page.getByRole("button", { name: "Test" }).click();
    await expect(page.getByText("No players yet")).toBeVisible();
    expect(
      (await (await request.get("/v1/players/new-reader", { headers: { "x-app-id": appId, "x-app-mode": "test" } })).json()).plan,
    ).toBe("free");
    expect(consoleErrors).toEqual([]);
  });

  test("switch a webhook endpoint off and on", async ({ page, consoleErrors }) => {
    const request = page.request;
    await signUp(page, newAccount("hookswitch"));
    const appId = await firstAppId(page);
    const created = await request.post(`/v1/apps/${appId}/webhooks`, { data: { url: "http://127.0.0.1:9/hooks" } });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(`/apps/${appId}#webhooks`);
    const section = page.getByRole("region", { name: "Webhooks" });
    const toggle = section.getByRole("switch", { name: "Receiving events" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    const off = section.getByRole("switch", { name: "Switched off" });
    await expect(off).toHaveAttribute("aria-checked", "false");
    await expect(section.getByText(/Events sent while it is off are not delivered/)).toBeVisible();
    const listed = await (await request.get(`/v1/apps/${appId}/webhooks`)).json();
    expect(listed.webhooks[0].enabled).toBe(false);
    await section.screenshot({ path: "e2e/artifacts/webhook-switched-off.png", animations: "disabled" });
    await off.click();
    await expect(section.getByRole("switch", { name: "Receiving events" })).toHaveAttribute("aria-checked", "true");
    expect(consoleErrors).toEqual([]);
  });
});

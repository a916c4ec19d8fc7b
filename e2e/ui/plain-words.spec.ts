import type { Page } from "@playwright/test";
import { actingFor, firstAppIdOf, importWorld, nightMarket, SHOTS } from "../fixtures/night-market";
import { expect, newAccount, signUp, test } from "../fixtures/studio";

/**
 * Issue 18, points 4 and 5: problems read as sentences for people (what, where by the state's
 * name, how to fix; the code small beside it), the Studio says "checks" and never "gate", the
 * point of view is a labelled choice; the app page says what test and live mean and which keys
 * see what, and every world header says which mode the world lives in.
 */

const problems = (page: Page) => page.getByRole("region", { name: "Problems" });

async function shoot(page: Page, name: string, clip?: { x: number; y: number; width: number; height: number }): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/plain-${name}.png`, animations: "disabled", ...(clip ? { clip } : {}) });
}

test.describe("plain words", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a problem reads as a sentence naming the state, with its fix; no 'gate' anywhere", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("plain"));
    const appId = await firstAppIdOf(page.request);
    const worldId = await importWorld(page.request, appId, nightMarket({ emptyStallMovement: true }));
    await page.goto(`/worlds/${worldId}`);
    await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 60_000 }); // the first layout (ELK) is slow on a loaded machine

    // A world with a warning opens the editor with its Problems panel open.
    await expect(problems(page).getByRole("button", { name: "Problems" })).toHaveAttribute("aria-expanded", "true");
    const row = problems(page).getByTestId("problem").filter({ hasText: "Lantern stall" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(
      "Movement › Static of “Lantern stall” is empty. Write a line there: the renderer needs it to paint and play the scene.",
    );
    await expect(row).toContainText("W005");
    await expect(problems(page)).not.toContainText("scene.states");
    await shoot(page, "problems-panel", (await problems(page).boundingBox())!);

    // The row leads to the field; fixing it leaves "passes every check".
    await row.click();
    const input = page.getByRole("complementary", { name: "Inspector" }).locator('[data-field="movement.static"]');
    await expect(input).toBeFocused();
    await input.fill("{hero} waits under the awning");
    await page.keyboard.press("Control+s");
    await expect(problems(page).getByText("No problems: this world passes every check.")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/\bgate\b/i);
    await shoot(page, "problems-clear");
    expect(consoleErrors).toEqual([]);
  });

  test("the point of view is a choice of labelled options", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("pov"));
    await page.getByRole("button", { name: "Create world" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Point of view (optional)").click();
    const group = dialog.getByRole("group", { name: "How the camera follows the hero" });
    await expect(group.getByRole("radio", { name: /Over the shoulder \(default\)/ })).toBeChecked();
    await group.getByRole("radio", { name: /First person/ }).check();
    await expect(group.getByRole("radio", { name: /First person/ })).toBeChecked();
    await expect(dialog.getByRole("textbox", { name: "POV" })).toHaveCount(0);
    await expect(dialog).not.toContainText("third_person_shoulder");
    await shoot(page, "pov-choice");
    expect(consoleErrors).toEqual([]);
  });

  test("the app page says what test and live mean and which keys see what; a world says its mode", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("modes"));
    const appId = await firstAppIdOf(page.request);
    const key = await page.request.post(`/v1/apps/${appId}/keys`, { data: { kind: "secret", mode: "test", name: "CI" } });
    expect(key.status(), await key.text()).toBe(201);

    await page.goto(`/apps/${appId}#modes`);
    const panel = page.getByRole("region", { name: "Test and live" });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("modes-default")).toContainText("This app's default mode");
    await expect(panel.getByTestId("modes-default")).toContainText("New keys start in this mode");
    await expect(panel.getByTestId("modes-studio")).toContainText("Studio creations");
    await expect(panel.getByTestId("modes-studio")).toContainText("Live");
    const rows = panel.getByRole("table", { name: "Which keys see what" }).getByRole("row");
    await expect(rows).toHaveCount(5);
    await expect(rows.filter({ hasText: "sk_test_" })).toContainText("Read and write test worlds");
    await expect(rows.filter({ hasText: "sk_test_" }).getByRole("cell").last()).toHaveText("1");
    await expect(rows.filter({ hasText: "pk_live_" })).toContainText("Read live worlds only");
    await expect(rows.filter({ hasText: "pk_live_" }).getByRole("cell").last()).toHaveText("0");
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, "app-modes", (await panel.boundingBox())!);

    // Each world header says its mode and links to the panel.
    const live = await importWorld(page.request, appId, nightMarket());
    const sandbox = await importWorld(page.request, appId, nightMarket(), "test");
    expect((await actingFor(page.request, appId, "test").get(`/v1/worlds/${sandbox}`)).mode).toBe("test");
    await page.goto(`/worlds/${live}`);
    await expect(page.getByTestId("world-mode")).toHaveText("Live mode");
    await page.goto(`/worlds/${sandbox}`);
    const badge = page.getByTestId("world-mode");
    await expect(badge).toHaveText("Test mode");
    await expect(badge).toHaveAttribute("title", /sandbox/);
    await shoot(page, "world-mode-badge", { x: 0, y: 0, width: 1440, height: 120 });
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/apps/${appId}#modes$`));
    await expect(page.getByRole("region", { name: "Test and live" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

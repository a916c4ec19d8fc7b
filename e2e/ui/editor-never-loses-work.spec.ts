import type { Page } from "@playwright/test";
import { actingFor, firstAppIdOf, importWorld, nightMarket, SHOTS } from "../fixtures/night-market";
import { expect, newAccount, signUp, test } from "../fixtures/studio";

/**
 * The editor never loses work (docs/versions.md, docs/studio.md "Editing model"): a created world starts
 * with its "Original" version; undo survives a reload while nobody else wrote; deleting a state
 * that has events asks first, naming them, from the Delete key and from the inspector alike.
 */

const inspector = (page: Page) => page.getByRole("complementary", { name: "Inspector" });
const field = (page: Page, key: string) => inspector(page).locator(`[data-field="${key}"]`);
const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

async function openEditor(page: Page, worldId: string): Promise<void> {
  await page.goto(`/worlds/${worldId}`);
  await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 60_000 }); // the first layout (ELK) is slow on a loaded machine
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/safety-${name}.png`, animations: "disabled" });
}

test.describe("the editor never loses work", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a created world's Versions tab starts with Original, HEAD, at the root", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("original"));
    const appId = await firstAppIdOf(page.request);
    const worldId = await importWorld(page.request, appId, nightMarket());
    await page.goto(`/worlds/${worldId}?tab=versions`);
    const tree = page.getByRole("tree", { name: "Version tree" });
    const original = tree.getByRole("treeitem", { name: /Original/ });
    await expect(original).toContainText("HEAD");
    await expect(page.getByText("No snapshots yet.")).toHaveCount(0);
    await original.click();
    await expect(page.getByText("No differences: the working graph matches this version.")).toBeVisible();
    await shoot(page, "original-version");
    expect(consoleErrors).toEqual([]);
  });

  test("undo survives a reload, and is dropped once the world changed elsewhere", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("undo-reload"));
    const appId = await firstAppIdOf(page.request);
    const api = actingFor(page.request, appId);
    const worldId = await importWorld(page.request, appId, nightMarket());
    await openEditor(page, worldId);

    await node(page, "s2-alley").click();
    await expect(page.getByTestId("inspector-title")).toContainText("s2-alley");
    await field(page, "base").fill("{hero} waits in the alley until the guards pass.");
    await page.keyboard.press("Control+s");
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    expect((await api.get(`/v1/worlds/${worldId}`)).world.scene.states["s2-alley"].base).toBe(
      "{hero} waits in the alley until the guards pass.",
    );

    await page.reload();
    await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 60_000 }); // the first layout (ELK) is slow on a loaded machine
    const undo = page.getByRole("button", { name: /^Undo Edit state/ });
    await expect(undo).toBeEnabled();
    await undo.click();
    await expect(page.getByRole("status").filter({ hasText: /Undid: Edit state/ })).toBeVisible();
    await shoot(page, "undo-after-reload");
    expect((await api.get(`/v1/worlds/${worldId}`)).world.scene.states["s2-alley"].base).toBe(
      "{hero} slips into a narrow alley behind the stalls.",
    );

    // Redo is kept too; then a write from elsewhere makes the stored history meaningless.
    await page.reload();
    await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 60_000 }); // the first layout (ELK) is slow on a loaded machine
    await expect(page.getByRole("button", { name: /^Redo/ })).toBeEnabled();
    const elsewhere = await api.post(`/v1/worlds/${worldId}/ops`, {
      ops: [{ op: "update_state", id: "s3-roof", patch: { base: "Someone else wrote this." } }],
    });
    expect(elsewhere.status()).toBe(200);
    await page.reload();
    await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 60_000 }); // the first layout (ELK) is slow on a loaded machine
    await expect(page.getByRole("button", { name: "Undo", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Redo/ })).toBeDisabled();
    expect(await page.evaluate((id) => window.localStorage.getItem(`pw.editor.history.v1:${id}`), worldId)).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test("deleting a state with events asks first, naming them, from the Delete key and the inspector", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("delete-asks"));
    const appId = await firstAppIdOf(page.request);
    const api = actingFor(page.request, appId);
    const worldId = await importWorld(page.request, appId, nightMarket());
    await openEditor(page, worldId);

    // The Delete key.
    await node(page, "s2-alley").click();
    await expect(page.getByTestId("inspector-title")).toContainText("s2-alley");
    await page.keyboard.press("Delete");
    const dialog = page.getByRole("dialog", { name: "Delete “Alley”?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("3 events go with it");
    const listed = dialog.getByRole("list", { name: "Events deleted with it" }).getByRole("listitem");
    await expect(listed).toHaveText([
      /“Slip into the alley”\s*Lantern stall → Alley/,
      /“Climb to the roof”\s*Alley → Over the rooftops/,
      /“Back to the stall”\s*Alley → Lantern stall/,
    ]);
    await shoot(page, "delete-asks");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(node(page, "s2-alley")).toBeVisible();
    expect(Object.keys((await api.get(`/v1/worlds/${worldId}`)).world.scene.states)).toContain("s2-alley");

    // The inspector's button asks the same; yes deletes the state and its events.
    await node(page, "s2-alley").click();
    await inspector(page).getByRole("button", { name: "Delete this state (Delete)" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete state and 3 events" }).click();
    await expect(node(page, "s2-alley")).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: /Deleted state “s2-alley” and 3 events/ })).toBeVisible();
    const after = (await api.get(`/v1/worlds/${worldId}`)).world.scene;
    expect(Object.keys(after.states)).not.toContain("s2-alley");
    expect(after.events.map((e: { name: string }) => e.name)).toEqual(["Haggle"]);

    // Undo brings the alley back with its events.
    await page.getByRole("button", { name: /^Undo Delete state/ }).click();
    await expect(node(page, "s2-alley")).toBeVisible();
    expect((await api.get(`/v1/worlds/${worldId}`)).world.scene.events).toHaveLength(4);
    expect(consoleErrors).toEqual([]);
  });
});

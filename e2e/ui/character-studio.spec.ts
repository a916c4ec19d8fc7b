import type { Page } from "@playwright/test";
import { ARTIFACTS, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

/**
 * Characters made and edited in the Studio (issue 18, point 3), against the built app: "New
 * character" on My Creations with explicit fields and an edited stance palette, and one
 * authored from a premise; the owner edits the brain and a stance (a reload shows both); the
 * preview answers with the new greeting; another account can neither open nor edit it.
 * Screenshots go to SHOTS_DIR (default e2e/artifacts/) for review.
 */

const SHOTS = process.env.SHOTS_DIR ?? ARTIFACTS;

async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(250);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: "disabled" });
}

const PERSONA = "You are Wren, keeper of the harbour light. Dry, kind, a little shy; you answer in short sentences.";
const NEW_PERSONA = "You are Wren, retired keeper of the harbour light, who now paints gulls and answers in riddles.";
const NEW_GREETING = "Come in out of the wind, stranger.";

test.describe("Studio: new character, editing, preview", () => {
  test("create from fields and from a premise; the owner edits brain and stances; the preview answers; others cannot edit", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, newAccount("chars"));
    const appId = await firstAppId(page);

    // New character from the fields, with the palette edited before it exists.
    await page.getByRole("button", { name: "New character" }).first().click();
    const dialog = page.getByRole("dialog", { name: "New character" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("radio", { name: /Describe/ })).toBeChecked();
    const palette = dialog.getByRole("list", { name: "Stance palette" }).getByRole("listitem");
    await expect(palette).toHaveCount(6);
    await dialog.getByLabel("Name", { exact: true }).fill("Wren");
    await dialog.getByLabel("Persona", { exact: true }).fill(PERSONA);
    await dialog.getByLabel("Greeting (optional)").fill("Mind the stairs. Who sent you?");
    await dialog.getByLabel("Stance 2 label").fill("Beaming");
    await dialog.getByRole("button", { name: "Remove Downcast" }).click();
    await dialog.getByRole("button", { name: "Add stance" }).click();
    await expect(palette).toHaveCount(6);
    await dialog.getByLabel("Stance 6 label").fill("Sly");
    await dialog.getByLabel("Stance 6 mood").fill("mischievous");
    await dialog.getByLabel("Stance 6 expression").fill("a sideways smile, one eyebrow up");
    await expect(palette.nth(5)).toContainText("sly");
    await dialog.getByRole("radio", { name: "Start in Curious" }).check();
    await shot(page, "character-new-dialog", false);
    await dialog.getByRole("button", { name: "Create character" }).click();

    await expect(page).toHaveURL(/\/characters\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const wrenId = page.url().split("/").pop()!;
    await expect(page.getByRole("heading", { level: 1, name: "Wren" })).toBeVisible();
    const stances = page.getByRole("list", { name: "Stances" }).getByRole("listitem");
    await expect(stances).toHaveCount(6);
    await expect(stances.first()).toContainText("Curious");
    await expect(stances.first()).toContainText("Entrance");
    await expect(stances.filter({ hasText: "Beaming" })).toContainText("warm");
    await expect(stances.filter({ hasText: "Sly" })).toContainText("mischievous");
    await expect(stances.filter({ hasText: /downcast/i })).toHaveCount(0);
    const brain = page.getByRole("region", { name: "Brain" });
    await expect(brain).toContainText(PERSONA);

    // The owner edits the brain.
    await brain.getByRole("button", { name: "Edit brain" }).click();
    const brainDialog = page.getByRole("dialog", { name: "Edit brain" });
    await expect(brainDialog.getByLabel("Persona", { exact: true })).toHaveValue(PERSONA);
    await brainDialog.getByLabel("Persona", { exact: true }).fill(NEW_PERSONA);
    await brainDialog.getByLabel("Greeting", { exact: true }).fill(NEW_GREETING);
    await brainDialog.getByLabel("Lore", { exact: true }).fill("The harbour light was built in 1887 after the wreck of the Alder.");
    await brainDialog.getByRole("button", { name: "Save brain" }).click();
    await expect(brainDialog).toBeHidden({ timeout: 20_000 });
    await expect(brain).toContainText(NEW_PERSONA);

    // And a stance.
    await page
      .getByRole("region", { name: /Stances/ })
      .getByRole("button", { name: "Edit stances" })
      .click();
    const stanceDialog = page.getByRole("dialog", { name: "Edit stances" });
    const editRows = stanceDialog.getByRole("list", { name: "Stance palette" }).getByRole("listitem");
    await expect(editRows).toHaveCount(6);
    await expect(stanceDialog.getByRole("radio", { name: "Start in Curious" })).toBeChecked();
    await stanceDialog.getByLabel("Stance 6 label").fill("Scheming");
    await stanceDialog.getByLabel("Stance 6 mood").fill("plotting, amused");
    await shot(page, "character-edit-stances", false);
    await stanceDialog.getByRole("button", { name: "Save stances" }).click();
    await expect(stanceDialog).toBeHidden({ timeout: 20_000 });
    await expect(stances.filter({ hasText: "Scheming" })).toContainText("plotting, amused");

    // A reload shows both edits (they were saved, not only drawn).
    await page.reload();
    await expect(page.getByRole("region", { name: "Brain" })).toContainText(NEW_PERSONA);
    await expect(page.getByRole("region", { name: "Brain" })).toContainText("built in 1887");
    const scheming = stances.filter({ hasText: "Scheming" });
    await expect(scheming).toContainText("plotting, amused");
    await expect(scheming).toContainText("sly");
    // The id `sly` stays (its state and picture go by it); no card is labelled Sly any more.
    await expect(stances.filter({ has: page.getByRole("heading", { name: "Sly", exact: true }) })).toHaveCount(0);

    // The preview talks through the embed's API (session token + say) with the new brain.
    const preview = page.getByRole("region", { name: "Live preview" });
    await preview.getByRole("button", { name: "Start preview" }).click();
    const chat = page.frameLocator(`iframe[title="Preview: talk to Wren"]`);
    const log = chat.getByRole("log", { name: "Messages" });
    await expect(log.locator(".pc-character .pc-text")).toHaveText([NEW_GREETING], { timeout: 30_000 });
    await chat.getByRole("textbox", { name: "Your message to Wren" }).fill("What do you paint these days?");
    await chat.getByRole("button", { name: "Send" }).click();
    await expect(log.locator(".pc-user .pc-text")).toHaveText(["What do you paint these days?"]);
    await expect(log.locator(".pc-character .pc-text")).toHaveCount(2, { timeout: 30_000 });
    await expect(log.locator(".pc-character .pc-text").nth(1)).not.toBeEmpty();
    await expect(chat.getByRole("alert")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, "character-edited");

    // Another account: the page is a 404, and its session acting for the owner's app cannot edit.
    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await signUp(other, newAccount("chars-stranger"));
    await other.goto(`/characters/${wrenId}`);
    await expect(other.getByRole("heading", { name: "Character not found" })).toBeVisible();
    await expect(other.getByRole("button", { name: "Edit brain" })).toHaveCount(0);
    const hijack = await other.request.patch(`/v1/characters/${wrenId}`, {
      headers: { "x-app-id": appId, "x-app-mode": "live" },
      data: { persona: "Hijacked." },
    });
    expect(hijack.status()).toBe(404);
    expect((await hijack.json()).code).toBe("not_found");
    await stranger.close();
    const stored = await page.request.get(`/v1/characters/${wrenId}`, { headers: { "x-app-id": appId, "x-app-mode": "live" } });
    expect((await stored.json()).world.character.persona).toBe(NEW_PERSONA);

    // New character authored from a premise.
    await page.goto("/creations");
    await page.getByRole("button", { name: "New character" }).first().click();
    const authored = page.getByRole("dialog", { name: "New character" });
    await authored.getByRole("radio", { name: /Premise/ }).check();
    await authored.getByRole("textbox", { name: "Premise" }).fill("a retired lighthouse keeper named Maren who talks to gulls");
    await authored.getByRole("button", { name: "Create character" }).click();
    await expect(page).toHaveURL(/\/characters\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    expect(page.url()).not.toContain(wrenId);
    await expect(page.getByRole("heading", { level: 1, name: /^Maren the / })).toBeVisible();
    await expect(page.getByRole("region", { name: "Brain" })).toContainText("You are Maren");
    await expect(page.getByRole("list", { name: "Stances" }).getByRole("listitem")).toHaveCount(6);
    await shot(page, "character-authored");

    // Both are findable on My Creations under Characters.
    await page.goto("/creations?kind=character");
    const cards = page.getByRole("list", { name: "Creations" }).getByRole("listitem");
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "Wren" }).getByRole("link")).toHaveAttribute("href", `/characters/${wrenId}`);
    await expect(cards.filter({ hasText: /Maren the/ })).toContainText("Character");
    await shot(page, "character-creations");

    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

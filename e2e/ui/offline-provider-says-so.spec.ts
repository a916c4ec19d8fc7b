import type { Page } from "@playwright/test";
import { asApp, expect, firstAppId, generateWorld, newAccount, shoot, signUp, test } from "../fixtures/studio";

/**
 * Honesty in the Studio (issue 12.5): a live world made by the embedded offline (`local`)
 * provider says so on My Creations, in the workspace header and in the Play preview, with the way
 * to connect a model; and a state without a frame offers "Paint this scene", disabled with its
 * reason until the world has a subject reference, then painting through POST /v1/worlds/{id}/scenes.
 * Screenshots (light and dark) go to e2e/artifacts/honesty-*.png.
 */

const NOTICE = "Written and painted offline.";
const CONNECT = "Connect a model for AI rendering";
const BARE = "harbour-wall";

/** Opens the Play tab and walks from the entrance to the state without a frame (hotkey 0). */
async function playToBareState(page: Page) {
  await page.getByRole("tab", { name: "Play" }).click();
  const play = page.getByRole("tabpanel", { name: "Play" });
  await expect(play.getByTestId("walkthrough-state")).toBeVisible();
  await play.getByRole("button", { name: /Look at the harbour wall/ }).click();
  await expect(play.getByTestId("walkthrough-state")).toHaveText(BARE);
  return play;
}

test.describe("Studio: honesty about the offline provider", () => {
  test("an offline world says so, and a state without a frame offers Paint this scene", async ({ page, consoleErrors }) => {
    test.setTimeout(240_000);
    await signUp(page, newAccount("honest"));
    const appId = await firstAppId(page);
    const api = asApp(page.request, appId, "live");

    const worldId = await generateWorld(api, "A lighthouse keeper hears a drowned bell ringing under a stormy sea");
    const resource = await (await api.get(`/v1/worlds/${worldId}`)).json();
    expect(resource).toMatchObject({ mode: "live", source: "local" });
    const entrance: string = resource.world.entrance.state;
    expect(resource.world.subjectRef).toBeUndefined();

    // A state the generation did not paint: added through the ops API, reachable from the entrance.
    const ops = await api.post(`/v1/worlds/${worldId}/ops`, {
      ops: [
        { op: "add_state", id: BARE, base: "Spray breaks over the harbour wall; the bell rings somewhere below." },
        { op: "add_event", from: entrance, to: BARE, name: "Look at the harbour wall", hotkey: "0" },
        { op: "add_event", from: BARE, to: entrance, name: "Go back", hotkey: "1" },
      ],
    });
    expect(ops.status(), await ops.text()).toBe(200);

    // My Creations: the card carries the badge.
    await page.goto("/creations");
    const card = page.locator(`[data-world-id="${worldId}"]`);
    await expect(card.getByTestId("offline-badge")).toHaveText("Written and painted offline");
    await shoot(page, "honesty-card-light", false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "honesty-card-dark", false);
    await page.emulateMedia({ colorScheme: "light" });

    // The workspace header says it, and the link opens the explanation with the settings and the doc's path.
    await page.goto(`/worlds/${worldId}`);
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    const notice = header.getByTestId("offline-notice");
    await expect(notice).toContainText(NOTICE);
    await expect(notice).toContainText(CONNECT);
    await notice.getByRole("button", { name: CONNECT }).click();
    const dialog = page.getByRole("dialog", { name: CONNECT });
    await expect(dialog).toBeVisible();
    for (const setting of ["AI_BASE_URL", "AI_MODEL", "AI_IMAGE_MODEL", "docs/providers.md"]) await expect(dialog).toContainText(setting);
    await shoot(page, "honesty-connect-model-light", false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "honesty-connect-model-dark", false);
    await page.emulateMedia({ colorScheme: "light" });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();

    // The Play preview says it too; the bare state offers Paint this scene, disabled with its reason.
    let play = await playToBareState(page);
    await expect(play.getByTestId("offline-notice")).toContainText(NOTICE);
    const paint = play.getByRole("button", { name: "Paint this scene" });
    await expect(paint).toBeVisible();
    await expect(paint).toBeDisabled();
    await expect(play.getByTestId("paint-scene")).toContainText("Settings › Subject reference");
    await shoot(page, "honesty-paint-disabled-light", false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "honesty-paint-disabled-dark", false);
    await page.emulateMedia({ colorScheme: "light" });

    // With a subject reference (a hosted frame of this world) the button paints, and the frame can become the cover.
    const hosted = Object.values(resource.world.scene.states as Record<string, { image?: { src?: string } }>)
      .map((s) => s.image?.src ?? "")
      .find((src) => /^https?:/.test(src));
    expect(hosted, "the generation hosted its frames").toBeTruthy();
    const subject = await api.post(`/v1/worlds/${worldId}/ops`, {
      ops: [{ op: "set_subject_ref", imageUrl: hosted, descriptor: "a lighthouse keeper" }],
    });
    expect(subject.status(), await subject.text()).toBe(200);
    await page.reload();
    play = await playToBareState(page);
    await expect(paint).toBeEnabled();
    await paint.click();
    const frame = play.getByTestId("painted-frame");
    await expect(frame).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
    await expect(play.getByTestId("paint-scene")).toContainText("no op writes it");
    await shoot(page, "honesty-paint-scene-light", false);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/dark/);
    await shoot(page, "honesty-paint-scene-dark", false);

    const src = await frame.getAttribute("src");
    await play.getByRole("button", { name: "Use as cover" }).click();
    await expect(play.getByRole("button", { name: "The cover" })).toBeDisabled();
    // Keeping the frame did not restart the play.
    await expect(play.getByTestId("walkthrough-state")).toHaveText(BARE);
    expect((await (await api.get(`/v1/worlds/${worldId}`)).json()).cover).toBe(src);

    expect(consoleErrors).toEqual([]);
  });
});

import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { ARTIFACTS, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

/**
 * Issue 28, Explore and likes, as a player would: a world made public is listed (a private one and
 * a test one are not), a like from the player moves the count in Explore and in the Studio, a
 * second like by the same player does not, unlike takes it back. axe on Explore and the player.
 * Screenshots in e2e/artifacts (explore-*.png).
 */

const TAG = `tidewatch${Date.now().toString(36)}`;
/** The fixtures' pictures point at an unreachable host; a blank picture keeps the console clean. */
const BLANK = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#64748b"/></svg>')}`;

async function importWorld(
  request: APIRequestContext,
  appId: string,
  mode: "live" | "test",
  name: string,
  visibility?: "public",
): Promise<string> {
  const headers = { "x-app-id": appId, "x-app-mode": mode };
  const world = makeSmallWorld();
  world.cover = BLANK;
  world.entrance.image.src = BLANK;
  if (world.subjectRef) world.subjectRef.imageUrl = BLANK;
  const res = await request.post("/v1/worlds", { headers, data: { world, name, description: `A keeper and a drowned bell, ${TAG}.` } });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).worldId as string;
  if (visibility) {
    const patched = await request.patch(`/v1/worlds/${id}`, { headers, data: { visibility } });
    expect(patched.status(), await patched.text()).toBe(200);
  }
  return id;
}

async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    blocking.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `${name}: axe`,
  ).toEqual([]);
}

const card = (page: Page, id: string) => page.locator(`[data-explore-id="${id}"]`);

test("Explore lists a public world only; likes from the player count once and show in Explore and the Studio", async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signUp(page, newAccount("explore"));
  const appId = await firstAppId(page);
  const shown = await importWorld(page.request, appId, "live", "The Drowned Bell", "public");
  const hidden = await importWorld(page.request, appId, "live", "A Private Bell");
  const sandbox = await importWorld(page.request, appId, "test", "A Test Bell", "public");

  // A player with no account.
  const player = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await player.goto(`/explore?q=${TAG}`);
  await expect(player.getByRole("heading", { level: 1, name: "Explore worlds" })).toBeVisible();
  await expect(card(player, shown)).toBeVisible();
  await expect(card(player, hidden)).toHaveCount(0);
  await expect(card(player, sandbox)).toHaveCount(0);
  await expect(player.locator("[data-explore-id]")).toHaveCount(1);
  const likeOnCard = card(player, shown).getByRole("button", { name: /Like The Drowned Bell/ });
  await expect(likeOnCard).toHaveAttribute("aria-pressed", "false");
  await expect(likeOnCard).toContainText("0");
  await player.screenshot({ path: `${ARTIFACTS}/explore-listed.png` });
  await expectAccessible(player, "explore");

  // Play it and like it from the player.
  await card(player, shown).getByRole("link", { name: "Play The Drowned Bell" }).click();
  await expect(player.locator("#pw")).not.toHaveClass(/is-loading/);
  const like = player.locator("[data-like]");
  await expect(like).toBeVisible();
  // Wired once the player has loaded the world (its label then says the count).
  await expect(like).toHaveAttribute("aria-label", "Like (0 likes)");
  await expect(like).toHaveAttribute("aria-pressed", "false");
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like.locator(".pw-like-count")).toHaveText("1");
  await player.screenshot({ path: `${ARTIFACTS}/explore-player-liked.png` });
  await expectAccessible(player, "player");

  // A second like by the same player (the stored player id, sent again) changes nothing.
  const again = await player.evaluate(async (id) => {
    const playerId = localStorage.getItem("pw.playerId");
    const res = await fetch(`/v1/likes/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ playerId }),
    });
    return (await res.json()) as { likeCount: number; changed: boolean };
  }, shown);
  expect(again).toMatchObject({ likeCount: 1, changed: false });

  // Explore shows the like (cached for at most 10 s: a reload after that reads it).
  await expect
    .poll(
      async () => {
        await player.goto(`/explore?q=${TAG}`);
        return card(player, shown).locator(".pw-like-count").textContent();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe("1");
  await expect(card(player, shown).getByRole("button", { name: /Liked The Drowned Bell/ })).toHaveAttribute("aria-pressed", "true");
  await player.screenshot({ path: `${ARTIFACTS}/explore-liked.png` });

  // The Studio shows it on the world's settings.
  await page.goto(`/worlds/${shown}?tab=settings`);
  await expect(page.locator("[data-world-counts]")).toContainText("1 like");
  await page.locator("[data-world-counts]").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}/explore-studio-count.png` });

  // Unlike from Explore takes it back, everywhere.
  await card(player, shown)
    .getByRole("button", { name: /Liked The Drowned Bell/ })
    .click();
  await expect(card(player, shown).getByRole("button", { name: /Like The Drowned Bell/ })).toHaveAttribute("aria-pressed", "false");
  await expect(card(player, shown).locator(".pw-like-count")).toHaveText("0");
  await page.reload();
  await expect(page.locator("[data-world-counts]")).toContainText("0 likes");
  expect(consoleErrors).toEqual([]);
});

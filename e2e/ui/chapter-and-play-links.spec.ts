import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { asApp, expect, firstAppId, generateWorld, newAccount, signUp, test } from "../fixtures/studio";

// Links between worlds and their players. A chapter world links to its campaign and to its neighbour
// chapters; the header's Play opens a public world's player in a new tab, and any other world's
// Play tab, saying beside it how to get a public link.

const SHOTS = "/work/shots/studio";
const BOOK = fs.readFileSync(path.resolve("tests/fixtures/the-lamplighter-of-vell.md"), "utf8");
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: "disabled" });
};

test("a chapter world links back to its campaign and on to its neighbour chapters", async ({ page, consoleErrors }) => {
  test.setTimeout(300_000);
  await signUp(page, newAccount("chapters"));
  const api = asApp(page.request as APIRequestContext, await firstAppId(page));
  const started = await api.post("/v1/campaigns", { text: BOOK, target_acts: 3 });
  expect(started.status(), await started.text()).toBe(202);
  const campaignId = (await started.json()).campaignId as string;
  let chapters: { index: number; title: string; worldId: string | null }[] = [];
  await expect
    .poll(
      async () => {
        const campaign = await (await api.get(`/v1/campaigns/${campaignId}`)).json();
        chapters = campaign.chapters;
        return campaign.status;
      },
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe("complete");
  expect(chapters.length).toBeGreaterThanOrEqual(3);
  const name = (await (await api.get(`/v1/campaigns/${campaignId}`)).json()).name as string;

  // The middle chapter: its campaign in the breadcrumb, both neighbours as links.
  const middle = chapters[1]!;
  await page.goto(`/worlds/${middle.worldId}`);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(crumbs.getByRole("link", { name })).toHaveAttribute("href", `/campaigns/${campaignId}`);
  await expect(crumbs).toContainText(`Chapter ${middle.index} of ${chapters.length}`);
  const around = page.getByRole("navigation", { name: "Chapters" });
  await expect(around.getByRole("link", { name: `← Chapter ${chapters[0]!.index}` })).toHaveAttribute(
    "href",
    `/worlds/${chapters[0]!.worldId}`,
  );
  await expect(around.getByRole("link", { name: `Chapter ${chapters[2]!.index} →` })).toHaveAttribute(
    "href",
    `/worlds/${chapters[2]!.worldId}`,
  );
  await shot(page, "chapter-world-header");

  // Back one chapter: the first has no previous, only the next.
  await around.getByRole("link", { name: `← Chapter ${chapters[0]!.index}` }).click();
  await expect(page).toHaveURL(new RegExp(`/worlds/${chapters[0]!.worldId}`));
  await expect(page.getByRole("navigation", { name: "Chapters" }).getByRole("link")).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Chapters" }).getByRole("link", { name: `Chapter ${middle.index} →` })).toBeVisible();

  // And up to the campaign.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  expect(consoleErrors).toEqual([]);
});

test("Play plays here and says how to get a public link; a public world's Play opens its player in a new tab", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newAccount("playbutton"));
  const appId = await firstAppId(page);
  const api = asApp(page.request as APIRequestContext, appId);
  const worldId = await generateWorld(api, "A fox steals a lantern from the night market");
  await page.goto(`/worlds/${worldId}`);

  // Private: Play opens the Play tab; the line beside it says how to get a public link.
  const hint = page.getByTestId("public-link-hint");
  await expect(hint).toHaveText("Public link: make it public in Settings");
  await shot(page, "play-private-hint");
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await expect(page.getByRole("tab", { name: "Play" })).toHaveAttribute("aria-selected", "true");
  await hint.getByRole("button", { name: "make it public in Settings" }).click();
  await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Visibility" })).toBeVisible();

  // Public: Play is the public player, in a new tab.
  const current = await (await api.get(`/v1/worlds/${worldId}`)).json();
  const made = await page.request.patch(`/v1/worlds/${worldId}`, {
    headers: { "x-app-id": appId, "x-app-mode": "live", "if-match": `"${current.rev}"` },
    data: { visibility: "public" },
  });
  expect(made.status(), await made.text()).toBe(200);
  await page.reload();
  const publicPlay = page.getByTestId("play-public");
  await expect(publicPlay).toHaveAttribute("target", "_blank");
  const playUrl = (await (await api.get(`/v1/worlds/${worldId}`)).json()).playUrl as string;
  expect(playUrl).toMatch(/\/play\//);
  await expect(publicPlay).toHaveAttribute("href", playUrl);
  await expect(page.getByTestId("public-link-hint")).toHaveCount(0);
  await shot(page, "play-public-button");
  const [player] = await Promise.all([context.waitForEvent("page"), publicPlay.click()]);
  await player.waitForLoadState();
  expect(new URL(player.url()).pathname).toBe(new URL(playUrl).pathname);
  // Play here still opens the Play tab.
  await page.getByRole("button", { name: "Play here" }).click();
  await expect(page.getByRole("tab", { name: "Play" })).toHaveAttribute("aria-selected", "true");
});

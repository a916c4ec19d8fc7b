import fs from "node:fs";
import path from "node:path";
import type { FrameLocator } from "@playwright/test";
import { asApp, expect, firstAppId, newAccount, shoot, signUp, test } from "../fixtures/studio";

// Issue 27 (item 4) in the browser: a three-chapter book as a campaign (the local provider,
// offline). Chapter 1's first screen in the embed names no later chapter's destination and talks
// to no place; the last chapter's winning ending is its climax, ringing Old Gideon.

const BOOK = fs.readFileSync(path.resolve("tests/fixtures/books/ilse-and-the-ferry.txt"), "utf8");

type Graph = {
  entrance: { state: string };
  scene: {
    states: Record<string, { ending?: { isEnding?: boolean; outcome?: string; title?: string } }>;
    events: { from: string; to?: string; name: string }[];
  };
};

/** The events (by index) of a shortest path from the entrance to the state `goal`. */
function pathTo(world: Graph, goal: string): number[] {
  const via = new Map<string, { from: string; event: number }>([[world.entrance.state, { from: "", event: -1 }]]);
  const queue = [world.entrance.state];
  while (queue.length && !via.has(goal)) {
    const at = queue.shift()!;
    world.scene.events.forEach((e, i) => {
      if (e.from === at && e.to !== undefined && !via.has(e.to)) {
        via.set(e.to, { from: at, event: i });
        queue.push(e.to);
      }
    });
  }
  const events: number[] = [];
  for (let at = goal; at !== world.entrance.state; at = via.get(at)!.from) events.unshift(via.get(at)!.event);
  return events;
}

test("a three-chapter book: chapter 1 opens without spoilers, the last ends on its climax", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page, newAccount("chapters"));
  const api = asApp(page.request, await firstAppId(page));
  const created = await api.post("/v1/campaigns", { text: BOOK });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const campaignId = (await created.json()).campaignId as string;
  let campaign: { status: string; chapters: { worldId: string }[] } = { status: "authoring", chapters: [] };
  await expect
    .poll(async () => (campaign = await (await api.get(`/v1/campaigns/${campaignId}`)).json()).status, { timeout: 180_000 })
    .toBe("complete");
  expect(campaign.chapters).toHaveLength(3);

  await page.goto(`/campaigns/${campaignId}`);
  await page.getByRole("button", { name: "Play chapter 1" }).click();
  const player: FrameLocator = page.frameLocator('iframe[title^="Preview: play"]');
  await expect(player.locator(".pw-actions button").first()).toBeVisible();
  const actions = await player.locator(".pw-actions button").allInnerTexts();
  const screen = `${await player.locator(".pw-name").innerText()}\n${await player.locator(".pw-base").first().innerText()}\n${actions.join("\n")}`;
  for (const later of ["Brennock", "Hollow Gate", "Old Gideon"]) expect(screen).not.toContain(later);
  for (const action of actions) expect(action).not.toMatch(/Talk to (?:Kettle Ford|Hollow Gate|Brennock)|Follow (?:Kettle Ford|Halfway)/);
  await page.getByRole("heading", { name: "Play", exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, "chapters-ilse-first-screen", false);

  // Play on, chapter by chapter, along the shortest path to each winning ending, to chapter 3's climax.
  const root = player.locator("#pw");
  for (const [i, chapter] of campaign.chapters.entries()) {
    await expect(root).toHaveAttribute("data-world", chapter.worldId);
    const world = (await (await api.get(`/v1/worlds/${chapter.worldId}`)).json()).world as Graph;
    const [goal, win] = Object.entries(world.scene.states).find(([, s]) => s.ending?.isEnding && s.ending.outcome === "good")!;
    await expect(player.locator(".pw-actions button").first()).toBeVisible();
    for (const event of pathTo(world, goal)) await player.locator(`.pw-actions button[data-event="${event}"]`).click();
    const ending = player.locator(".pw-ending");
    await expect(ending.locator(".pw-outcome")).not.toHaveText("A bad ending");
    if (i < 2) {
      await ending.getByRole("button", { name: /Next chapter/ }).click();
      continue;
    }
    expect(win.ending?.title).toMatch(/Ring .*Old Gideon/);
    await expect(ending).toContainText("ring the great bell, Old Gideon");
  }
  await page.getByRole("heading", { name: "Play", exact: true }).scrollIntoViewIfNeeded();
  await shoot(page, "chapters-ilse-climax", false);
});

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import { asApp, expect, firstAppId, newAccount, shoot, signUp, test } from "../fixtures/studio";

// Issue 13 in the browser (the local provider, offline, the in-app executor): a book becomes a
// campaign from the create dialog with the Studio's live path; its page shows the progress to
// complete; My Creations shows it as one card; chapter 1 plays in the embed to its winning ending
// and "Next chapter" opens chapter 2 in the same session. Then a quota stop and Resume.

const BOOK_FILE = path.resolve("tests/fixtures/the-lamplighter-of-vell.md");
const BOOK = fs.readFileSync(BOOK_FILE, "utf8");

type Graph = {
  entrance: { state: string };
  scene: {
    states: Record<string, { ending?: { isEnding?: boolean; next?: { worldId: string; chapter: number } } }>;
    events: { from: string; to?: string }[];
  };
};

/** The events (by index) from the entrance to the ending that leads to the next chapter: a shortest path. */
function pathToNextChapter(world: Graph): { events: number[]; next: { worldId: string; chapter: number } } {
  const goal = Object.entries(world.scene.states).find(([, s]) => s.ending?.isEnding && s.ending.next)!;
  expect(goal, "chapter 1 links its winning ending to chapter 2").toBeTruthy();
  const via = new Map<string, { from: string; event: number }>([[world.entrance.state, { from: "", event: -1 }]]);
  const queue = [world.entrance.state];
  while (queue.length && !via.has(goal[0])) {
    const at = queue.shift()!;
    world.scene.events.forEach((e, i) => {
      if (e.from === at && e.to !== undefined && !via.has(e.to) && !world.scene.states[at]?.ending?.isEnding) {
        via.set(e.to, { from: at, event: i });
        queue.push(e.to);
      }
    });
  }
  const events: number[] = [];
  for (let at = goal[0]; at !== world.entrance.state; at = via.get(at)!.from) events.unshift(via.get(at)!.event);
  return { events, next: goal[1].ending!.next! };
}

function setGenerationCap(appId: string, daily: number) {
  execFileSync(
    "node_modules/.bin/tsx",
    ["scripts/worlds.ts", "quota", "set", "--app", appId, "--kind", "generation", "--daily", String(daily), "--json"],
    {
      env: { ...process.env, DATA_DIR: ".data-e2e", DATABASE_URL: "" },
      encoding: "utf8",
    },
  );
}

/** Fills the create dialog's "New campaign" from the fixture book file and starts it; returns the campaign page's id. */
async function startCampaign(page: Page, acts: number, screenshot?: string): Promise<string> {
  await page.goto("/creations");
  await page.getByRole("button", { name: "Create world" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: "New campaign" }).check();
  await expect(dialog.getByRole("heading", { name: "New campaign" })).toBeVisible();
  await dialog.getByLabel("Book file").setInputFiles(BOOK_FILE);
  await expect(dialog.getByRole("textbox", { name: "Book text" })).toHaveValue(BOOK);
  await expect(dialog.getByTestId("book-count")).toHaveText(`${BOOK.length.toLocaleString("en")} / 200,000`);
  await expect(dialog.getByText("Read from the-lamplighter-of-vell.md")).toBeVisible();
  await dialog.getByLabel("Chapters").selectOption(String(acts));
  if (screenshot) await shoot(page, screenshot, false);
  await dialog.getByRole("button", { name: "Start campaign" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}

const progress = (page: Page) => page.getByRole("progressbar", { name: "Campaign progress" });

test.describe.configure({ mode: "serial" });

test.describe("Studio: campaigns", () => {
  test.setTimeout(300_000);
  let page: Page;
  let appId: string;
  let campaignId: string;
  let api: ReturnType<typeof asApp>;

  test.beforeAll(async ({ browser }) => {
    page = await browser.newPage();
    await signUp(page, newAccount("campaign"));
    appId = await firstAppId(page);
    api = asApp(page.request as APIRequestContext, appId);
  });

  test.afterAll(async () => {
    await page.close();
  });

  test("a book becomes a four-chapter campaign; the page follows it to complete; My Creations shows one card", async () => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Too long a book is stopped in the dialog, with the count in red.
    await page.getByRole("button", { name: "Create world" }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("radio", { name: "New campaign" }).check();
    await dialog.getByRole("textbox", { name: "Book text" }).fill("x".repeat(200_001));
    await expect(dialog.getByTestId("book-count")).toHaveText("200,001 / 200,000");
    await expect(dialog.getByRole("button", { name: "Start campaign" })).toBeDisabled();
    await dialog.getByLabel("Book file").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: Buffer.from("png") });
    await expect(dialog.getByText("cover.png is not a .txt or .md file.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    campaignId = await startCampaign(page, 4, "campaign-create");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shoot(page, "campaign-authoring");
    // Live progress: the bar moves to 4 of 4 and the status to Complete, without a reload.
    await expect(page.getByTestId("campaign-status")).toHaveText("Complete", { timeout: 180_000 });
    await expect(progress(page)).toHaveAttribute("aria-valuenow", "100");
    await expect(page.getByTestId("acts")).toHaveText("4 / 4");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Lamplighter of Vell");
    const chapters = page.getByRole("list", { name: "Chapters" }).getByRole("listitem");
    await expect(chapters).toHaveCount(4);
    for (let n = 1; n <= 4; n++) {
      await expect(chapters.nth(n - 1)).toHaveAttribute("data-status", "authored");
      await expect(page.getByRole("link", { name: `Open the world of chapter ${n}` })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Embed on your site" })).toBeVisible();
    await shoot(page, "campaign-complete");

    // My Creations: one campaign card with its chapters, no chapter world loose.
    await page.goto("/creations");
    const cards = page
      .getByRole("list", { name: "Creations" })
      .getByRole("listitem")
      .filter({ has: page.locator("a[data-kind]") });
    await expect(cards).toHaveCount(1);
    const card = page.locator(`a[data-campaign-id="${campaignId}"]`);
    await expect(card).toContainText("The Lamplighter of Vell");
    await expect(card).toContainText("4 chapters");
    await expect(card.getByRole("list", { name: "Chapters" }).getByRole("listitem")).toHaveCount(4);
    await expect(page.locator('a[data-kind="world"]')).toHaveCount(0);
    await page.getByLabel("Kind").selectOption("campaign");
    await expect(page).toHaveURL(/kind=campaign/);
    await expect(page.locator(`a[data-campaign-id="${campaignId}"]`)).toBeVisible();
    await shoot(page, "campaign-card");
    await page.locator(`a[data-campaign-id="${campaignId}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
    expect(errors).toEqual([]);
  });

  test("chapter 1 plays in the embed to its winning ending; Next chapter opens chapter 2 in the same session", async () => {
    const campaign = await (await api.get(`/v1/campaigns/${campaignId}`)).json();
    const [one, two] = campaign.chapters as { worldId: string; title: string }[];
    const world = (await (await api.get(`/v1/worlds/${one!.worldId}`)).json()).world as Graph;
    const { events, next } = pathToNextChapter(world);
    expect(next.worldId).toBe(two!.worldId);
    const second = await (await api.get(`/v1/worlds/${two!.worldId}`)).json();

    await page.goto(`/campaigns/${campaignId}`);
    await page.getByRole("button", { name: "Play chapter 1" }).click();
    const player: FrameLocator = page.frameLocator('iframe[title^="Preview: play"]');
    const root = player.locator("#pw");
    await expect(root).toHaveAttribute("data-world", one!.worldId);
    await expect(player.locator(".pw-actions button").first()).toBeVisible();
    for (const event of events) await player.locator(`.pw-actions button[data-event="${event}"]`).click();
    const ending = player.locator(".pw-ending");
    await expect(ending.getByRole("button", { name: /Next chapter/ })).toBeVisible();
    await expect(ending.locator(".pw-outcome")).not.toHaveText("A bad ending");
    await page.getByRole("heading", { name: "Play", exact: true }).scrollIntoViewIfNeeded();
    await shoot(page, "campaign-ending", false);

    await ending.getByRole("button", { name: /Next chapter/ }).click();
    await expect(root).toHaveAttribute("data-world", two!.worldId);
    await expect(player.locator(".pw-name")).toHaveText(second.name);
    await expect(ending).toBeHidden();
    // Nothing of chapter 1 lingers: its last caption is gone.
    await expect(player.locator(".pw-caption")).not.toHaveClass(/\bon\b/);
    await expect(player.locator(".pw-actions button").first()).toBeVisible();
    await shoot(page, "campaign-chapter-2", false);
  });

  test("a quota stop keeps the chapters so far and Resume completes the campaign", async () => {
    // The first campaign spent 4 generations today: a cap of 5 lets one more chapter through.
    setGenerationCap(appId, 5);
    const id = await startCampaign(page, 2);
    await expect(page.getByTestId("campaign-status")).toHaveText("Stopped", { timeout: 180_000 });
    const stop = page.getByRole("status").filter({ hasText: "Today's generation quota is used up" });
    await expect(stop).toBeVisible();
    await expect(page.getByTestId("acts")).toHaveText("1 / 2");
    await expect(page.getByRole("list", { name: "Chapters" }).getByRole("listitem").nth(1)).toHaveAttribute("data-status", "pending");
    await shoot(page, "campaign-quota-stop");

    setGenerationCap(appId, 10);
    await stop.getByRole("button", { name: "Resume" }).click();
    await expect(page.getByTestId("campaign-status")).toHaveText("Complete", { timeout: 180_000 });
    await expect(page.getByTestId("acts")).toHaveText("2 / 2");
    const usage = await (await api.get("/v1/usage")).json();
    expect(usage.quotas.generation.used).toBe(6);
    expect((await (await api.get(`/v1/campaigns/${id}`)).json()).status).toBe("complete");
  });
});

// The public play page's heartbeats end when the player is idle, so its network settles, and input starts them again.
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { asApp, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

const SHOTS = "/work/shots/usage";

test("the public play page's heartbeats end when the player is idle: the network goes idle, and input starts them again", async ({
  page,
  browser,
  consoleErrors,
}) => {
  await signUp(page, newAccount("play"));
  const appId = await firstAppId(page);
  const api = asApp(page.request, appId, "live");
  const created = await api.post("/v1/worlds", { world: makeSmallWorld(), name: "Quiet Harbor" });
  expect(created.status(), await created.text()).toBe(201);
  const worldId = (await created.json()).worldId as string;
  const made = await page.request.patch(`/v1/worlds/${worldId}`, {
    headers: { "x-app-id": appId, "x-app-mode": "live" },
    data: { visibility: "public" },
  });
  expect(made.status(), await made.text()).toBe(200);
  const playUrl = (await made.json()).playUrl as string;

  const context = await browser.newContext();
  const player = await context.newPage();
  const beats: { at: number; seconds: number }[] = [];
  player.on("request", (req) => {
    if (req.url().endsWith("/v1/runtime/heartbeat"))
      beats.push({ at: Date.now(), seconds: (req.postDataJSON() as { seconds: number }).seconds });
  });
  // A beat a second, and the beats end after 3 s without input.
  await player.goto(`${playUrl}#hb=1&idle=3`);
  await expect(player.getByRole("heading", { level: 1 })).toHaveText("Quiet Harbor");
  await expect.poll(() => beats.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  // The beats end (idle), so the page settles: Playwright's networkidle is 500 ms without requests.
  await expect.poll(() => beats.length > 0 && Date.now() - beats.at(-1)!.at > 2500, { timeout: 15_000, intervals: [500] }).toBe(true);
  await player.waitForLoadState("networkidle", { timeout: 5_000 });
  const settled = beats.length;
  await player.waitForTimeout(2500);
  expect(beats.length).toBe(settled);

  // A key press is play again: the beats come back.
  await player.keyboard.press("Shift");
  await expect.poll(() => beats.length, { timeout: 5_000 }).toBeGreaterThan(settled);
  await player.screenshot({ path: `${SHOTS}/play-idle.png` });
  await context.close();
  expect(consoleErrors).toEqual([]);
});

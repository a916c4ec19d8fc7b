// Issue 18 point 8: a named key shows its name; the landing page's "Generate" leads into the
// create flow with its premise; the public play page's heartbeats end, so its network settles.
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { asApp, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

const SHOTS = "/work/shots/usage";
const PREMISE = "What if a lighthouse keeper could rewind the tide?";

test("a key created with a name shows that name, in the panel, the table and the API", async ({ page, consoleErrors }) => {
  await signUp(page, newAccount("keyname"));
  const appId = await firstAppId(page);
  await page.goto(`/apps/${appId}#keys`);
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByRole("radio", { name: "Live" }).check();
  await dialog.getByLabel("Name", { exact: true }).fill("Production server");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Copy your new key now" })).toContainText("Production server");
  const row = keys.getByRole("row", { name: /Production server/ });
  await expect(row).toBeVisible();
  await expect(keys.getByRole("cell", { name: "Unnamed" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("row", { name: /Production server/ })).toBeVisible();
  const listed = await (await page.request.get(`/v1/apps/${appId}/keys`)).json();
  expect(listed.keys.map((k: { name: string }) => k.name)).toContain("Production server");
  await keys.screenshot({ path: `${SHOTS}/key-named.png` });
  expect(consoleErrors).toEqual([]);
});

test("the landing page's Generate opens the create dialog with its premise, signed in or after signing in", async ({
  page,
  consoleErrors,
}) => {
  const account = newAccount("generate");
  await signUp(page, account);

  await page.goto("/");
  const generate = page.getByRole("link", { name: "Generate a world from this premise" });
  await expect(generate).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/landing-generate.png` });
  await generate.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create a world" })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Premise" })).toHaveValue(PREMISE);
  // The link did its work: a reload does not open the dialog again.
  await expect(page).toHaveURL(/\/creations$/);
  await page.screenshot({ path: `${SHOTS}/generate-dialog.png` });

  // Signed out, it goes through sign-in and lands in the same place.
  await page.context().clearCookies();
  await page.goto("/");
  await page.getByRole("link", { name: "Generate a world from this premise" }).click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "Premise" })).toHaveValue(PREMISE);
  // Chromium asks a fresh context for /favicon.ico, which the app does not serve (it links favicon.svg).
  expect(consoleErrors.filter((e) => !e.includes("/favicon.ico"))).toEqual([]);
});

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

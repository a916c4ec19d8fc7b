import type { APIRequestContext, Page } from "@playwright/test";
import { asApp, expect, firstAppId, generateWorld, newAccount, signUp, test } from "../fixtures/studio";

// Issue 31, point 2: every time and count in the Studio says what it counts and is true.
// - A webhook retry's time comes from the delivery's schedule: a minute away reads "in 60 s" or
//   "in 1 min", counting down, never "just now".
// - Usage charts keep worlds and characters apart; axis labels are short enough never to wrap.
// - Quota cards name the routes they meter ("Seed frames" counts POST /v1/seed-frame, …).
// - My Creations' time moves when the creator edits a world, not when someone plays it.
// The e2e server retries webhooks after 300 ms and credits play seconds by wall time, so the
// retry a minute away and the minutes of play are put into real answers on their way to the page.

const SHOTS = "/work/shots/studio";
const shot = async (page: Page, name: string, fullPage = false) => {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: "disabled" });
};

test("a webhook retry a minute away counts down from its schedule, never 'just now'", async ({ page, consoleErrors }) => {
  await signUp(page, newAccount("retrytime"));
  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "My first app" }).click();
  await expect(page).toHaveURL(/\/apps\/[0-9a-f-]{36}$/);
  const section = page.getByRole("region", { name: "Webhooks" });
  await section.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a webhook endpoint" });
  await dialog.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/hooks");
  await dialog.getByRole("button", { name: "Add endpoint" }).click();
  await page
    .getByRole("region", { name: "Copy the signing secret now" })
    .getByRole("button", { name: /saved this secret/ })
    .click();

  // One pending delivery whose first attempt failed 2 s ago and whose next is due in 58 s.
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  await page.route(/\/v1\/apps\/[^/]+\/webhooks\/[^/]+\/deliveries\?/, (route) =>
    route.fulfill({
      json: {
        deliveries: [
          {
            id: "00000000-0000-4000-8000-000000000001",
            event_id: "evt_0123456789abcdef0123",
            event_type: "world.generation.failed",
            state: "pending",
            attempts: 1,
            attempt_limit: 3,
            last_status_code: 503,
            last_error: null,
            next_retry_at: at(58_000),
            created_at: at(-2_000),
            updated_at: at(-2_000),
            attempt_log: [
              { attempt: 1, status_code: 503, error: null, duration_ms: 12, response_excerpt: "down", attempted_at: at(-2_000) },
            ],
          },
        ],
        nextCursor: null,
        schemaVersion: "1.0",
      },
    }),
  );
  await section.getByRole("button", { name: "Deliveries" }).click();
  const log = section.getByRole("region", { name: "Delivery log" });
  const next = log.getByTestId("next-retry");
  await expect(next).toHaveText(/^attempt 2 in (?:5\d|60) s$/);
  // "just now" is only ever when the delivery was made (2 s ago), never when the next attempt is.
  await expect(next).not.toContainText("just now");
  await expect(log).toContainText("1 of 3 attempts");
  // It counts down while the page is open.
  const first = Number(/in (\d+) s/.exec((await next.textContent())!)![1]);
  await expect
    .poll(async () => Number(/in (\d+) s/.exec((await next.textContent())!)?.[1] ?? first), { timeout: 5_000 })
    .toBeLessThan(first);
  await log.screenshot({ path: `${SHOTS}/webhook-retry-countdown.png`, animations: "disabled" });
  expect(consoleErrors).toEqual([]);
});

test("usage keeps worlds and characters apart, with axis labels that fit, and quota cards that name their routes", async ({ page }) => {
  await signUp(page, newAccount("usagewords"));
  const appId = await firstAppId(page);
  // The real history, with a world played 80 s and a character open 200 s today (and chatted 90 s).
  await page.route(/\/v1\/usage\/history\?/, async (route) => {
    const body = await (await route.fetch()).json();
    const today = body.days[body.days.length - 1].day as string;
    body.worlds = [
      {
        id: "11111111-1111-4111-8111-111111111111",
        name: "Drowned station",
        kind: "world",
        sessionSeconds: 80,
        chatSeconds: 0,
        days: [{ day: today, sessionSeconds: 80, chatSeconds: 0 }],
      },
      {
        id: "22222222-2222-4222-8222-222222222222",
        name: "Wren the keeper",
        kind: "character",
        sessionSeconds: 200,
        chatSeconds: 90,
        days: [{ day: today, sessionSeconds: 200, chatSeconds: 90 }],
      },
    ];
    body.days[body.days.length - 1].runtime = { sessionSeconds: 280, chatSeconds: 90 };
    await route.fulfill({ json: body });
  });
  await page.goto(`/apps/${appId}`);
  const history = page.locator("#usage-history");
  const play = history.getByRole("figure", { name: "Live play time per world" });
  await expect(play).toContainText("Drowned station");
  await expect(play).not.toContainText("Wren the keeper");
  await expect(play).toContainText("1 min 20 s");
  const characterTime = history.getByRole("figure", { name: "Live time per character" });
  await expect(characterTime).toContainText("Wren the keeper");
  await expect(characterTime).not.toContainText("Drowned station");
  await expect(history.getByRole("figure", { name: "Chat time per character" })).toContainText("Wren the keeper");

  // Every y-axis tick is one line that fits inside the chart's left margin.
  for (const figure of [play, characterTime]) {
    const ticks = figure.locator(".recharts-yAxis-tick-labels text.recharts-cartesian-axis-tick-value");
    await expect(ticks.first()).toBeVisible();
    const svg = (await figure.locator(".recharts-wrapper").first().boundingBox())!;
    for (const tick of await ticks.all()) {
      expect(await tick.locator("tspan").count()).toBe(1);
      const box = (await tick.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(svg.x - 0.5);
    }
  }
  await history.scrollIntoViewIfNeeded();
  await history.screenshot({ path: `${SHOTS}/usage-worlds-and-characters.png`, animations: "disabled" });

  // The quota cards say what they count.
  const usage = page.locator("#usage");
  await expect(usage.locator('[data-quota="seed_frame"]')).toContainText("POST /v1/seed-frame");
  await expect(usage.locator('[data-quota="seed_frame"]')).toContainText("Not the frames painted while a world generates");
  await expect(usage.locator('[data-quota="generation"]')).toContainText("POST /v1/worlds");
  await usage.screenshot({ path: `${SHOTS}/usage-quota-cards.png`, animations: "disabled" });
});

test("My Creations' 'Edited' time stays when someone plays a world and moves when the creator edits it", async ({ page }) => {
  test.setTimeout(150_000);
  await signUp(page, newAccount("editedat"));
  const appId = await firstAppId(page);
  const api = asApp(page.request as APIRequestContext, appId);
  const worldId = await generateWorld(api, "A lighthouse keeper hears a bell under the sea");
  const card = page.locator(`a[href="/worlds/${worldId}"]`).first();
  const editedAt = () => card.getByTestId("edited-at").getAttribute("datetime");
  await page.goto("/creations");
  await expect(card.getByTestId("edited-at")).toContainText("Edited");
  const made = await editedAt();

  // Someone plays it: a session is counted on the world.
  const minted = await api.post("/v1/sessions/token", { worldId });
  expect(minted.status()).toBe(200);
  const { token, sessionId } = await minted.json();
  const beat = await page.request.post("/v1/runtime/heartbeat", {
    headers: { authorization: `Bearer ${token}` },
    data: { sessionId, seconds: 0 },
  });
  expect(beat.status(), await beat.text()).toBe(200);
  expect((await (await api.get(`/v1/worlds/${worldId}`)).json()).sessionCount).toBe(1);
  await page.reload();
  expect(await editedAt()).toBe(made);

  // The creator renames it in Settings: now it moves.
  await page.goto(`/worlds/${worldId}?tab=settings`);
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("The bell under the sea");
  await page.getByRole("button", { name: "Save", exact: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The bell under the sea");
  await page.goto("/creations");
  await expect.poll(async () => Date.parse((await editedAt())!)).toBeGreaterThan(Date.parse(made!));
  await shot(page, "creations-edited-time");
});

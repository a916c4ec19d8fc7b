import type { Server } from "node:http";
import { expect, test, type APIRequestContext, type Frame, type FrameLocator, type Page } from "@playwright/test";
import { APP, bootstrap, collectConsoleErrors, partnerSite, type Boot } from "../fixtures/partner";

// Acceptance of the embed player (issue 7): a partner site on a second local origin mints a
// session token with its secret key and frames the player; the player plays through clicks and
// hotkeys to an ending; live play time and the session count rise; a site on an origin that is
// not in the app's embedding origins is refused by frame-ancestors; /play/{slug} works signed out.

const SITE_PORT = Number(process.env.E2E_EMBED_PORT ?? 3340);
const SITE = `http://127.0.0.1:${SITE_PORT}`; // in the app's embedding origins
const ROGUE = `http://127.0.0.1:${SITE_PORT + 1}`; // not in them
const ART = "e2e/artifacts";

const frameSvg = (from: string, to: string, sun: string) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720"><defs><linearGradient id="g" x1="0" y1="0" x2=".4" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1280" height="720" fill="url(#g)"/><circle cx="930" cy="250" r="120" fill="${sun}" opacity=".85"/><path d="M0 560 Q320 470 640 540 T1280 520 V720 H0Z" fill="#0b1020" opacity=".7"/></svg>`,
  );
const GATE_IMG = frameSvg("#3b5b8c", "#0c1424", "#fcd9a0");
const VAULT_IMG = frameSvg("#5a2d6e", "#120818", "#f0abfc");

const camera = { static: "eye level, {hero} small in the frame", dynamic: "a slow dolly behind {hero}" };
const movement = { static: "{hero} waits, lantern raised", dynamic: "{hero} walks on" };
const plain = { isEnding: false };

/** A world with every kind of thing the player shows: frames, a placeholder, templates, an override, two endings. */
const WORLD = {
  id: "imported",
  name: "The Lantern Vault",
  description: "{hero} looks for the vault under the city.",
  cover: GATE_IMG,
  subject: "a lantern-bearer in a grey coat",
  slots: { hero: "Mara" },
  entrance: { image: { src: GATE_IMG, label: "The Iron Gate" }, state: "gate" },
  scene: {
    states: {
      gate: {
        id: "gate",
        base: "{hero} stands before the {gate}, lantern in hand.",
        camera,
        movement,
        ambient: ["wind in the wires", "a distant bell"],
        ending: plain,
        variants: [],
        slots: { gate: "iron gate" },
      },
      hall: {
        id: "hall",
        base: "A long hall of dripping stone opens ahead of {hero}.",
        camera,
        movement,
        ambient: ["water drips somewhere"],
        ending: plain,
        variants: [],
      },
      vault: {
        id: "vault",
        base: "{hero} reaches the vault. A chest waits under a wax seal.",
        camera,
        movement,
        ambient: ["the lantern hums"],
        ending: plain,
        variants: [],
        image: { src: VAULT_IMG, label: "The Vault" },
      },
      "end-good": {
        id: "end-good",
        base: "Morning light spills through the grate.",
        camera,
        movement,
        ambient: [],
        ending: {
          isEnding: true,
          outcome: "good",
          title: "The Keeper's Reward",
          text: "{hero} walks out into the morning with the lantern.",
        },
        variants: [],
      },
      "end-bad": {
        id: "end-bad",
        base: "The seal cracks and the lantern goes out.",
        camera,
        movement,
        ambient: [],
        ending: { isEnding: true, outcome: "bad", title: "Darkness", text: "The vault keeps {hero} forever." },
        variants: [],
      },
    },
    events: [
      { from: "gate", to: "hall", name: "Open the gate", base: "{hero} pushes the {gate} open.", detail: "It groans.", hotkey: "1" },
      { from: "gate", name: "Listen", base: "{hero} listens.", detail: "Somewhere below, water drips.", hotkey: "q" },
      { from: "hall", to: "vault", name: "Descend", base: "{hero} takes the stair down.", detail: "", hotkey: "2" },
      { from: "hall", to: "gate", name: "Turn back", base: "{hero} turns back.", detail: "", hotkey: "b" },
      { from: "vault", to: "end-good", name: "Open the chest", base: "{hero} lifts the lid.", detail: "", hotkey: "3" },
      { from: "vault", to: "end-bad", name: "Break the seal", base: "{hero} breaks the seal.", detail: "", hotkey: "4" },
    ],
  },
};

/** Time to the player's first frame, in ms from the frame's navigation start: its own mark, and LCP. */
async function firstFrameTimes(frame: Frame | Page): Promise<{ mark: number | null; lcp: number | null }> {
  return frame.evaluate(
    () =>
      new Promise<{ mark: number | null; lcp: number | null }>((resolve) => {
        const mark = performance.getEntriesByName("pw:first-frame")[0]?.startTime ?? null;
        let lcp: number | null = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve({ mark, lcp }), 100);
      }),
  );
}

const stateOf = (player: FrameLocator | Page) => player.locator("#pw");

test.describe.configure({ mode: "serial" });

test.describe("embed player", () => {
  let boot: Boot;
  let worldId: string;
  let api: APIRequestContext;
  const servers: Server[] = [];

  const live = () => ({ authorization: `Bearer ${boot.keys.sk_live}` });
  async function counts() {
    const world = await (await api.get(`/v1/worlds/${worldId}`, { headers: live() })).json();
    const usage = await (await api.get("/v1/usage", { headers: live() })).json();
    return { sessionCount: world.sessionCount as number, sessionSeconds: usage.billing.sessionSeconds as number };
  }

  test.beforeAll(async ({ playwright }) => {
    api = await playwright.request.newContext({ baseURL: APP });
    boot = bootstrap(`embed-${Date.now()}@example.test`);

    const patched = await api.patch(`/v1/apps/${boot.appId}`, {
      headers: { authorization: `Bearer ${boot.userToken}` },
      data: { embedOrigins: [SITE] },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    const created = await api.post("/v1/worlds", { headers: live(), data: { world: WORLD } });
    expect(created.status(), await created.text()).toBe(201);
    worldId = (await created.json()).worldId;

    const partner = { target: { worldId }, secretKey: boot.keys.sk_live, title: "World player", userRef: "partner-player-1" };
    servers.push(await partnerSite(SITE_PORT, partner), await partnerSite(SITE_PORT + 1, partner));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await api.dispose();
  });

  test("the embed page's headers: frame-ancestors from the app's origins, nosniff, no referrer", async () => {
    const res = await api.get(`/embed/w/${worldId}`);
    expect(res.status()).toBe(200);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp).toContain(`frame-ancestors 'self' ${SITE}`);
    expect(csp).not.toContain(ROGUE);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["referrer-policy"]).toBe("no-referrer");
    // A private world: nothing of it is in the page before a token proves access.
    const html = await res.text();
    expect(html).not.toContain("Lantern Vault");
    expect(html).toContain('src="/embed/player.js"');
    const script = await api.get("/embed/player.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toMatch(/javascript/);
  });

  test("a partner site embeds the world, plays it by clicks and hotkeys to both endings, and is metered", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    expect(await counts()).toEqual({ sessionCount: 0, sessionSeconds: 0 });

    await page.goto(`${SITE}/`);
    const player = page.frameLocator('iframe[title="World player"]');
    await expect(player.getByRole("heading", { level: 1 })).toHaveText("The Lantern Vault");
    await expect(player.locator(".pw-kicker")).toHaveText("The Iron Gate");
    // Templates are filled from the state's slots, then the world's.
    await expect(player.locator(".pw-base")).toHaveText("Mara stands before the iron gate, lantern in hand.");
    await expect(player.locator(".pw-ambient")).toContainText("wind in the wires");
    // Camera and movement are directions for the renderer, never shown to players.
    await expect(player.locator("#pw")).not.toContainText("Mara waits, lantern raised");
    await expect(player.locator("#pw")).not.toContainText("eye level");
    await expect(player.locator(".pw-badge")).toBeHidden(); // a live world
    const open = player.getByRole("button", { name: "Open the gate" });
    await expect(open).toBeVisible();
    await expect(open.locator("kbd")).toHaveText("1");
    await expect(open).toHaveAttribute("aria-keyshortcuts", "1");
    await expect(player.getByRole("button", { name: "Listen" }).locator("kbd")).toHaveText("Q");
    await expect(player.locator(".pw-layer.on img")).toHaveAttribute("alt", "The Iron Gate");

    const frame = page.frame({ url: /\/embed\/w\// });
    if (!frame) throw new Error("the player frame is missing");
    const times = await firstFrameTimes(frame);
    test.info().annotations.push({
      type: "embed first frame (JS path, private world)",
      description: `mark ${times.mark?.toFixed(0)} ms, LCP ${times.lcp?.toFixed(0)} ms`,
    });
    console.log(`embed first frame: mark ${times.mark?.toFixed(0)} ms, LCP ${times.lcp?.toFixed(0)} ms`);
    expect(times.mark).not.toBeNull();
    expect(times.mark as number).toBeLessThan(1000);
    await page.screenshot({ path: `${ART}/embed-partner-entrance.png` });

    // An override by hotkey plays in place: a caption, and the state stays.
    await player.locator(".pw-panel").click();
    await page.keyboard.press("q");
    await expect(player.locator(".pw-caption")).toHaveClass(/\bon\b/);
    await expect(player.locator(".pw-caption")).toContainText("Mara listens.");
    await expect(player.locator(".pw-caption")).toContainText("Somewhere below, water drips.");
    await expect(stateOf(player)).toHaveAttribute("data-state", "gate");
    await expect(player.locator(".pw-base")).toHaveText("Mara stands before the iron gate, lantern in hand.");
    await page.screenshot({ path: `${ART}/embed-partner-override.png` });

    // A transition by click; focus moves on to the next state's first action.
    await open.click();
    await expect(stateOf(player)).toHaveAttribute("data-state", "hall");
    await expect(player.locator(".pw-base")).toHaveText("A long hall of dripping stone opens ahead of Mara.");
    await expect(player.getByRole("button", { name: "Descend" })).toBeFocused();
    await expect(player.locator(".pw-layer.pw-ph.on")).toHaveCount(1); // no frame: the placeholder
    await page.screenshot({ path: `${ART}/embed-partner-placeholder.png` });

    // Transitions by hotkey, to the good ending.
    await page.keyboard.press("2");
    await expect(stateOf(player)).toHaveAttribute("data-state", "vault");
    await expect(player.locator(".pw-layer.on img")).toHaveAttribute("alt", "The Vault");
    await page.keyboard.press("3");
    const ending = player.locator(".pw-ending");
    await expect(ending).toBeVisible();
    await expect(ending.getByRole("heading", { name: "The Keeper's Reward" })).toBeVisible();
    await expect(ending).toContainText("A good ending");
    await expect(ending).toContainText("Mara walks out into the morning with the lantern.");
    await expect(player.getByRole("navigation", { name: "Actions" }).getByRole("button")).toHaveCount(0);
    await page.waitForTimeout(700); // let the crossfade settle for the picture
    await page.screenshot({ path: `${ART}/embed-partner-ending.png` });

    // R restarts from the ending.
    await page.keyboard.press("r");
    await expect(ending).toBeHidden();
    await expect(stateOf(player)).toHaveAttribute("data-state", "gate");

    // By clicks to the bad ending, then its Restart button.
    await player.getByRole("button", { name: "Open the gate" }).click();
    await player.getByRole("button", { name: "Descend" }).click();
    await player.getByRole("button", { name: "Break the seal" }).click();
    await expect(ending.getByRole("heading", { name: "Darkness" })).toBeVisible();
    await expect(ending).toContainText("A bad ending");
    await ending.getByRole("button", { name: "Restart" }).click();
    await expect(stateOf(player)).toHaveAttribute("data-state", "gate");
    await expect(player.getByRole("button", { name: "Open the gate" })).toBeFocused();

    // Heartbeats (every second here, `#hb=1`): play time is billed and the session counted once.
    await expect.poll(async () => (await counts()).sessionSeconds, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const after = await counts();
    expect(after.sessionCount).toBe(1);
    await page.waitForTimeout(2_000);
    const later = await counts();
    expect(later.sessionCount).toBe(1);
    expect(later.sessionSeconds).toBeGreaterThan(after.sessionSeconds);

    // Closing the page sends what is left.
    const beforeClose = later.sessionSeconds;
    await page.waitForTimeout(1_400);
    await page.close({ runBeforeUnload: true });
    await expect.poll(async () => (await counts()).sessionSeconds, { timeout: 10_000 }).toBeGreaterThan(beforeClose);

    expect(errors).toEqual([]);
  });

  test("a site whose origin is not an embedding origin is refused by frame-ancestors", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const before = await counts();
    await page.goto(`${ROGUE}/`);
    await expect(page.locator('iframe[title="World player"]')).toBeVisible();
    await expect.poll(() => errors.some((e) => /frame-ancestors/.test(e)), { timeout: 10_000 }).toBe(true);

    const child = page.frames().find((f) => f !== page.mainFrame());
    expect(child).toBeDefined();
    // Chromium replaces the refused document with its error page: the player never loads.
    expect(child?.url() ?? "").not.toContain("/embed/w/");
    expect(await child?.locator("#pw").count()).toBe(0);
    await page.screenshot({ path: `${ART}/embed-refused.png` });

    // No session started there.
    await page.waitForTimeout(1_500);
    expect((await counts()).sessionCount).toBe(before.sessionCount);
    // The CSP refusal is the only console error.
    expect(errors.filter((e) => !/frame-ancestors/.test(e))).toEqual([]);
  });

  test("the player without a valid token explains itself", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(`${APP}/embed/w/${worldId}`);
    await expect(page.getByRole("alert")).toContainText("No session token");

    await page.goto(`${APP}/embed/w/${worldId}#token=not-a-token`);
    await page.reload();
    await expect(page.getByRole("alert")).toContainText("This session has ended");

    await page.goto(`${APP}/embed/w/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole("alert")).toContainText("World not found");
    await page.screenshot({ path: `${ART}/embed-missing.png` });
    // The refused token's 401 and the unknown world's 404 are logged by the browser; nothing else.
    expect(errors.filter((e) => !/status of (401|404)/.test(e))).toEqual([]);
  });

  test("/play/{slug} plays a public world signed out, its first frame server-rendered", async ({ browser }) => {
    const made = await api.patch(`/v1/worlds/${worldId}`, { headers: live(), data: { visibility: "public" } });
    expect(made.status(), await made.text()).toBe(200);
    const playUrl = (await made.json()).playUrl as string;
    expect(playUrl).toMatch(/\/play\/the-lantern-vault-[a-z0-9]+$/);
    const before = await counts();

    // The first frame is in the HTML: picture, title and prose, before any script runs.
    const raw = await api.get(playUrl);
    expect(raw.status()).toBe(200);
    const html = await raw.text();
    expect(html).toContain("The Lantern Vault");
    expect(html).toContain('alt="The Iron Gate"');
    expect(html).toContain("Mara stands before the iron gate, lantern in hand.");
    expect(html).not.toContain("lantern raised");
    expect(html).not.toContain("eye level");
    expect(raw.headers()["content-security-policy"]).toContain(`frame-ancestors 'self' ${SITE}`);
    expect(raw.headers()["referrer-policy"]).toBe("no-referrer");

    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${playUrl}#hb=1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Lantern Vault");
    await expect(page.getByRole("button", { name: "Open the gate" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByName("pw:ready").length)).toBe(1);
    const times = await firstFrameTimes(page);
    test.info().annotations.push({ type: "play first frame (server-rendered)", description: `LCP ${times.lcp?.toFixed(0)} ms` });
    console.log(`play first frame: LCP ${times.lcp?.toFixed(0)} ms`);
    expect(times.lcp).not.toBeNull();
    expect(times.lcp as number).toBeLessThan(1000);
    await page.screenshot({ path: `${ART}/embed-play.png` });

    await page.keyboard.press("1");
    await expect(stateOf(page)).toHaveAttribute("data-state", "hall");
    await page.getByRole("button", { name: "Descend" }).click();
    await page.keyboard.press("4");
    await expect(page.locator(".pw-ending").getByRole("heading", { name: "Darkness" })).toBeVisible();
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${ART}/embed-play-ending.png` });
    await page.keyboard.press("r");
    await expect(stateOf(page)).toHaveAttribute("data-state", "gate");

    // Reduced motion: no crossfades.
    // Wait for the restart's crossfade to settle: until then the old layer may be removed
    // between finding it and reading its style (a detached element has no computed style).
    await expect(page.locator(".pw-stage .pw-layer")).toHaveCount(1);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect
      .poll(() => page.locator(".pw-stage .pw-layer.on").evaluate((el) => getComputedStyle(el).transitionDuration))
      .toMatch(/^0s/);
    await page.emulateMedia({ reducedMotion: "no-preference" });

    // A small 16:9 frame and a phone still read well.
    await page.setViewportSize({ width: 640, height: 360 });
    await page.getByRole("button", { name: "Open the gate" }).click();
    await page.keyboard.press("2");
    await expect(stateOf(page)).toHaveAttribute("data-state", "vault");
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${ART}/embed-play-640x360.png` });
    await page.setViewportSize({ width: 390, height: 780 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${ART}/embed-play-phone.png` });

    // The anonymous session is counted too.
    await expect.poll(async () => (await counts()).sessionCount, { timeout: 10_000 }).toBe(before.sessionCount + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("an unknown slug is a 404 page", async () => {
    const res = await api.get("/play/no-such-world-000000");
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain("World not found");
  });
});

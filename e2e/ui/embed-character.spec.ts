import type { Server } from "node:http";
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from "@playwright/test";
import { APP, bootstrap, collectConsoleErrors, partnerSite, type Boot } from "../fixtures/partner";
import { portrait } from "../fixtures/pictures";

// Acceptance of the character embed page: a partner site on a second local origin mints a
// session token for a (test-mode) character with its secret key and frames /embed/c/{id}; a
// person talks to the character by keyboard only, the replies come in order, the stance picture
// and label follow the turns, an action shows as a line, a line can be spoken, and no console
// error appears. Test-mode turns are canned and deterministic, so the stances are known.

// Its own port: embed.spec.ts's partner sites use E2E_EMBED_PORT and the next one, in parallel.
const SITE_PORT = Number(process.env.E2E_EMBED_CHARACTER_PORT ?? 3350);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const ART = "e2e/artifacts";

const NEUTRAL_IMG = portrait("#6b7fa8", "#141a2b", "#2a3350");
const WARM_IMG = portrait("#f3b27a", "#3b1d12", "#5a2f1f");
const GUARDED_IMG = portrait("#5f8f86", "#0f1f1c", "#1d3732");

const WREN = {
  name: "Wren",
  persona: "You are Wren, keeper of the harbour light. Dry, kind, a little shy.",
  lore: "The harbour light was built in 1887.",
  greeting: "Mind the stairs. Who sent you?",
  intro: { kicker: "Meet", title: "Wren", hint: "Say hello to Wren" },
};

// Canned test-mode turns (lib/ai/chat.ts mockChat) with the default stances: from neutral,
// "Good evening!" moves to warm; from warm, "Let's go to the harbour." moves to guarded and asks
// to change location.
const FIRST = { text: "Good evening!", stance: "warm", label: "Warm", reply: "Hello! This is a canned test-mode reply." };
const SECOND = {
  text: "Let's go to the harbour.",
  stance: "guarded",
  label: "Guarded",
  reply: "That reminds me of something. (mock reply)",
};

const root = (chat: FrameLocator | Page) => chat.locator("#pc");

test.describe.configure({ mode: "serial" });

test.describe("character embed page", () => {
  let boot: Boot;
  let characterId: string;
  let api: APIRequestContext;
  let server: Server | undefined;

  const testKey = () => ({ authorization: `Bearer ${boot.keys.sk_test}` });

  test.beforeAll(async ({ playwright }) => {
    api = await playwright.request.newContext({ baseURL: APP });
    boot = bootstrap(`embed-character-${Date.now()}@example.test`);
    const patched = await api.patch(`/v1/apps/${boot.appId}`, {
      headers: { authorization: `Bearer ${boot.userToken}` },
      data: { embedOrigins: [SITE] },
    });
    expect(patched.status(), await patched.text()).toBe(200);

    // A test character with the default stances, then its stance graph re-imported with a
    // picture for three of them (the others keep the gradient placeholder).
    const drafted = await api.post("/v1/characters", { headers: testKey(), data: WREN });
    expect(drafted.status(), await drafted.text()).toBe(201);
    const { world } = await (await api.get(`/v1/characters/${(await drafted.json()).id}`, { headers: testKey() })).json();
    world.scene.states.neutral.image = { src: NEUTRAL_IMG, label: "Neutral" };
    world.scene.states.warm.image = { src: WARM_IMG, label: "Warm" };
    world.scene.states.guarded.image = { src: GUARDED_IMG, label: "Guarded" };
    // The drafted character's own (mock) pictures of the other three are dropped: they show the placeholder.
    for (const stance of ["amused", "curious", "downcast"]) delete world.scene.states[stance].image;
    const imported = await api.post("/v1/characters", { headers: testKey(), data: { world } });
    expect(imported.status(), await imported.text()).toBe(201);
    characterId = (await imported.json()).id;

    server = await partnerSite(SITE_PORT, {
      target: { characterId },
      secretKey: boot.keys.sk_test,
      title: "Talk to Wren",
      userRef: "partner-reader-1",
      allow: "autoplay",
    });
  });

  test.afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await api.dispose();
  });

  test("the page's headers and its script", async () => {
    const res = await api.get(`/embed/c/${characterId}`);
    expect(res.status()).toBe(200);
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(csp).toContain(`frame-ancestors 'self' ${SITE}`);
    expect(csp).toContain("media-src blob:");
    expect(res.headers()["referrer-policy"]).toBe("no-referrer");
    const html = await res.text();
    expect(html).not.toContain("Wren"); // a private (test) character
    expect(html).toContain('src="/embed/character.js"');
    const script = await api.get("/embed/character.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toMatch(/javascript/);
  });

  test("a partner site frames the character; a person talks to it by keyboard and the stance follows", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(`${SITE}/`);
    const chat = page.frameLocator('iframe[title="Talk to Wren"]');
    await expect(chat.getByRole("heading", { level: 1 })).toHaveText("Wren");
    await expect(chat.locator(".pw-badge")).toBeVisible(); // a test-mode session
    const log = chat.getByRole("log", { name: "Messages" });
    await expect(log.locator(".pc-line")).toHaveCount(1);
    await expect(log.locator(".pc-character .pc-text")).toHaveText(WREN.greeting);
    await expect(root(chat)).toHaveAttribute("data-stance", "neutral");
    await expect(chat.locator(".pc-stance .pw-kicker")).toHaveText("Neutral");
    await expect(chat.locator(".pc-expr")).toHaveText("a relaxed, attentive face");
    await expect(chat.locator(".pw-stage .pw-layer.on")).toHaveAttribute("src", NEUTRAL_IMG);
    await expect(chat.locator(".pw-stage .pw-layer.on")).toHaveAttribute("alt", "Wren, neutral");

    const input = chat.getByRole("textbox", { name: "Your message to Wren" });
    const send = chat.getByRole("button", { name: "Send" });
    await expect(input).toHaveAttribute("placeholder", "Say hello to Wren");
    await expect(send).toBeDisabled(); // nothing typed yet

    // Keyboard only: Tab from the partner's page into the frame, past the log and the greeting's
    // speak button, to the input; type; Enter sends.
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    const stops: string[] = [];
    for (let i = 0; i < 6 && !(await input.evaluate((el) => el === document.activeElement && document.hasFocus())); i++) {
      await page.keyboard.press("Tab");
      stops.push(await chat.locator(":root").evaluate(() => document.activeElement?.className ?? ""));
    }
    await expect(input).toBeFocused();
    expect(stops.slice(-3)).toEqual(["pc-log", "pc-speak", "pc-input"]);

    const firstTurn = page.waitForResponse((r) => r.url().endsWith(`/v1/characters/${characterId}/say`));
    await page.keyboard.type(FIRST.text);
    await page.keyboard.press("Enter");
    const first = await (await firstTurn).json();
    expect(first).toMatchObject({ reply: FIRST.reply, stance: FIRST.stance, mock: true });
    await expect(log.locator(".pc-line:not(.pc-typing)")).toHaveCount(3);
    await expect(log.locator(".pc-line").nth(1)).toHaveClass(/pc-user/);
    await expect(log.locator(".pc-line").nth(1).locator(".pc-text")).toHaveText(FIRST.text);
    await expect(log.locator(".pc-line").nth(2).locator(".pc-text")).toHaveText(FIRST.reply);
    await expect(log.locator(".pc-line").nth(2).locator(".pc-mood")).toHaveText(FIRST.label);
    await expect(input).toHaveValue("");
    await expect(input).toBeFocused();
    await expect(root(chat)).toHaveAttribute("data-stance", FIRST.stance);
    await expect(chat.locator(".pc-stance .pw-kicker")).toHaveText(FIRST.label);
    await expect(chat.locator(".pc-expr")).toHaveText("a warm, open smile");
    await expect(chat.locator(".pw-stage .pw-layer.on")).toHaveAttribute("src", WARM_IMG);
    await expect(chat.locator(".pw-stage .pw-layer")).toHaveCount(1); // the crossfade has finished
    await page.screenshot({ path: `${ART}/embed-character-first-turn.png` });

    // The second turn sends what the first left: the stance, the mood and the history.
    const secondRequest = page.waitForRequest((r) => r.url().endsWith(`/v1/characters/${characterId}/say`) && r.method() === "POST");
    const secondTurn = page.waitForResponse((r) => r.url().endsWith(`/v1/characters/${characterId}/say`));
    await page.keyboard.type(SECOND.text);
    await page.keyboard.press("Enter");
    const sent = (await secondRequest).postDataJSON();
    expect(sent).toEqual({
      text: SECOND.text,
      currentStance: FIRST.stance,
      affect: first.affect,
      history: [
        { role: "character", text: WREN.greeting },
        { role: "user", text: FIRST.text },
        { role: "character", text: FIRST.reply },
      ],
    });
    expect(await (await secondTurn).json()).toMatchObject({
      reply: SECOND.reply,
      stance: SECOND.stance,
      action: { type: "change_location", location: "harbour" },
    });
    await expect(log.locator(".pc-line:not(.pc-typing)")).toHaveCount(6);
    await expect(log.locator(".pc-text")).toHaveText([WREN.greeting, FIRST.text, FIRST.reply, SECOND.text, SECOND.reply]);
    await expect(log.locator(".pc-system")).toHaveText("Wren takes you to: harbour");
    await expect(root(chat)).toHaveAttribute("data-stance", SECOND.stance);
    await expect(chat.locator(".pc-stance .pw-kicker")).toHaveText(SECOND.label);
    await expect(chat.locator(".pw-stage .pw-layer.on")).toHaveAttribute("src", GUARDED_IMG);
    await expect(chat.locator(".pw-stage .pw-layer")).toHaveCount(1);

    // Speak the last reply: Shift+Tab from the input reaches its speak button; Enter presses it.
    const speech = page.waitForResponse((r) => r.url().endsWith("/v1/tts"));
    await page.keyboard.press("Shift+Tab");
    const speak = log.locator(".pc-line").nth(4).getByRole("button", { name: "Speak this line aloud" });
    await expect(speak).toBeFocused();
    await page.keyboard.press("Enter");
    const spoken = await speech;
    expect(spoken.status()).toBe(200);
    expect(await spoken.json()).toMatchObject({ mimeType: "audio/wav", mock: true });
    await expect(chat.locator(".pc-error")).toBeHidden();
    await page.screenshot({ path: `${ART}/embed-character-conversation.png` });
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => chat.locator(".pc-chat").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(18, 16, 27)");
    await page.screenshot({ path: `${ART}/embed-character-conversation-dark.png` });

    // Heartbeats (every second here) started the session once.
    await expect
      .poll(async () => (await (await api.get(`/v1/characters/${characterId}`, { headers: testKey() })).json()).sessionCount)
      .toBe(1);
    expect(errors).toEqual([]);
  });

  test("a failed turn keeps the typed text for a retry; an ended session says so", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto(`${SITE}/`);
    const chat = page.frameLocator('iframe[title="Talk to Wren"]');
    const input = chat.getByRole("textbox", { name: "Your message to Wren" });
    await expect(input).toBeEnabled();

    // The network drops the turn: the text comes back, with a way to try again.
    await page.route(`**/v1/characters/${characterId}/say`, (route) => route.abort("internetdisconnected"));
    await input.fill(FIRST.text);
    await input.press("Enter");
    const alert = chat.locator(".pc-error");
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(alert).toContainText("Wren could not be reached. Check your connection and try again.");
    await expect(input).toHaveValue(FIRST.text);
    await expect(chat.locator(".pc-log .pc-user")).toHaveCount(0);
    await page.unroute(`**/v1/characters/${characterId}/say`);
    await chat.getByRole("button", { name: "Try again" }).press("Enter");
    await expect(chat.locator(".pc-log .pc-text").nth(2)).toHaveText(FIRST.reply);
    await expect(alert).toBeHidden();
    await expect(input).toHaveValue("");

    // The token has run out (401): the session is over and the page says to reload.
    await page.route(`**/v1/characters/${characterId}/say`, (route) =>
      route.fulfill({
        status: 401,
        contentType: "application/json",
        body: JSON.stringify({ detail: "The session token has expired.", code: "unauthorized", schemaVersion: "1.0" }),
      }),
    );
    await input.fill(SECOND.text);
    await input.press("Enter");
    await expect(alert).toContainText("This session has ended; reload the page.");
    await expect(input).toBeDisabled();
    await expect(input).toHaveValue(SECOND.text);
    await expect(chat.getByRole("button", { name: "Try again" })).toBeHidden();
    await page.screenshot({ path: `${ART}/embed-character-ended.png` });
    // The browser logs the refused request's status; nothing else.
    expect(errors.filter((e) => !/status of 401|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  });

  test("a phone-sized frame, light scheme and reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 780 }, colorScheme: "light", reducedMotion: "reduce" });
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    const token = (await (await api.post("/v1/sessions/token", { headers: testKey(), data: { characterId } })).json()).token as string;
    await page.goto(`${APP}/embed/c/${characterId}#token=${encodeURIComponent(token)}`);
    const input = page.getByRole("textbox", { name: "Your message to Wren" });
    await input.fill(FIRST.text);
    await input.press("Enter");
    await expect(page.locator("#pc")).toHaveAttribute("data-stance", FIRST.stance);
    await expect(page.locator(".pw-stage .pw-layer")).toHaveCount(1);
    await expect(page.locator(".pw-stage .pw-layer.on")).toHaveAttribute("src", WARM_IMG);
    expect(await page.locator(".pc-chat").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(251, 250, 255)");
    expect(
      await page
        .locator(".pc-line")
        .last()
        .evaluate((el) => getComputedStyle(el).animationDuration),
    ).toMatch(/^0s/);
    // From warm, "Hello there!" moves to amused, a stance without a picture: the gradient placeholder.
    await input.fill("Hello there!");
    await input.press("Enter");
    await expect(page.locator("#pc")).toHaveAttribute("data-stance", "amused");
    await expect(page.locator(".pc-stance .pw-kicker")).toHaveText("Amused");
    await expect(page.locator(".pw-stage .pw-layer")).toHaveCount(1);
    await expect(page.locator(".pw-stage .pw-layer.pw-ph.on")).toHaveCount(1);
    await page.screenshot({ path: `${ART}/embed-character-phone-light.png` });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("without a token, or for an unknown character, the page explains itself", async ({ page }) => {
    await page.goto(`${APP}/embed/c/${characterId}`);
    await expect(page.getByRole("alert")).toContainText("No session token");
    const res = await page.goto(`${APP}/embed/c/00000000-0000-4000-8000-000000000000`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("Character not found");
  });
});

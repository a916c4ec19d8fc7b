import { readFileSync } from "node:fs";
import { asApp, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

/**
 * Issue 27 item 3 in the browser: a live character created through the API (the local painter,
 * no picture given) has a painted picture for every stance; the Studio's character page shows
 * them, one per stance; the embed shows the entrance stance's picture and switches to the next
 * stance's own picture when an insult moves the character. Screenshots (SHOTS_DIR, else
 * e2e/artifacts): the Studio's stances, the embed before and after the insult, and the two side by side.
 */

const SHOTS = process.env.SHOTS_DIR ?? "e2e/artifacts";

const MAREN = {
  name: "Maren Holt",
  persona: "You are Maren Holt, the old keeper of the Gull Rock light. Dry, watchful, kind underneath.",
  lore: "The Gull Rock light was built in 1887. Maren has kept it for forty years. Her brother Tobias drowned in 1979.",
  greeting: "Evening. Mind the wet steps.",
  subject: "Maren Holt, an old lighthouse keeper in a wool coat",
  scene: "the lamp room of a lighthouse at night",
  free: true,
  stances: [
    { id: "calm", label: "Calm", mood: "calm, watchful", expression: "a weathered, steady face" },
    { id: "warm", label: "Warm", mood: "warm, fond", expression: "a slow smile" },
    { id: "stern", label: "Stern", mood: "stern, offended", expression: "jaw set, eyes narrowed" },
    { id: "worried", label: "Worried", mood: "worried, afraid", expression: "eyes wide, shoulders raised" },
    { id: "curious", label: "Curious", mood: "curious", expression: "head tilted, eyebrows raised" },
  ],
  intro: { kicker: "Meet", title: "Maren Holt", hint: "Ask Maren about the light" },
};

test.describe("stance pictures", () => {
  test("every stance is painted; the Studio shows each, the embed shows the current one and switches it after an insult", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await signUp(page, newAccount("pictures"));
    const appId = await firstAppId(page);
    const live = asApp(page.request, appId);

    const created = await live.post("/v1/characters", MAREN);
    expect(created.status(), await created.text()).toBe(201);
    const id: string = (await created.json()).id;
    const { world } = await (await live.get(`/v1/characters/${id}`)).json();
    const pictures: Record<string, string> = Object.fromEntries(
      MAREN.stances.map((s) => [s.id, world.scene.states[s.id].image.src as string]),
    );
    expect(new Set(Object.values(pictures)).size).toBe(MAREN.stances.length);
    for (const src of Object.values(pictures)) expect(src).toMatch(/\/assets\/[0-9a-f]{64}\.png$/);

    // The Studio: one picture per stance, none a placeholder.
    await page.goto(`/characters/${id}`);
    const gallery = page.getByRole("list", { name: "Stances" });
    for (const stance of MAREN.stances) {
      const card = gallery.locator(`[data-stance-id="${stance.id}"]`);
      await expect(card.getByRole("img", { name: `Maren Holt, ${stance.label.toLowerCase()}` })).toHaveAttribute(
        "src",
        pictures[stance.id]!,
      );
    }
    await expect(gallery.getByRole("img", { name: /no picture yet/ })).toHaveCount(0);
    await expect
      .poll(() =>
        gallery
          .locator("img")
          .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    await gallery.scrollIntoViewIfNeeded();
    await gallery.screenshot({ path: `${SHOTS}/character-pictures-studio.png` });

    // The embed, as a player sees it.
    const minted = await live.post("/v1/sessions/token", { characterId: id, userRef: "pictures-player" });
    expect(minted.status(), await minted.text()).toBe(200);
    const { token } = await minted.json();
    const context = await browser.newContext({ viewport: { width: 1100, height: 640 } });
    const player = await context.newPage();
    await player.goto(`/embed/c/${id}#token=${encodeURIComponent(token)}`);
    const root = player.locator("#pc");
    const shown = player.locator(".pw-stage .pw-layer.on");
    await expect(root).toHaveAttribute("data-stance", "calm");
    await expect(shown).toHaveAttribute("src", pictures.calm!);
    await expect
      .poll(() => shown.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth))
      .toBe(1280);
    const before = `${SHOTS}/character-pictures-embed-calm.png`;
    await player.screenshot({ path: before });

    const input = player.getByRole("textbox", { name: "Your message to Maren Holt" });
    await input.fill("You're a useless old crone.");
    await input.press("Enter");
    await expect(root).not.toHaveAttribute("data-stance", "calm", { timeout: 20_000 });
    const moved = (await root.getAttribute("data-stance"))!;
    // An insult moves her to a stance of a hurt or offended mood, and its own picture is shown.
    expect(["stern", "worried"]).toContain(moved);
    await expect(player.locator(".pc-stance .pw-kicker")).toHaveText(MAREN.stances.find((s) => s.id === moved)!.label);
    await expect(player.locator(".pw-stage .pw-layer.on")).toHaveAttribute("src", pictures[moved]!);
    await expect
      .poll(() =>
        player
          .locator(".pw-stage .pw-layer.on")
          .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1280);
    await expect(player.locator(".pw-stage .pw-layer")).toHaveCount(1);
    const after = `${SHOTS}/character-pictures-embed-${moved}.png`;
    await player.screenshot({ path: after });
    await context.close();

    // The two side by side, for review.
    const uri = (file: string) => `data:image/png;base64,${readFileSync(file).toString("base64")}`;
    const sheet = await browser.newPage({ viewport: { width: 1400, height: 460 } });
    await sheet.setContent(
      `<body style="margin:0;display:flex;gap:8px;padding:8px;background:#222;font:14px system-ui;color:#eee">` +
        `<figure style="margin:0"><img src="${uri(before)}" style="width:684px"><figcaption>calm (entrance)</figcaption></figure>` +
        `<figure style="margin:0"><img src="${uri(after)}" style="width:684px"><figcaption>${moved}, after "You're a useless old crone."</figcaption></figure></body>`,
    );
    await sheet.screenshot({ path: `${SHOTS}/character-pictures-side-by-side.png`, fullPage: true });
    await sheet.close();
    expect(consoleErrors).toEqual([]);
  });
});

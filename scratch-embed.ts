import fs from "node:fs"; import os from "node:os"; import path from "node:path";
import { chromium } from "@playwright/test";
import { cli, startNext } from "./bench/support";
import { CAST } from "./lib/ai/brain/sample-cast";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "brain-embed-"));
const server = await startNext({ DATA_DIR: dir }, 3204);
const browser = await chromium.launch();
try {
  const boot = await cli<{ appId: string; keys: { sk_live: string } }>(server.env, ["bootstrap", "--email", `e-${Date.now()}@example.com`]);
  const key = { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" };
  const post = async (p: string, body: unknown, headers: Record<string, string>) => (await (await fetch(server.url + p, { method: "POST", headers, body: JSON.stringify(body) })).json()) as any;
  const { name, persona, lore, greeting, examples, stances } = CAST[0]!.character;
  const c = await post("/v1/characters", { name, persona, lore, greeting, examples, stances }, key);
  for (const round of [1, 2]) {
    const tok = await post("/v1/sessions/token", { characterId: c.id, userRef: `player-${round}` }, key);
    const page = await browser.newPage();
    const timings: Record<string, number> = {};
    page.on("request", (r) => { if (r.url().includes("/say")) timings.sent = performance.now(); });
    page.on("response", (r) => { if (r.url().includes("/say")) timings.answered = performance.now(); });
    const t0 = performance.now();
    await page.goto(`${server.url}/embed/c/${c.id}#token=${encodeURIComponent(tok.token)}`);
    const input = page.getByRole("textbox");
    await input.waitFor();
    await page.locator(".pc-line").first().waitFor();
    const booted = performance.now() - t0;
    for (const text of ["Good evening. Are you the keeper?", "What does the lamp burn?", "You're a useless old crone.", "I'll row out tonight to find the bell."]) {
      const before = await page.locator(".pc-line:not(.pc-typing)").count();
      await input.fill(text);
      const t1 = performance.now();
      await input.press("Enter");
      await page.locator(".pc-line:not(.pc-typing)").nth(before + 1).waitFor();
      const shown = performance.now() - t1;
      console.log(`round ${round} (boot ${booted.toFixed(0)} ms): "${text}" → shown after ${shown.toFixed(0)} ms; request on the wire ${(timings.answered! - timings.sent!).toFixed(0)} ms; Enter→sent ${(timings.sent! - t1).toFixed(0)} ms`);
    }
    await page.screenshot({ path: `/tmp/bt/embed-${round}.png` });
    await page.close();
  }
} finally { await browser.close(); await server.stop(); fs.rmSync(dir, { recursive: true, force: true }); }

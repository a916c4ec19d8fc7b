import type { APIRequestContext, Page } from "@playwright/test";
import { canvasName, type World } from "../../lib/kernel";
import { asApp, expect, firstAppId, generateWorld, newAccount, signUp, test } from "../fixtures/studio";

// Issue 31, point 1: the Ask bar understands the names the canvas shows. A world the local
// provider generates names its states by their frames' captions ("Harbour"), its ids carry an
// author's prefix ("s2-harbour"); the bar's examples are written in the canvas's names and work
// as shown, an instruction in those names previews, and one it cannot read gets one sentence
// that quotes it, with two examples that would work.

const SHOTS = "/work/shots/studio";
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: "disabled" });
};

test("the Ask bar reads the canvas's names, offers examples that work, and says what it could not read", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  await signUp(page, newAccount("askbar"));
  const appId = await firstAppId(page);
  const api = asApp(page.request as APIRequestContext, appId);
  const worldId = await generateWorld(api, "A storm drowns the old harbour station and a keeper must save the lamp");
  const world = (await (await api.get(`/v1/worlds/${worldId}`)).json()).world as World;
  // A state the canvas names differently from its id, not the entrance.
  const [stateId, state] = Object.entries(world.scene.states).find(
    ([id, s]) => id !== world.entrance.state && canvasName(s, world) !== id && !s.ending.isEnding,
  )!;
  const shown = canvasName(state, world);
  expect(shown).not.toBe(stateId);

  await page.goto(`/worlds/${worldId}`);
  await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`.react-flow__node[data-id="${stateId}"]`)).toContainText(shown);

  // The examples under the bar are written in this world's names, never its ids.
  const examples = page.getByTestId("ask-examples").getByRole("button");
  await expect(examples).toHaveCount(3);
  for (const text of await examples.allTextContents()) expect(text).not.toMatch(/'(?:s|end)\d+-/);
  await shot(page, "ask-bar-examples");

  // Next's route announcer is an empty alert: the Ask bar's are the ones with words.
  const alerts = page.getByRole("alert").filter({ hasText: /\S/ });
  // Each example, put in the bar by a click, previews a change.
  const ask = page.getByRole("textbox", { name: "Ask for a change in plain words" });
  const preview = page.getByRole("region", { name: "Proposed change" });
  for (let i = 0; i < 3; i++) {
    await examples.nth(i).click();
    await expect(ask).not.toHaveValue("");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(preview).toBeVisible();
    await expect(alerts).toHaveCount(0);
    await preview.getByRole("button", { name: "Discard" }).click();
    await expect(preview).toBeHidden();
  }

  // An instruction in the canvas's name, with its case and punctuation off, previews; the summary names it as the canvas does.
  await ask.fill(`make "${shown.toUpperCase()}!" a winning ending`);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(preview).toBeVisible();
  await expect(preview).toContainText(`Make "${shown}" a winning ending.`);
  await shot(page, "ask-bar-canvas-name-preview");
  await preview.getByRole("button", { name: "Apply" }).click();
  await expect(preview).toBeHidden();
  await expect
    .poll(async () => (await (await api.get(`/v1/worlds/${worldId}`)).json()).world.scene.states[stateId].ending.isEnding)
    .toBe(true);

  // A near miss is offered the closest name the canvas shows.
  await ask.fill(`remove the ${shown.slice(0, -1)}x`);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(alerts).toContainText(`did you mean "${shown}"?`);

  // What it cannot read: one sentence quoting it, and two examples that would work.
  await ask.fill("make the storm worse in the harbour");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const alert = alerts;
  await expect(alert).toContainText('Could not read "make the storm worse in the harbour"');
  const detail = (await alert.locator("p").first().textContent())!;
  const offered = [...detail.matchAll(/try "([^"]+)" or "([^"]+)"/g)].flatMap((m) => [m[1]!, m[2]!]);
  expect(offered).toHaveLength(2);
  await shot(page, "ask-bar-not-understood");
  await ask.fill(offered[1]!);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(preview).toBeVisible();
  // The two refusals above are 422s the browser logs as failed loads; nothing else may be.
  expect(consoleErrors.filter((e) => !/status of 422 .*\/edit\)$/.test(e))).toEqual([]);
});

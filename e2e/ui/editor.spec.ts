import type { APIRequestContext, Page } from "@playwright/test";
import { expect, newAccount, signUp, test } from "../fixtures/studio";

/**
 * The world editor (issue 6, point 2) in Debian's Chromium against the built app: editing
 * through the inspector and the canvas, live lints, undo/redo, keyboard-only use, the 412 and
 * 422 paths, and screenshots (light and dark) saved to e2e/artifacts/editor-*.png.
 */

const ARTIFACTS = "e2e/artifacts";

// ---- a 40-state story world, the kind a creator builds: chapters that branch and rejoin ------

function frame(hue: number, seed: number): string {
  const sun = 50 + ((seed * 47) % 220);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,70%)"/><stop offset="1" stop-color="hsl(${hue + 35},70%,88%)"/></linearGradient></defs>` +
    `<rect width="320" height="180" fill="url(#g)"/><circle cx="${sun}" cy="62" r="20" fill="hsl(${hue + 50},95%,90%)"/>` +
    `<path d="M0 122 Q70 86 150 112 T320 100 V180 H0Z" fill="hsl(${hue + 170},28%,38%)" opacity=".6"/>` +
    `<path d="M0 148 Q110 118 210 142 T320 136 V180 H0Z" fill="hsl(${hue + 190},32%,20%)" opacity=".85"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const CHAPTERS = ["harbor", "market", "cliff-path", "lighthouse-door", "spiral-stairs", "lamp-room", "gallery", "storm"];
const BRANCHES = [
  ["nets", "tavern", "pier"],
  ["stalls", "well", "chapel"],
  ["ledge", "cave", "bridge"],
  ["lock", "hall", "porch"],
  ["landing", "window", "alcove"],
  ["lens", "gears", "oil"],
  ["rail", "gulls", "ropes"],
  ["shelter", "wreck", "signal"],
];

interface Ev {
  from: string;
  to?: string;
  name: string;
  base: string;
  detail: string;
  hotkey: string;
}

function storyWorld(name = "The Lighthouse Keeper") {
  const states: Record<string, Record<string, unknown>> = {};
  const events: Ev[] = [];
  let n = 0;
  const state = (id: string, base: string, ending?: { outcome: "good" | "bad" | "neutral"; title: string; text: string }) => {
    const i = n++;
    states[id] = {
      id,
      base,
      camera: { static: "wide, low angle toward the sea", dynamic: "slow push in along the path" },
      movement: { static: "{hero} stands with the lantern raised", dynamic: "{hero} walks into the wind" },
      ambient: ["gulls far off", "waves against the rocks"],
      ending: ending ? { isEnding: true, ...ending } : { isEnding: false },
      variants: i % 6 === 0 ? [{ id: "night", label: "At night", base: `${base} The lamps are lit.`, weight: 1 }] : [],
      ...(i % 3 === 0 ? { image: { src: frame((i * 37) % 360, i), label: id } } : {}),
    };
  };
  const go = (from: string, to: string | undefined, label: string, hotkey: string) =>
    events.push({
      from,
      ...(to !== undefined ? { to } : {}),
      name: label,
      base: `{hero} chooses to ${label.toLowerCase()}.`,
      detail: `${label}, slowly.`,
      hotkey,
    });

  CHAPTERS.forEach((c, ci) => {
    state(c, `{hero} reaches the ${c.replace("-", " ")}. Salt hangs in the air and the light turns over the water.`);
    for (const b of BRANCHES[ci]!) state(`${c}-${b}`, `By the ${b}, {hero} finds traces of the old keeper: a glove, a note, a worn step.`);
  });
  state("cellar", "A low cellar under the market, lined with barrels of lamp oil.");
  state("keeper-room", "The keeper's room: a cot, a stove, a logbook open at the last storm.");
  state("logbook", "The logbook's last page names the ship that never came home.");
  state("attic", "Under the gallery roof, charts of the coast are pinned to the beams.");
  state("ending-light", "The lamp burns again and the ships turn home.", {
    outcome: "good",
    title: "The light returns",
    text: "Every ship on the coast sees the beam tonight.",
  });
  state("ending-home", "{hero} walks back down to the harbor at first light.", {
    outcome: "good",
    title: "Home by morning",
    text: "The storm passes; the village wakes to calm water.",
  });
  state("ending-sea", "The tide takes the pier and {hero} watches from the cliff.", {
    outcome: "neutral",
    title: "The sea keeps it",
    text: "Some lights are not meant to be relit.",
  });
  state("ending-dark", "The lamp gutters out as the storm breaks the glass.", {
    outcome: "bad",
    title: "Darkness",
    text: "Out on the water, a ship goes silent.",
  });

  CHAPTERS.forEach((c, ci) => {
    const branches = BRANCHES[ci]!;
    branches.forEach((b, k) => go(c, `${c}-${b}`, `Go to the ${b}`, String(k + 1)));
    go(c, undefined, "Look around", "q");
    const next = CHAPTERS[ci + 1];
    branches.forEach((b, k) => {
      if (next) go(`${c}-${b}`, next, "Press on", "1");
      else go(`${c}-${b}`, ["ending-home", "ending-dark", "ending-sea"][k], "Face the storm", "1");
    });
    if (next) go(`${c}-${branches[2]}`, `${next}-${BRANCHES[ci + 1]![0]}`, "Slip through", "2");
  });
  go("market", "cellar", "Down to the cellar", "4");
  go("cellar", "cliff-path", "Climb out", "1");
  go("spiral-stairs", "keeper-room", "Open the side door", "4");
  go("keeper-room", "lamp-room", "Back to the stairs", "1");
  go("keeper-room", "logbook", "Read the logbook", "2");
  go("logbook", "ending-light", "Light the signal", "1");
  go("gallery", "attic", "Up the ladder", "4");
  go("attic", "storm", "Out into the storm", "1");
  go("lamp-room", undefined, "Listen", "e");

  return {
    id: "lighthouse",
    name,
    description: "A keeper climbs a dark lighthouse to relight the lamp before the storm.",
    cover: frame(210, 3),
    subject: "{hero} in an oilskin coat",
    entrance: { image: { src: frame(200, 1), label: "The harbor at dawn" }, state: "harbor" },
    scene: { states, events },
    slots: { hero: "the keeper" },
  };
}

// ---- helpers -------------------------------------------------------------------------------

async function firstAppId(request: APIRequestContext): Promise<string> {
  const res = await request.get("/v1/apps");
  expect(res.status()).toBe(200);
  return (await res.json()).apps[0].id as string;
}

/** Creates a live world with the user's session acting for the app (X-App-Id), as the Studio does. */
async function createWorld(request: APIRequestContext, appId: string, world: unknown): Promise<string> {
  const res = await request.post("/v1/worlds", { headers: { "x-app-id": appId, "x-app-mode": "live" }, data: { world } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).worldId as string;
}

async function getWorld(request: APIRequestContext, appId: string, worldId: string) {
  const res = await request.get(`/v1/worlds/${worldId}`, { headers: { "x-app-id": appId, "x-app-mode": "live" } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function openEditor(page: Page, worldId: string): Promise<void> {
  await page.goto(`/worlds/${worldId}`);
  await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible();
}

const inspector = (page: Page) => page.getByRole("complementary", { name: "Inspector" });
const field = (page: Page, key: string) => inspector(page).locator(`[data-field="${key}"]`);
const problems = (page: Page) => page.getByRole("region", { name: "Problems" });
const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** Goes to a state through the search dialog (keyboard only). */
async function goTo(page: Page, id: string): Promise<void> {
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Go to a state or event" });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(id);
  await expect(dialog.getByRole("option").first()).toContainText(id);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("inspector-title")).toContainText(id); // the canvas's name, then the id
}

async function shoot(page: Page, name: string, scheme: string, target?: Parameters<Page["screenshot"]>[0]) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${ARTIFACTS}/editor-${name}-${scheme}.png`, animations: "disabled", ...target });
}

// ---- tests ---------------------------------------------------------------------------------

test.describe("world editor", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("add a state and a transition, lints appear and clear, undo and redo, keyboard-only add", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("editor"));
    const appId = await firstAppId(page.request);
    const worldId = await createWorld(page.request, appId, storyWorld());
    await openEditor(page, worldId);

    await expect(page.getByRole("heading", { level: 1, name: "The Lighthouse Keeper" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Graph" })).toHaveAttribute("aria-selected", "true");
    await expect(node(page, "harbor")).toContainText("Entrance");
    await expect(problems(page).getByTestId("problems-count-error")).toHaveText("0");
    await expect(problems(page).getByTestId("problems-count-warning")).toHaveText("0");

    // A new state from the toolbar: its lints show in the Problems panel while it is typed.
    await page.getByRole("button", { name: /^State/ }).click();
    await expect(field(page, "id")).toBeFocused();
    await field(page, "id").fill("boathouse");
    await field(page, "base").fill("An old boathouse, its doors swollen shut by the sea.");
    await problems(page).getByRole("button", { name: "Problems" }).click();
    const unreachable = problems(page).getByRole("button", { name: /Nothing leads to “Boathouse”, so players can never get there/ });
    const deadEnd = problems(page).getByRole("button", { name: /“Boathouse” is a dead end/ });
    await expect(unreachable).toBeVisible();
    await expect(deadEnd).toBeVisible();
    await inspector(page)
      .getByRole("button", { name: /Create state/ })
      .click();
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    await expect(node(page, "boathouse")).toBeVisible();
    await expect(unreachable).toBeVisible();

    // Clicking a problem selects its state and the field its loc names.
    await problems(page)
      .getByRole("button", { name: /Camera › Static of “Boathouse” is empty/ })
      .click();
    await expect(field(page, "camera.static")).toBeFocused();
    await field(page, "camera.static").fill("wide shot from the water");
    await field(page, "camera.dynamic").fill("drift along the hull");
    await field(page, "movement.static").fill("{hero} leans on the door");
    await field(page, "movement.dynamic").fill("{hero} forces the door");
    await page.keyboard.press("Control+s");
    await expect(problems(page).getByRole("button", { name: /Camera › Static of “Boathouse” is empty/ })).toBeHidden();

    // A transition into it from the harbor: unreachable clears.
    await page.keyboard.press("Escape");
    await goTo(page, "harbor");
    await inspector(page).getByRole("button", { name: "Add event" }).click();
    await expect(field(page, "name")).toBeFocused();
    await field(page, "to").selectOption("boathouse");
    await field(page, "name").fill("Row to the boathouse");
    await expect(field(page, "hotkey")).toHaveValue("4");
    await field(page, "base").fill("{hero} rows along the seawall.");
    await inspector(page)
      .getByRole("button", { name: /Create event/ })
      .click();
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    await expect(unreachable).toBeHidden();
    await expect(deadEnd).toBeVisible();
    await expect(page.locator(".pw-edge-label", { hasText: "Row to the boathouse" })).toHaveCount(1);

    // Keyboard only: back to the canvas, select the new state, add its way out, save.
    await page.keyboard.press("Escape"); // out of the field
    await goTo(page, "boathouse");
    await page.keyboard.press("e");
    await expect(field(page, "name")).toBeFocused();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("Back to the harbor");
    await page.keyboard.press("Shift+Tab");
    await expect(field(page, "to")).toBeFocused();
    await page.keyboard.type("harbor");
    await expect(field(page, "to")).toHaveValue("harbor");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(field(page, "base")).toBeFocused();
    await page.keyboard.type("{hero} rows back.");
    await page.keyboard.press("Control+Enter");
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    await expect(deadEnd).toBeHidden();
    let stored = await getWorld(page.request, appId, worldId);
    expect(stored.world.scene.events).toContainEqual(
      expect.objectContaining({ from: "boathouse", to: "harbor", name: "Back to the harbor", hotkey: "1" }),
    );

    // Undo and redo over op batches.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+z");
    await expect(page.getByRole("status").filter({ hasText: /Undid: Create event “Back to the harbor”/ })).toBeVisible();
    await expect(deadEnd).toBeVisible();
    stored = await getWorld(page.request, appId, worldId);
    expect(stored.world.scene.events.some((e: { name: string }) => e.name === "Back to the harbor")).toBe(false);
    await page.keyboard.press("Control+Shift+z");
    await expect(page.getByRole("status").filter({ hasText: /Redid: Create event “Back to the harbor”/ })).toBeVisible();
    await expect(deadEnd).toBeHidden();

    // Keyboard-only new state: N, type, save; delete it with Delete and bring it back with undo.
    await page.keyboard.press("n");
    await expect(field(page, "id")).toBeFocused();
    await page.keyboard.type("tide-pool");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Anemones open in a pool left by the tide.");
    await page.keyboard.press("Control+s");
    await expect(node(page, "tide-pool")).toBeVisible();
    await expect(page.getByTestId("inspector-title")).toContainText("tide-pool");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Delete");
    await expect(node(page, "tide-pool")).toBeHidden();
    await page.keyboard.press("Control+z");
    await expect(node(page, "tide-pool")).toBeVisible();

    // Tabs switch from the keyboard.
    await page.keyboard.press("Alt+3");
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Alt+1");
    await expect(page.getByRole("tab", { name: "Graph" })).toHaveAttribute("aria-selected", "true");

    expect(consoleErrors).toEqual([]);
  });

  test("a write behind the editor's back is a 412 banner; a refused batch shows the gate's diagnostics; input is kept", async ({
    page,
    consoleErrors,
  }) => {
    await signUp(page, newAccount("editor-412"));
    const appId = await firstAppId(page.request);
    const worldId = await createWorld(page.request, appId, storyWorld("Conflicts"));
    await openEditor(page, worldId);

    await goTo(page, "market");
    await field(page, "base").fill("The market is empty; only the wind moves the awnings.");

    // Someone else changes the world (a fresh rev) while this edit is open.
    const behind = await page.request.post(`/v1/worlds/${worldId}/ops`, {
      headers: { "x-app-id": appId, "x-app-mode": "live" },
      data: { ops: [{ op: "update_state", id: "harbor", patch: { base: "Changed elsewhere." } }] },
    });
    expect(behind.status()).toBe(200);

    await page.keyboard.press("Control+s");
    const banner = page.getByRole("alert").filter({ hasText: "This world changed elsewhere" });
    await expect(banner).toBeVisible();
    await expect(field(page, "base")).toHaveValue("The market is empty; only the wind moves the awnings.");
    await banner.getByRole("button", { name: "Reload" }).click();
    await expect(banner).toBeHidden();
    await expect(field(page, "base")).toHaveValue("The market is empty; only the wind moves the awnings.");
    await inspector(page).getByRole("button", { name: /^Save/ }).click();
    await expect(inspector(page).getByText("All changes saved")).toBeVisible();
    const stored = await getWorld(page.request, appId, worldId);
    expect(stored.world.scene.states.market.base).toBe("The market is empty; only the wind moves the awnings.");
    expect(stored.world.scene.states.harbor.base).toBe("Changed elsewhere.");

    // A duplicate hotkey is an error lint as it is typed; saving anyway is refused with 422.
    await inspector(page)
      .getByRole("button", { name: /Go to the well/ })
      .click();
    await expect(field(page, "hotkey")).toHaveValue("2");
    await field(page, "hotkey").fill("1");
    await expect(inspector(page).getByText(/Two events of “Market” use the key “1”/)).toBeVisible();
    await expect(problems(page).getByTestId("problems-count-error")).toHaveText("1");
    await inspector(page).getByRole("button", { name: /^Save/ }).click();
    const refused = inspector(page).getByRole("alert").filter({ hasText: "This change did not pass the checks" });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText("E007");
    await expect(field(page, "hotkey")).toHaveValue("1");
    await field(page, "hotkey").fill("5");
    await inspector(page).getByRole("button", { name: /^Save/ }).click();
    await expect(refused).toBeHidden();
    await expect(problems(page).getByTestId("problems-count-error")).toHaveText("0");

    // Chromium logs every 4xx answer as "Failed to load resource"; the 412 and the 422 above are
    // the ones this test provokes. Nothing else may appear.
    const provoked = /status of (412|422) .*\/v1\/worlds\/[0-9a-f-]+\/ops\)$/;
    expect(consoleErrors.filter((e) => !provoked.test(e))).toEqual([]);
    expect(consoleErrors).toHaveLength(2);
  });

  test("an unknown world is a 404 page", async ({ page, consoleErrors }) => {
    await signUp(page, newAccount("editor-404"));
    await page.goto("/worlds/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "World not found" })).toBeVisible();
    expect(consoleErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});

for (const scheme of ["light", "dark"] as const) {
  test.describe(`editor screenshots (${scheme})`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1440, height: 900 } });

    test(`a 40-state world, the inspector and the Problems panel (${scheme})`, async ({ page, consoleErrors }) => {
      await signUp(page, newAccount(`editor-shots-${scheme}`));
      const appId = await firstAppId(page.request);
      const world = storyWorld();
      expect(Object.keys(world.scene.states)).toHaveLength(40);
      const worldId = await createWorld(page.request, appId, world);
      await openEditor(page, worldId);
      await shoot(page, "open", scheme);

      // The whole world: zoomed out, the canvas shows its shape with large state ids.
      await page.keyboard.press("f");
      await expect(page.locator(".pw-canvas[data-far]")).toBeVisible();
      await shoot(page, "overview", scheme);

      // A state selected at a readable zoom: thumbnail, badges, chips, the inspector.
      await goTo(page, "harbor");
      await shoot(page, "state", scheme);

      await page.locator(".pw-edge-label", { hasText: "Go to the pier" }).click();
      await expect(page.getByTestId("inspector-title")).toHaveText("Go to the pier");
      await shoot(page, "transition", scheme);

      // The Problems panel with live lints of a state being drafted.
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await page.keyboard.press("n");
      await page.keyboard.type("driftwood");
      await problems(page).getByRole("button", { name: "Problems" }).click();
      await expect(problems(page).getByRole("button", { name: /Nothing leads to “Driftwood”/ })).toBeVisible();
      await shoot(page, "problems", scheme);
      await shoot(page, "problems-panel", scheme, {
        clip: await problems(page)
          .boundingBox()
          .then((b) => b!),
      });

      await page.keyboard.press("Escape"); // out of the field
      await page.keyboard.press("Escape"); // cancels the state not created yet
      await expect(node(page, "driftwood")).toHaveCount(0);
      await page.keyboard.press("?");
      await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      await shoot(page, "shortcuts", scheme);
      await page.keyboard.press("Escape");

      expect(consoleErrors).toEqual([]);
    });
  });
}

import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import type { World } from "@/lib/kernel";
import { makeCastleWorld, makeChapterWorld, makeLargeWorld } from "@/lib/kernel/fixtures";
import { expect, newAccount, signUp, test } from "../fixtures/studio";

/**
 * A readable graph (issue 18, point 1): worlds of 6, 60 and 500 states laid out in the Studio,
 * checked from the DOM. After the layout no state's box overlaps another state's or any
 * transition label's (nor two labels each other); after "Fit view" every state and label is
 * inside the canvas and clear of the zoom buttons and the minimap; a transition back to an
 * earlier state shows its label. Screenshots go to $SHOTS_DIR (default e2e/artifacts).
 */

const SHOTS = process.env.SHOTS_DIR ?? "e2e/artifacts";

interface Rect {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

// ---- worlds ----------------------------------------------------------------------------------

/** The kernel's gate-clean large world at a size, with names a creator would write (they name their target). */
function sized(states: number, events: number): World {
  const w = makeLargeWorld({ states, events, proseChars: 80 });
  w.name = `${states} states`;
  w.scene.events = w.scene.events.map((e) =>
    e.to === undefined ? e : { ...e, name: `${e.name[0]!.toUpperCase()}${e.name.slice(1)} to ${e.to}` },
  );
  return w;
}

/** The fixtures' pictures point at an unreachable host; a blank picture keeps the console clean. */
const BLANK = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#cbd5e1"/></svg>')}`;
function offline(w: World): World {
  w.cover = BLANK;
  w.entrance.image.src = BLANK;
  if (w.subjectRef) w.subjectRef.imageUrl = BLANK;
  return w;
}

const transitions = (w: World) => w.scene.events.filter((e) => e.to !== undefined).length;

// ---- helpers ---------------------------------------------------------------------------------

async function createWorld(request: APIRequestContext, world: World): Promise<string> {
  const apps = await request.get("/v1/apps");
  expect(apps.status()).toBe(200);
  const appId = (await apps.json()).apps[0].id as string;
  const res = await request.post("/v1/worlds", { headers: { "x-app-id": appId, "x-app-mode": "live" }, data: { world } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).worldId as string;
}

async function openEditor(page: Page, worldId: string): Promise<string> {
  await page.goto(`/worlds/${worldId}`);
  await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 30_000 });
  await page.mouse.move(0, 0); // no label widened by a hover
  // The quick layout is drawn at once; data-ready waits for the one that stays (ELK's, when it reads better).
  expect(
    await page.evaluate(() => String((performance.getEntriesByName("pw-editor-layout")[0] as PerformanceMark | undefined)?.detail)),
  ).toBe("quick");
  return page.evaluate(() =>
    String((performance.getEntriesByName("pw-editor-layout-settled")[0] as PerformanceMark | undefined)?.detail ?? "saved"),
  );
}

/** Waits until the viewport stops moving (a fit animates for 250 ms). */
async function settle(page: Page): Promise<void> {
  let last = "";
  await expect
    .poll(
      async () => {
        const now = await page.locator(".react-flow__viewport").getAttribute("style");
        const same = now === last;
        last = now ?? "";
        return same;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

/** Screen boxes of the states, the labels, the canvas and its overlays. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const rect = (el: Element, id: string) => {
      const b = el.getBoundingClientRect();
      return { id, x: b.left, y: b.top, width: b.width, height: b.height };
    };
    const canvas = document.querySelector(".pw-canvas")!;
    return {
      far: canvas.hasAttribute("data-far"),
      canvas: rect(canvas, "canvas"),
      nodes: [...canvas.querySelectorAll<HTMLElement>(".react-flow__node")].map((el) => rect(el, `state ${el.dataset.id}`)),
      labels: [...canvas.querySelectorAll<HTMLElement>(".pw-edge-label")].map((el) => rect(el, `label ${el.textContent}`)),
      overlays: [".pw-canvas-controls", ".react-flow__minimap"].flatMap((s) => [...canvas.querySelectorAll(s)].map((el) => rect(el, s))),
    };
  });
}

/** The states and labels drawn now, in flow coordinates (screen boxes undone by the viewport's transform). */
async function flowBoxes(page: Page) {
  return page.evaluate(() => {
    const pane = document.querySelector(".pw-canvas .react-flow")!.getBoundingClientRect();
    const m = new DOMMatrixReadOnly(getComputedStyle(document.querySelector(".pw-canvas .react-flow__viewport")!).transform);
    const flow = (el: Element, id: string) => {
      const b = el.getBoundingClientRect();
      return { id, x: (b.left - pane.left - m.e) / m.a, y: (b.top - pane.top - m.f) / m.a, width: b.width / m.a, height: b.height / m.a };
    };
    const canvas = document.querySelector(".pw-canvas")!;
    return {
      far: canvas.hasAttribute("data-far"),
      nodes: [...canvas.querySelectorAll<HTMLElement>(".react-flow__node")].map((el) => flow(el, `state ${el.dataset.id}`)),
      labels: [...canvas.querySelectorAll<HTMLElement>(".pw-edge-label")].map((el) => flow(el, `label ${el.dataset.edge}`)),
    };
  });
}

/** Brings a state into view through the search dialog (the editor centres it at a readable zoom). */
async function reveal(page: Page, id: string): Promise<void> {
  await page.keyboard.press("Escape");
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Go to a state or event" });
  await expect(dialog).toBeVisible();
  await page.keyboard.type(id);
  await expect(dialog.getByRole("option").first()).toContainText(id);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await page.mouse.move(0, 0);
  await settle(page);
}

/** Visits states one by one and collects every state and label drawn on the way, by id, in flow coordinates. */
async function survey(page: Page, ids: string[], all: string[] = ids) {
  const nodes = new Map<string, Rect>();
  const labels = new Map<string, Rect>();
  const visit = async (id: string) => {
    await reveal(page, id);
    const b = await flowBoxes(page);
    expect(b.far).toBe(false);
    for (const n of b.nodes) nodes.set(n.id, n);
    for (const l of b.labels) labels.set(l.id, l);
  };
  for (const id of ids) await visit(id);
  // A state the visits did not bring into view (taller labels push a neighbour out): visit it too.
  for (const id of all) if (!nodes.has(`state ${id}`)) await visit(id);
  return { nodes: [...nodes.values()], labels: [...labels.values()] };
}

/** Overlap of more than half a pixel both ways (sub-pixel rounding is not an overlap). */
const overlap = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;

function collisions(nodes: Rect[], labels: Rect[]): string[] {
  const all = [...nodes, ...labels];
  const found: string[] = [];
  for (let i = 0; i < all.length; i++) {
    for (let j = i + 1; j < all.length; j++) if (overlap(all[i]!, all[j]!)) found.push(`${all[i]!.id} × ${all[j]!.id}`);
  }
  return found;
}

function outside(items: Rect[], canvas: Rect, overlays: Rect[]): string[] {
  const found: string[] = [];
  for (const r of items) {
    const inside =
      r.x >= canvas.x - 0.5 &&
      r.y >= canvas.y - 0.5 &&
      r.x + r.width <= canvas.x + canvas.width + 0.5 &&
      r.y + r.height <= canvas.y + canvas.height + 0.5;
    if (!inside) found.push(`${r.id} is outside the canvas`);
    for (const o of overlays) if (overlap(r, o)) found.push(`${r.id} is under ${o.id}`);
  }
  return found;
}

async function fitView(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Fit view" }).click();
  await page.mouse.move(0, 0);
  await settle(page);
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: "disabled" });
}

// ---- tests -----------------------------------------------------------------------------------

test.describe("a readable graph", () => {
  test("six states: routed around the states, every label clear and whole after fit, the way back labelled", async ({
    page,
    consoleErrors,
  }) => {
    // Wide enough that the whole castle fits at a zoom where labels are drawn, inspector open.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signUp(page, newAccount("graph6"));
    const world = offline(makeCastleWorld());
    // ELK, or the quick layout when ELK overran its budget (a loaded machine): both route every line.
    const engine = await openEditor(page, await createWorld(page.request, world));
    test.info().annotations.push({ type: "layout", description: engine });
    expect(["elk", "quick"]).toContain(engine);

    let b = await boxes(page);
    expect(b.far).toBe(false);
    expect(b.nodes).toHaveLength(6);
    expect(b.labels).toHaveLength(transitions(world));
    expect(collisions(b.nodes, b.labels)).toEqual([]);
    expect(outside([...b.nodes, ...b.labels], b.canvas, b.overlays)).toEqual([]);
    // Every transition follows its layout route.
    await expect(page.locator(".pw-edge[data-routed]")).toHaveCount(transitions(world));

    // The way back from the tower to the gate: its label is on screen, not hidden under a state.
    const back = page.locator(".pw-edge-label", { hasText: "Back to the gate" });
    await expect(back).toBeVisible();
    await expect(back).toHaveAttribute("data-placed", "");

    await fitView(page);
    b = await boxes(page);
    expect(b.labels).toHaveLength(transitions(world));
    expect(outside([...b.nodes, ...b.labels], b.canvas, b.overlays)).toEqual([]);
    expect(collisions(b.nodes, b.labels)).toEqual([]);
    await shoot(page, "graph-6");

    // A long name is truncated in its box and shown whole on hover.
    const long = page.locator(".pw-edge-label", { hasText: "through the kitchens" });
    const truncated = () => long.locator("span").evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(await truncated()).toBe(true);
    await long.hover();
    await expect.poll(truncated).toBe(false);
    await shoot(page, "graph-6-hover");

    // Dragging a state: its transitions leave their routes for plain curves; the others keep theirs.
    await page.mouse.move(0, 0);
    const roof = page.locator('.react-flow__node[data-id="roof"]');
    const r = (await roof.boundingBox())!;
    await page.mouse.move(r.x + r.width / 2, r.y + 20);
    await page.mouse.down();
    await page.mouse.move(r.x + r.width / 2 + 40, r.y + 60, { steps: 6 });
    await page.mouse.up();
    await expect(page.locator(".pw-edge[data-routed]")).toHaveCount(transitions(world) - 1);
    expect(consoleErrors).toEqual([]);
  });

  test("sixty states: no state overlaps another or a label anywhere, and fit view shows every state clear of the overlays", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 2400, height: 1400 });
    await signUp(page, newAccount("graph60"));
    const world = offline(makeChapterWorld(14));
    expect(Object.keys(world.scene.states)).toHaveLength(60);
    const engine = await openEditor(page, await createWorld(page.request, world));
    test.info().annotations.push({ type: "layout", description: engine });

    // Every state and every label, gathered by visiting the chapters' crossroads and the endings.
    const seen = await survey(
      page,
      [...Object.keys(world.scene.states).filter((id) => /^chapter-\d+$/.test(id) || id.startsWith("ending-"))],
      Object.keys(world.scene.states),
    );
    expect(seen.nodes).toHaveLength(60);
    expect(seen.labels).toHaveLength(transitions(world));
    expect(collisions(seen.nodes, seen.labels)).toEqual([]);
    await shoot(page, "graph-60-close");

    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await fitView(page);
    const b = await boxes(page);
    expect(b.nodes).toHaveLength(60);
    expect(outside([...b.nodes, ...b.labels], b.canvas, b.overlays)).toEqual([]);
    expect(collisions(b.nodes, b.labels)).toEqual([]);
    await shoot(page, "graph-60");
    expect(consoleErrors).toEqual([]);
  });

  test("five hundred states: the quick layout keeps states and labels apart; fit view shows every state clear of the overlays", async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signUp(page, newAccount("graph500"));
    const world = offline(sized(500, 2000));
    const engine = await openEditor(page, await createWorld(page.request, world));
    expect(engine).toBe("quick");

    // It opens on its entrance at a readable zoom: the states and labels drawn there are apart.
    const b0 = await boxes(page);
    expect(b0.far).toBe(false);
    expect(b0.labels.length).toBeGreaterThan(3);
    expect(collisions(b0.nodes, b0.labels)).toEqual([]);
    await shoot(page, "graph-500-entrance");

    // Here and there across the world, close up: still apart.
    const seen = await survey(page, ["state-120", "state-250", "state-380", "state-497"]);
    expect(seen.labels.length).toBeGreaterThan(20);
    expect(collisions(seen.nodes, seen.labels)).toEqual([]);
    await shoot(page, "graph-500-close");

    // Fit view: all 500 states on screen (far out, where labels give way to the graph's shape).
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await fitView(page);
    const b = await boxes(page);
    expect(b.nodes).toHaveLength(500);
    expect(collisions(b.nodes, [])).toEqual([]);
    expect(outside(b.nodes, b.canvas, b.overlays)).toEqual([]);
    await shoot(page, "graph-500");
    expect(consoleErrors).toEqual([]);
  });
});

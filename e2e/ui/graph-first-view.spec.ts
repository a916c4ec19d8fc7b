import type { APIRequestContext, Page } from "@playwright/test";
import type { World } from "@/lib/kernel";
import { labelShapes } from "@/components/graph/far-labels";
import { makeCastleWorld, makeLargeWorld } from "@/lib/kernel/fixtures";
import { ARTIFACTS, expect, firstAppId, newAccount, signUp, test } from "../fixtures/studio";

/**
 * Issue 28, points 5 and 6: the graph's first view reads (each state's human name, whole words,
 * at 11 px or more on screen; every transition with an arrowhead and its name) for worlds of 6
 * and 30 states; a bigger world says how to zoom. The editor at 390 px: no horizontal scroll,
 * the canvas fills the width, the inspector opens as a sheet. Screenshots in e2e/artifacts.
 */

const BLANK = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#cbd5e1"/></svg>')}`;

function offline(w: World): World {
  w.cover = BLANK;
  w.entrance.image.src = BLANK;
  if (w.subjectRef) w.subjectRef.imageUrl = BLANK;
  return w;
}

function sized(states: number, events: number): World {
  const w = makeLargeWorld({ states, events, proseChars: 80 });
  w.name = `${states} states`;
  w.scene.events = w.scene.events.map((e) =>
    e.to === undefined ? e : { ...e, name: `${e.name[0]!.toUpperCase()}${e.name.slice(1)} to ${e.to}` },
  );
  return offline(w);
}

const transitions = (w: World) => w.scene.events.filter((e) => e.to !== undefined).length;

async function createWorld(request: APIRequestContext, appId: string, world: World): Promise<string> {
  const res = await request.post("/v1/worlds", { headers: { "x-app-id": appId, "x-app-mode": "live" }, data: { world } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).worldId as string;
}

async function openEditor(page: Page, worldId: string): Promise<void> {
  await page.goto(`/worlds/${worldId}`);
  await expect(page.locator(".pw-canvas[data-ready]")).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(400); // the first view's fit
}

/**
 * What the first view shows, measured on screen: each state's name, its smallest font size once
 * the canvas's zoom applies, the words a line break cut in two, and the transitions drawn with
 * an arrowhead and a name.
 */
async function firstView(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLElement>(".pw-canvas")!;
    const far = canvas.hasAttribute("data-far");
    const zoom = new DOMMatrixReadOnly(getComputedStyle(document.querySelector(".pw-canvas .react-flow__viewport")!).transform).a;
    const names = [...canvas.querySelectorAll<HTMLElement>(far ? ".pw-node-far > span" : ".pw-node-name")];
    const broken: string[] = [];
    for (const el of names) {
      const text = el.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) continue;
      const value = text.textContent ?? "";
      for (const m of value.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index!);
        range.setEnd(text, m.index! + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(m[0]);
      }
    }
    // Far out, a name's letters lie on its own background (white on an entrance's colour would
    // vanish on the canvas's white where the name outgrew its box).
    const uncovered: string[] = [];
    if (far) {
      for (const el of names) {
        const r = document.createRange();
        r.selectNodeContents(el);
        const text = r.getBoundingClientRect();
        const back = el.parentElement!.getBoundingClientRect();
        // A glyph's box reaches a little past its line (a fifth of the 12 px font); a name that
        // outgrew its background lacks a whole line's height or more.
        const slack = 2.5;
        if (
          text.top < back.top - slack ||
          text.bottom > back.bottom + slack ||
          text.left < back.left - slack ||
          text.right > back.right + slack
        )
          uncovered.push(el.textContent ?? "");
      }
    }
    const px = (el: Element) => parseFloat(getComputedStyle(el).fontSize) * zoom;
    const labels = far ? [...canvas.querySelectorAll("[data-far-label]")] : [...canvas.querySelectorAll(".pw-edge-label")];
    // Far out, a name is drawn where it is clear of the states' names and of other names.
    const rects = (els: Element[]) => els.map((el) => el.getBoundingClientRect());
    const clash = (a: DOMRect, b: DOMRect) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const labelRects = rects(labels);
    const nameRects = rects(
      names.map((el) => {
        const r = document.createRange();
        r.selectNodeContents(el);
        return r;
      }) as unknown as Element[],
    );
    const clashes = far
      ? labelRects.filter((l, i) => nameRects.some((n) => clash(l, n)) || labelRects.some((o, j) => j !== i && clash(l, o))).length
      : 0;
    // A far-out name's size on screen: its font size in the canvas's units times the zoom.
    const labelPx = far ? labels.map((el) => parseFloat(el.getAttribute("font-size") ?? "0") * zoom) : labels.map(px);
    const arrows = far
      ? canvas.querySelectorAll("svg[data-far-edges] path[marker-end]").length
      : canvas.querySelectorAll(".react-flow__edge path[marker-end]").length;
    return {
      far,
      zoom,
      names: names.map((el) => el.textContent),
      smallestName: Math.min(...names.map(px)),
      smallestLabel: labelPx.length ? Math.min(...labelPx) : null,
      labels: labels.length,
      clashes,
      arrows,
      broken,
      uncovered,
      elided: labels.filter((el) => (el.textContent ?? "").includes("…")).length,
      hint: document.querySelector(".pw-zoom-hint")?.textContent ?? null,
    };
  });
}

test.describe("the graph's first view", () => {
  test("6 states: the whole world, every name whole, every transition with its arrow and its name", async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, newAccount("first-view-6"));
    const world = offline(makeCastleWorld());
    await openEditor(page, await createWorld(page.request, await firstAppId(page), world));
    await page.screenshot({ path: `${ARTIFACTS}/graph-first-view-6.png` });
    const view = await firstView(page);
    console.log(`first view of 6 states: ${JSON.stringify(view)}`);
    expect(view.names).toHaveLength(6);
    expect(view.broken, "words cut by a line break").toEqual([]);
    expect(view.uncovered, "names whose letters leave their background").toEqual([]);
    // Only a name too long for three lines of 20 characters is cut short (its whole shows close up).
    const tooLong = world.scene.events.filter(
      (e) => e.to !== undefined && labelShapes(e.name).every((lines) => lines.join(" ").includes("…")),
    ).length;
    expect(view.elided, "transition names cut short").toBeLessThanOrEqual(tooLong);
    expect(view.smallestName).toBeGreaterThanOrEqual(11);
    expect(view.labels).toBe(transitions(world));
    expect(view.smallestLabel).toBeGreaterThanOrEqual(11);
    expect(view.clashes, "transition names over a state's name or another").toBe(0);
    expect(view.arrows).toBe(transitions(world));
    expect(view.hint).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test("30 states: the overview around the entrance reads; fit view shows all 30 names and says how to read the rest", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, newAccount("first-view-30"));
    const world = sized(30, 70);
    await openEditor(page, await createWorld(page.request, await firstAppId(page), world));
    await page.screenshot({ path: `${ARTIFACTS}/graph-first-view-30.png` });
    const first = await firstView(page);
    console.log(`first view of 30 states: ${JSON.stringify({ ...first, names: first.names.length })}`);
    expect(first.far).toBe(true);
    expect(first.names.length).toBeGreaterThanOrEqual(6);
    expect(first.broken).toEqual([]);
    expect(first.uncovered).toEqual([]);
    expect(first.smallestName).toBeGreaterThanOrEqual(11);
    expect(first.labels).toBeGreaterThanOrEqual(6);
    expect(first.smallestLabel).toBeGreaterThanOrEqual(11);
    expect(first.clashes).toBe(0);
    expect(first.arrows).toBe(transitions(world));

    await page.getByRole("button", { name: "Fit view" }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${ARTIFACTS}/graph-fit-view-30.png` });
    const whole = await firstView(page);
    console.log(`fit view of 30 states: ${JSON.stringify({ ...whole, names: whole.names.length })}`);
    expect(whole.names).toHaveLength(30);
    expect(whole.broken).toEqual([]);
    expect(whole.uncovered, "names whose letters leave their background").toEqual([]);
    expect(whole.smallestName).toBeGreaterThanOrEqual(11);
    expect(whole.clashes).toBe(0);
    expect(whole.arrows).toBe(transitions(world));
    if (whole.labels < transitions(world)) expect(whole.hint).toContain("zoom in");
    expect(consoleErrors).toEqual([]);
  });

  test("a bigger world says how to zoom", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, newAccount("first-view-big"));
    await openEditor(page, await createWorld(page.request, await firstAppId(page), sized(80, 160)));
    // It opens on its entrance close up; zoomed out to the whole, it says how to read it.
    await page.getByRole("button", { name: "Fit view" }).click();
    await expect(page.locator(".pw-zoom-hint")).toContainText("zoom in");
    await page.screenshot({ path: `${ARTIFACTS}/graph-first-view-80.png` });
  });
});

test("the world editor at 390 px: no horizontal scroll, the canvas fills the view, the inspector is a sheet", async ({
  page,
  consoleErrors,
}) => {
  await signUp(page, newAccount("editor-390"));
  const worldId = await createWorld(page.request, await firstAppId(page), offline(makeCastleWorld()));
  await page.setViewportSize({ width: 390, height: 844 });
  await openEditor(page, worldId);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
  const canvas = (await page.locator(".pw-canvas").boundingBox())!;
  expect(canvas.width).toBeGreaterThanOrEqual(380);
  await page.screenshot({ path: `${ARTIFACTS}/editor-390.png` });

  // Selecting a state opens the inspector as a sheet over the canvas's lower part.
  await page.locator(".react-flow__node[data-id]").first().click();
  const sheet = page.getByRole("complementary", { name: "Inspector" });
  await expect(sheet).toBeVisible();
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(380);
  expect(box.y).toBeGreaterThan(200);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${ARTIFACTS}/editor-390-sheet.png` });
  await sheet.getByRole("button", { name: "Fold the inspector" }).click();
  await expect(sheet.getByRole("button", { name: "Unfold the inspector" })).toBeVisible();
  expect((await sheet.boundingBox())!.height).toBeLessThan(120);
  expect(consoleErrors).toEqual([]);
});

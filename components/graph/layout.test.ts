import ELK from "elkjs/lib/elk.bundled.js";
import { describe, expect, it } from "vitest";
import type { World } from "@/lib/kernel";
import { makeCastleWorld, makeChapterWorld, makeEvent, makeLargeWorld, makeSmallWorld, makeState } from "@/lib/kernel/fixtures";
import {
  graphBounds,
  LABEL_HEIGHT,
  LABEL_MAX_WIDTH,
  labelWidth,
  routeHolds,
  routePath,
  transitionsOf,
  type Box,
  type Layout,
} from "./edge-routes";
import { elkGraph, readElk, type ElkResult } from "./elk-layout";
import { fitViewport } from "./fit";
import { NODE_HEIGHT, NODE_WIDTH, type XY } from "./geometry";
import { quickLayoutWithRoutes } from "./layout";
import { decodeRoute, encodeRoute } from "./positions";
import { QUICK_GAP_X } from "./quick-routes";

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const nodeBox = (p: XY): Box => ({ x: p.x, y: p.y, width: NODE_WIDTH, height: NODE_HEIGHT });

/** Every pair of boxes that overlap among the layout's states and labels, named. */
function collisions(layout: Layout): string[] {
  const boxes: Array<[string, Box]> = [];
  for (const [id, p] of layout.positions) boxes.push([`state ${id}`, nodeBox(p)]);
  for (const [id, r] of layout.routes) if (r.label) boxes.push([`label ${id}`, r.label]);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) if (overlaps(boxes[i]![1], boxes[j]![1])) found.push(`${boxes[i]![0]} × ${boxes[j]![0]}`);
  return found;
}

/** A segment that runs through a state's inside (its border does not count). */
function crossesNode(a: XY, b: XY, n: Box): boolean {
  const inner = { x: n.x + 1, y: n.y + 1, width: n.width - 2, height: n.height - 2 };
  const seg = { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(b.x - a.x) || 0.01, height: Math.abs(b.y - a.y) || 0.01 };
  return overlaps(seg, inner);
}

async function elkLayout(world: World): Promise<Layout> {
  const input = elkGraph(world);
  const result = await new ELK().layout(input.graph);
  return readElk(result as ElkResult, input);
}

describe("the ELK graph", () => {
  it("gives each transition its own ports (out east, in west) and a label of its drawn size; overrides are no edges", () => {
    const { graph, edges } = elkGraph(makeCastleWorld());
    expect(graph.edges).toHaveLength(8);
    expect(edges.size).toBe(8);
    const gate = graph.children.find((c) => c.id === "gate")!;
    expect(gate.layoutOptions).toMatchObject({ "elk.portConstraints": "FIXED_SIDE", "elk.layered.layering.layerConstraint": "FIRST" });
    expect(gate.ports!.filter((p) => p.layoutOptions["elk.port.side"] === "EAST")).toHaveLength(2);
    expect(gate.ports!.filter((p) => p.layoutOptions["elk.port.side"] === "WEST")).toHaveLength(1);
    const back = graph.edges.find((e) => e.labels![0]!.text === "Back to the gate")!;
    expect(back.labels![0]).toMatchObject({ width: labelWidth("Back to the gate", "2"), height: LABEL_HEIGHT });
    expect(graph.layoutOptions["elk.edgeRouting"]).toBe("ORTHOGONAL");
  });

  it("sizes labels to their text and caps them", () => {
    expect(labelWidth("Go", "1")).toBeLessThan(labelWidth("Go to the lighthouse", "1"));
    expect(labelWidth("Go", "")).toBeLessThan(labelWidth("Go", "1"));
    expect(labelWidth("x".repeat(200), "1")).toBe(LABEL_MAX_WIDTH);
  });
});

describe("an ELK layout", () => {
  it("places six states, every label, the way back and a loop with no overlap, along lines that go around the states", async () => {
    const world = makeCastleWorld();
    const layout = await elkLayout(world);
    expect(layout.positions.size).toBe(6);
    expect(collisions(layout)).toEqual([]);
    const back = layout.routes.get(transitionsOf(world).find((t) => t.name === "Back to the gate")!.id)!;
    expect(back.label).not.toBeNull();
    expect(back.kind).toBe("orthogonal");
    for (const [id, route] of layout.routes) {
      const from = layout.positions.get(route.source)!;
      const to = layout.positions.get(route.target)!;
      expect(routeHolds(route, from, to), id).toBe(true);
      // Out of the source's east side, into the target's west side.
      const first = route.points[0]!;
      const last = route.points[route.points.length - 1]!;
      expect(Math.abs(first.x - (from.x + NODE_WIDTH)), id).toBeLessThanOrEqual(1);
      expect(Math.abs(last.x - to.x), id).toBeLessThanOrEqual(1);
      for (let i = 1; i < route.points.length; i++) {
        const a = route.points[i - 1]!;
        const b = route.points[i]!;
        // Orthogonal: every run is horizontal or vertical.
        expect(Math.min(Math.abs(a.x - b.x), Math.abs(a.y - b.y)), id).toBeLessThanOrEqual(1);
        for (const [state, p] of layout.positions) expect(crossesNode(a, b, nodeBox(p)), `${id} runs through ${state}`).toBe(false);
      }
    }
  });

  it("keeps a 40-state story (with ways back) apart from each other and from every label", async () => {
    const world = makeChapterWorld(9);
    const layout = await elkLayout(world);
    expect(layout.positions.size).toBe(40);
    expect(layout.routes.size).toBe(transitionsOf(world).length);
    expect(collisions(layout)).toEqual([]);
    for (const route of layout.routes.values()) {
      for (let i = 1; i < route.points.length; i++) {
        for (const p of layout.positions.values()) expect(crossesNode(route.points[i - 1]!, route.points[i]!, nodeBox(p))).toBe(false);
      }
    }
  }, 60_000);
});

/** What is wrong with a layout's lines: a run that is not straight, through a state, or through another transition's label; ends off the handles. */
function lineFaults(layout: Layout): string[] {
  const faults: string[] = [];
  const labels = [...layout.routes].flatMap(([id, r]) => (r.label ? [[id, r.label] as const] : []));
  for (const [id, route] of layout.routes) {
    const from = layout.positions.get(route.source)!;
    const to = layout.positions.get(route.target)!;
    const first = route.points[0]!;
    const last = route.points[route.points.length - 1]!;
    if (Math.abs(first.x - (from.x + NODE_WIDTH)) > 1 || Math.abs(last.x - to.x) > 1)
      faults.push(`${id} does not leave east and arrive west`);
    for (let i = 1; i < route.points.length; i++) {
      const a = route.points[i - 1]!;
      const b = route.points[i]!;
      if (Math.min(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) > 1) faults.push(`${id} has a slanted run`);
      for (const [state, p] of layout.positions) if (crossesNode(a, b, nodeBox(p))) faults.push(`${id} runs through state ${state}`);
      for (const [other, box] of labels)
        if (other !== id && crossesNode(a, b, box)) faults.push(`${id} runs through the label of ${other}`);
    }
  }
  return faults;
}

describe("the quick layout", () => {
  it("routes every line around the states and the other labels: six states, a way back and a loop", () => {
    const world = makeCastleWorld();
    const layout = quickLayoutWithRoutes(world);
    expect(layout.routes.size).toBe(transitionsOf(world).length);
    expect(lineFaults(layout)).toEqual([]);
    const loop = [...layout.routes.values()].find((r) => r.source === r.target);
    expect(loop, "the castle has a loop").toBeDefined();
  });

  it("routes 500 states' lines around every state and every other label", () => {
    const layout = quickLayoutWithRoutes(makeLargeWorld({ proseChars: 40 }));
    expect(lineFaults(layout)).toEqual([]);
  });

  it("gives 500 states and their labels no overlap: labels sit in the gaps between columns", () => {
    const world = makeLargeWorld({ proseChars: 40 });
    const layout = quickLayoutWithRoutes(world);
    expect(layout.positions.size).toBe(500);
    const transitions = transitionsOf(world);
    expect(layout.routes.size).toBe(transitions.length);
    for (const route of layout.routes.values()) {
      const from = layout.positions.get(route.source)!;
      expect(route.label!.x).toBeGreaterThan(from.x + NODE_WIDTH);
      expect(route.label!.x + route.label!.width).toBeLessThan(from.x + NODE_WIDTH + QUICK_GAP_X);
    }
    expect(collisions(layout)).toEqual([]);
  });

  it("keeps a dense column's labels apart too", () => {
    const world = makeSmallWorld();
    world.scene.states = { hub: makeState("hub") };
    world.entrance.state = "hub";
    world.scene.events = [];
    for (let i = 0; i < 30; i++) {
      world.scene.states[`room-${i}`] = makeState(`room-${i}`);
      world.scene.events.push(makeEvent("hub", `To room ${i}`, `room-${i}`, `k${i}`));
      world.scene.events.push(makeEvent(`room-${i}`, "Back", "hub", "1"));
    }
    expect(collisions(quickLayoutWithRoutes(world))).toEqual([]);
  });
});

describe("routes", () => {
  const route = {
    points: [
      { x: 0, y: 0 },
      { x: 50, y: 0 },
      { x: 50, y: 80 },
      { x: 100, y: 80 },
    ],
    kind: "orthogonal" as const,
    label: { x: 60, y: 90, width: 80, height: 20 },
    source: "a",
    target: "b",
    from: { x: -232, y: -74 },
    to: { x: 100, y: 6 },
  };

  it("draws orthogonal runs with rounded corners, and curves through the points", () => {
    expect(routePath(route)).toBe("M0 0L40 0Q50 0 50 10L50 70Q50 80 60 80L100 80");
    expect(routePath({ ...route, kind: "curve" })).toMatch(/^M0 0C/);
    expect(routePath({ ...route, kind: "curve" }).match(/C/g)).toHaveLength(3);
  });

  it("holds only while both states stay where the layout put them", () => {
    expect(routeHolds(route, { x: -232, y: -74 }, { x: 100, y: 6 })).toBe(true);
    expect(routeHolds(route, { x: -231, y: -74 }, { x: 100, y: 6 })).toBe(false);
    expect(routeHolds(route, { x: -232, y: -74 }, undefined)).toBe(false);
  });

  it("bound the graph with their points and labels while they hold", () => {
    const positions = new Map([
      ["a", { x: -232, y: -74 }],
      ["b", { x: 100, y: 6 }],
    ]);
    const withLabel = graphBounds(positions, new Map([["e", { ...route, label: { x: 60, y: 400, width: 80, height: 20 } }]]))!;
    expect(withLabel.y + withLabel.height).toBeGreaterThanOrEqual(420);
    const moved = new Map([...positions, ["b", { x: 120, y: 6 }]]);
    const without = graphBounds(moved, new Map([["e", { ...route, label: { x: 60, y: 400, width: 80, height: 20 } }]]))!;
    expect(without.y + without.height).toBeLessThan(400);
  });

  it("survive a save and a load", () => {
    expect(decodeRoute(JSON.parse(JSON.stringify(encodeRoute(route))))).toEqual(route);
    expect(decodeRoute(encodeRoute({ ...route, label: null }))).toEqual({ ...route, label: null });
    expect(decodeRoute(["x", "a", "b"])).toBeNull();
    expect(decodeRoute([0, "a", "b", 1, 2, 3, 4, 5, 6, 7, 8, 9, "ten", 11, 12])).toBeNull();
  });
});

describe("fit view", () => {
  const canvas = { width: 1000, height: 600 };
  const controls = { x: 4, y: 440, width: 56, height: 140 };
  const minimap = { x: 800, y: 460, width: 196, height: 136 };
  const screen = (b: Box, v: { x: number; y: number; zoom: number }): Box => ({
    x: b.x * v.zoom + v.x,
    y: b.y * v.zoom + v.y,
    width: b.width * v.zoom,
    height: b.height * v.zoom,
  });

  it("shows the whole graph inside the canvas and clear of the controls and the minimap", () => {
    for (const bounds of [
      { x: 0, y: 0, width: 3000, height: 900 },
      { x: -500, y: 200, width: 600, height: 1800 },
      { x: 10, y: 10, width: 400, height: 300 },
    ]) {
      const v = fitViewport(bounds, canvas, [controls, minimap], { padding: 16, maxZoom: 1 });
      const s = screen(bounds, v);
      expect(s.x).toBeGreaterThanOrEqual(-0.01);
      expect(s.y).toBeGreaterThanOrEqual(-0.01);
      expect(s.x + s.width).toBeLessThanOrEqual(canvas.width + 0.01);
      expect(s.y + s.height).toBeLessThanOrEqual(canvas.height + 0.01);
      expect(overlaps(s, controls)).toBe(false);
      expect(overlaps(s, minimap)).toBe(false);
    }
  });

  it("gives up the strip that costs least: a wide graph keeps the width (the overlays' row), a tall one the height (their columns)", () => {
    const wide = fitViewport({ x: 0, y: 0, width: 3000, height: 300 }, canvas, [controls, minimap], { padding: 0 });
    expect(wide.zoom).toBeCloseTo(1000 / 3000, 3);
    expect(wide.y + 300 * wide.zoom).toBeLessThanOrEqual(440);
    const tall = fitViewport({ x: 0, y: 0, width: 300, height: 3000 }, canvas, [controls, minimap], { padding: 0 });
    expect(tall.zoom).toBeCloseTo(600 / 3000, 3);
    expect(tall.x).toBeGreaterThanOrEqual(60);
  });

  it("never zooms past the maximum for a small graph", () => {
    expect(fitViewport({ x: 0, y: 0, width: 100, height: 100 }, canvas, [], { maxZoom: 1 }).zoom).toBe(1);
  });
});

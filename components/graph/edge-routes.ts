import type { World } from "@/lib/kernel";
import { edgeIdOf } from "./editor-state";
import { NODE_HEIGHT, NODE_WIDTH, type Positions, type XY } from "./geometry";

/**
 * Where a layout put each transition: the points its line runs through and the box of its
 * label. A route holds while both of its states stay where the layout put them (`from`, `to`);
 * once a creator drags either, the edge falls back to a plain curve between the handles.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EdgeRoute {
  /** The line, in flow coordinates: start at the source, end at the target. */
  points: XY[];
  /** "orthogonal": straight runs with rounded corners (both layouts); "curve": a smooth line through the points (routes the quick layout saved before it went around states). */
  kind: "orthogonal" | "curve";
  /** The label's box (top-left and size), or null when the layout placed none. */
  label: Box | null;
  /** The source and target states (ids), and their positions when the route was made. */
  source: string;
  target: string;
  from: XY;
  to: XY;
}

/** Routes by edge id (`edgeIdOf(from, name)`). */
export type Routes = Map<string, EdgeRoute>;

export interface Layout {
  positions: Positions;
  routes: Routes;
}

/** A label is one line, this tall, and never wider than this (longer names are truncated until hovered). */
export const LABEL_HEIGHT = 20;
export const LABEL_MAX_WIDTH = 168;
/** Border, padding and the gap beside the hotkey (see `.pw-edge-label` in editor.css). */
const LABEL_CHROME = 12;
/** The hotkey's box (`.pw-kbd`: 14 px at least, 10 px mono digits and 3 px padding) and the 4 px gap after it. */
const kbdWidth = (hotkey: string) => Math.max(14, Math.ceil(hotkey.length * 6.2) + 6) + 4;

/** Measures a label's text in CSS pixels (a canvas in the browser; an estimate elsewhere). */
export type MeasureText = (text: string) => number;

/** About 6 px a character at 11 px: wide enough for Geist Sans, so an estimated box is never too small. */
export const estimateText: MeasureText = (text) => Math.ceil(text.length * 6.4);

/** The width of a transition's label as drawn: hotkey, name and chrome, capped. */
export function labelWidth(name: string, hotkey: string, measure: MeasureText = estimateText): number {
  const text = Math.ceil(measure(name)) + 2;
  return Math.min(LABEL_MAX_WIDTH, LABEL_CHROME + (hotkey ? kbdWidth(hotkey) : 0) + text);
}

/** The transitions a layout draws (events with a target between known states), with their edge ids. */
export function transitionsOf(world: World): Array<{ id: string; from: string; to: string; name: string; hotkey: string }> {
  const states = world.scene.states;
  const used = new Set<string>();
  const out: Array<{ id: string; from: string; to: string; name: string; hotkey: string }> = [];
  world.scene.events.forEach((e, i) => {
    if (e.to === undefined) return;
    if (!Object.prototype.hasOwnProperty.call(states, e.from) || !Object.prototype.hasOwnProperty.call(states, e.to)) return;
    // The same rule as the canvas's edge ids (graph-model.ts): a repeated name gets its index.
    let id = edgeIdOf(e.from, e.name);
    if (used.has(id)) id = `${id}#${i}`;
    used.add(id);
    out.push({ id, from: e.from, to: e.to, name: e.name, hotkey: e.hotkey });
  });
  return out;
}

/** Whether a route still fits its states: neither was moved since the layout. */
export function routeHolds(route: EdgeRoute | undefined, source: XY | undefined, target: XY | undefined): route is EdgeRoute {
  if (!route || !source || !target) return false;
  return route.from.x === source.x && route.from.y === source.y && route.to.x === target.x && route.to.y === target.y;
}

const f = (v: number) => String(Math.round(v * 10) / 10);

/** An SVG path along a route: orthogonal runs with corners rounded by up to `radius`, or a smooth curve. */
export function routePath(route: Pick<EdgeRoute, "points" | "kind">, radius = 10): string {
  const p = route.points;
  if (p.length === 0) return "";
  let d = `M${f(p[0]!.x)} ${f(p[0]!.y)}`;
  if (p.length === 1) return d;
  if (route.kind === "curve") {
    // Horizontal tangents at every point: a line that leaves and enters states sideways.
    for (let i = 1; i < p.length; i++) {
      const a = p[i - 1]!;
      const b = p[i]!;
      const bend = Math.max(24, Math.abs(b.x - a.x) / 2);
      d += `C${f(a.x + bend)} ${f(a.y)} ${f(b.x - bend)} ${f(b.y)} ${f(b.x)} ${f(b.y)}`;
    }
    return d;
  }
  for (let i = 1; i < p.length - 1; i++) {
    const a = p[i - 1]!;
    const b = p[i]!;
    const c = p[i + 1]!;
    const inLen = Math.hypot(b.x - a.x, b.y - a.y);
    const outLen = Math.hypot(c.x - b.x, c.y - b.y);
    const r = Math.min(radius, inLen / 2, outLen / 2);
    if (r < 0.5) {
      d += `L${f(b.x)} ${f(b.y)}`;
      continue;
    }
    const p1 = { x: b.x - ((b.x - a.x) / inLen) * r, y: b.y - ((b.y - a.y) / inLen) * r };
    const p2 = { x: b.x + ((c.x - b.x) / outLen) * r, y: b.y + ((c.y - b.y) / outLen) * r };
    d += `L${f(p1.x)} ${f(p1.y)}Q${f(b.x)} ${f(b.y)} ${f(p2.x)} ${f(p2.y)}`;
  }
  const last = p[p.length - 1]!;
  return d + `L${f(last.x)} ${f(last.y)}`;
}

/** The point halfway along a polyline (where a label goes when the layout placed none). */
export function midpoint(points: XY[]): XY {
  if (points.length === 0) return { x: 0, y: 0 };
  let total = 0;
  for (let i = 1; i < points.length; i++) total += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  let left = total / 2;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len >= left && len > 0) return { x: a.x + ((b.x - a.x) * left) / len, y: a.y + ((b.y - a.y) * left) / len };
    left -= len;
  }
  return points[points.length - 1]!;
}

/**
 * The box that holds every state and every route and label that still holds: what "Fit view"
 * must show. Null for an empty graph.
 */
export function graphBounds(positions: Positions, routes: Routes, nodeOf: (stateId: string) => string = (id) => id): Box | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number) => {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  };
  for (const p of positions.values()) {
    add(p.x, p.y);
    add(p.x + NODE_WIDTH, p.y + NODE_HEIGHT);
  }
  if (!Number.isFinite(minX)) return null;
  for (const route of routes.values()) {
    if (!routeHolds(route, positions.get(nodeOf(route.source)), positions.get(nodeOf(route.target)))) continue;
    for (const p of route.points) add(p.x, p.y);
    if (route.label) {
      add(route.label.x, route.label.y);
      add(route.label.x + route.label.width, route.label.y + route.label.height);
    }
  }
  // A self-loop or a fallback curve bulges out a little past the states.
  const margin = 24;
  return { x: minX - margin, y: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin };
}

import type { EdgeRoute, Routes } from "./edge-routes";
import type { Positions } from "./geometry";

/**
 * Node positions are the editor's own business, not the world's: they live in this browser's
 * localStorage, one entry per world, so that dragging a node never creates a new rev (and never
 * collides with another person's edit). See docs/studio.md. The last layout's routes are saved
 * with them (compactly, as arrays), so a reload draws the same lines and labels.
 */

const PREFIX = "pw.editor.positions.v1:";
/** Worlds whose positions are kept; the least recently saved are dropped beyond this. */
const MAX_WORLDS = 50;

/** A route as `[kind (0 orthogonal, 1 curve), source, target, from x, from y, to x, to y, label x, y, width, height (width 0: none), ...points x, y]`. */
type StoredRoute = [0 | 1, string, string, ...number[]];

interface Stored {
  savedAt: number;
  positions: Record<string, [number, number]>;
  routes?: Record<string, StoredRoute>;
}

const r1 = (v: number) => Math.round(v * 10) / 10;

export function encodeRoute(route: EdgeRoute): StoredRoute {
  const l = route.label;
  const numbers = [route.from.x, route.from.y, route.to.x, route.to.y, l?.x ?? 0, l?.y ?? 0, l?.width ?? 0, l?.height ?? 0];
  for (const p of route.points) numbers.push(r1(p.x), r1(p.y));
  return [route.kind === "curve" ? 1 : 0, route.source, route.target, ...numbers];
}

/** The route a stored array holds, or null when it is not one (an older or damaged entry). */
export function decodeRoute(stored: unknown): EdgeRoute | null {
  if (!Array.isArray(stored) || stored.length < 3 + 8 + 4 || (stored.length - 11) % 2 !== 0) return null;
  const [kind, source, target, ...rest] = stored as unknown[];
  if ((kind !== 0 && kind !== 1) || typeof source !== "string" || typeof target !== "string") return null;
  if (!rest.every((v) => typeof v === "number" && Number.isFinite(v))) return null;
  const n = rest as number[];
  const points = [];
  for (let i = 8; i < n.length; i += 2) points.push({ x: n[i]!, y: n[i + 1]! });
  return {
    kind: kind === 1 ? "curve" : "orthogonal",
    source,
    target,
    from: { x: n[0]!, y: n[1]! },
    to: { x: n[2]!, y: n[3]! },
    label: n[6]! > 0 ? { x: n[4]!, y: n[5]!, width: n[6]!, height: n[7]! } : null,
    points,
  };
}

export function loadPositions(worldId: string): { positions: Positions; routes: Routes } | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + worldId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Stored;
    const positions: Positions = new Map();
    for (const [id, xy] of Object.entries(parsed.positions ?? {})) {
      if (Array.isArray(xy) && Number.isFinite(xy[0]) && Number.isFinite(xy[1])) positions.set(id, { x: xy[0], y: xy[1] });
    }
    const routes: Routes = new Map();
    for (const [id, stored] of Object.entries(parsed.routes ?? {})) {
      const route = decodeRoute(stored);
      if (route) routes.set(id, route);
    }
    return { positions, routes };
  } catch {
    return null;
  }
}

function prune(): void {
  const entries: Array<{ key: string; savedAt: number }> = [];
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      entries.push({ key, savedAt: (JSON.parse(window.localStorage.getItem(key) ?? "{}") as Stored).savedAt ?? 0 });
    } catch {
      entries.push({ key, savedAt: 0 });
    }
  }
  entries.sort((a, b) => b.savedAt - a.savedAt);
  for (const e of entries.slice(MAX_WORLDS)) window.localStorage.removeItem(e.key);
}

export function savePositions(worldId: string, positions: Positions, routes: Routes = new Map()): void {
  const stored: Stored = { savedAt: Date.now(), positions: {} };
  for (const [id, p] of positions) stored.positions[id] = [Math.round(p.x), Math.round(p.y)];
  if (routes.size > 0) {
    stored.routes = {};
    for (const [id, route] of routes) stored.routes[id] = encodeRoute(route);
  }
  try {
    window.localStorage.setItem(PREFIX + worldId, JSON.stringify(stored));
  } catch {
    // Storage full or disabled: drop old worlds' positions and try once more.
    try {
      prune();
      window.localStorage.setItem(PREFIX + worldId, JSON.stringify(stored));
    } catch {
      // Positions then last for this page only.
    }
  }
}

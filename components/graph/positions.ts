import type { Positions } from "./layout";

/**
 * Node positions are the editor's own business, not the world's: they live in this browser's
 * localStorage, one entry per world, so that dragging a node never creates a new rev (and never
 * collides with another person's edit). See docs/studio.md.
 */

const PREFIX = "pw.editor.positions.v1:";
/** Worlds whose positions are kept; the least recently saved are dropped beyond this. */
const MAX_WORLDS = 50;

interface Stored {
  savedAt: number;
  positions: Record<string, [number, number]>;
}

export function loadPositions(worldId: string): Positions | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + worldId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Stored;
    const out: Positions = new Map();
    for (const [id, xy] of Object.entries(parsed.positions ?? {})) {
      if (Array.isArray(xy) && Number.isFinite(xy[0]) && Number.isFinite(xy[1])) out.set(id, { x: xy[0], y: xy[1] });
    }
    return out;
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

export function savePositions(worldId: string, positions: Positions): void {
  const stored: Stored = { savedAt: Date.now(), positions: {} };
  for (const [id, p] of positions) stored.positions[id] = [Math.round(p.x), Math.round(p.y)];
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

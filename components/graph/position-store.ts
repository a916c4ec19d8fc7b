import type { Routes } from "./edge-routes";
import type { Positions, XY } from "./geometry";
import { loadPositions, savePositions } from "./positions";

/**
 * Node positions by node id, outside React so that a drag updates one entry per frame and
 * only the canvas re-renders. Saved to localStorage (debounced); see positions.ts. The routes of
 * the last layout (lines and label boxes by edge id) are kept beside them: an edge follows its
 * route while both its states stay where that layout put them (edge-routes.ts).
 */
export class PositionStore {
  private map: Positions = new Map();
  private routeMap: Routes = new Map();
  private listeners = new Set<() => void>();
  private version = 0;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** How the current positions came about, for the toolbar and the benchmark. */
  source: "saved" | "elk" | "quick" | "none" = "none";
  /** True while a better layout is worked out for the one shown (ELK's, after the quick one). */
  settling = false;

  constructor(private readonly worldId: string) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = (): number => this.version;

  get(id: string): XY | undefined {
    return this.map.get(id);
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  all(): Positions {
    return this.map;
  }

  /** The last layout's routes (a new Map whenever a layout or a load replaces them). */
  routes(): Routes {
    return this.routeMap;
  }

  private changed(persist = true): void {
    this.version++;
    for (const l of this.listeners) l();
    if (persist) this.saveSoon();
  }

  /** Positions (and the routes saved with them) as stored for this world, or null when there are none. */
  load(): { positions: Positions; routes: Routes } | null {
    return loadPositions(this.worldId);
  }

  /**
   * Replaces every position (a layout, a load, a revert), and the routes with them. `persist:
   * false` for a layout shown while a better one is on its way (`saveSoon` keeps it after all).
   */
  replace(positions: Positions, source: PositionStore["source"], routes: Routes = new Map(), { persist = true } = {}): void {
    this.map = new Map(positions);
    this.routeMap = new Map(routes);
    this.source = source;
    this.changed(persist);
  }

  /** Adds positions for ids that have none (no save: they are derived). */
  fill(positions: Positions): void {
    let added = false;
    for (const [id, p] of positions) {
      if (this.map.has(id)) continue;
      this.map.set(id, p);
      added = true;
    }
    if (added) this.changed(false);
  }

  set(id: string, p: XY): void {
    const cur = this.map.get(id);
    if (cur && cur.x === p.x && cur.y === p.y) return;
    this.map.set(id, p);
    this.changed();
  }

  /** Moves a position to a new id (a rename); returns how to move it back. */
  rename(from: string, to: string): { revert(): void } | null {
    const p = this.map.get(from);
    if (!p) return null;
    const previous = this.map.get(to);
    this.map.delete(from);
    this.map.set(to, p);
    this.changed();
    return {
      revert: () => {
        this.map.delete(to);
        if (previous) this.map.set(to, previous);
        this.map.set(from, p);
        this.changed();
      },
    };
  }

  setSettling(settling: boolean): void {
    if (this.settling === settling) return;
    this.settling = settling;
    for (const l of this.listeners) l();
  }

  /** Saves in a moment (changes come in bursts while dragging). */
  saveSoon(): void {
    if (this.saveTimer !== undefined) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.save();
    }, 400);
  }

  /** Saves now (page hide). */
  flush(): void {
    if (this.saveTimer === undefined) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    this.save();
  }

  private save(): void {
    savePositions(this.worldId, new Map([...this.map].filter(([id]) => !id.startsWith("\u0000"))), this.routeMap);
  }

  dispose(): void {
    this.flush();
  }
}

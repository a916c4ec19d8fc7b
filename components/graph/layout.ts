import type { World } from "@/lib/kernel";
import { estimateText, graphBounds, type Layout, type MeasureText } from "./edge-routes";
import { elkGraph, readElk, type ElkResult } from "./elk-layout";
import { NODE_HEIGHT, NODE_WIDTH, type Positions, type XY } from "./geometry";
import { QUICK_GAP_X, quickRoutes } from "./quick-routes";

/**
 * Automatic layout, left to right. `quickLayout` is the layered idea in linear time per sweep,
 * with columns far enough apart for the labels and lines routed around states and labels
 * (quick-routes.ts): a world of any size is drawn at once with it. Small worlds then get ELK's
 * layered algorithm (in a Web Worker, elkjs's own script) in its place when it reads better;
 * ELK needs seconds to minutes beyond a few hundred edges (about 11 s for 500 states and 1,500
 * transitions in Node), so larger worlds, and any ELK run that overruns its budget, keep the
 * quick layout. Both give positions and routes (the lines and label boxes, edge-routes.ts).
 */

export { NODE_HEIGHT, NODE_WIDTH, type Positions, type XY };

/** Between a state and one placed right of it by hand or for a new state (not a layout). */
const GAP_X = 96;
const GAP_Y = 40;

/** ELK runs for worlds up to this many states; above, the quick layout is used. */
export const ELK_MAX_STATES = 100;
/** Past this ELK is given up (the quick layout, shown meanwhile, stays). */
const ELK_BUDGET_MS = 15_000;

interface Adjacency {
  ids: string[];
  index: Map<string, number>;
  out: number[][];
  inn: number[][];
}

function adjacency(world: World): Adjacency {
  const ids = Object.keys(world.scene.states);
  const index = new Map(ids.map((id, i) => [id, i]));
  const out: number[][] = ids.map(() => []);
  const inn: number[][] = ids.map(() => []);
  for (const e of world.scene.events) {
    if (e.to === undefined) continue;
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    out[a]!.push(b);
    inn[b]!.push(a);
  }
  return { ids, index, out, inn };
}

/**
 * Layers by breadth-first distance from the entrance along transitions (a story reads left to
 * right from its start); states nothing reaches start new columns after their own sources.
 * Within a layer, barycenter sweeps reduce crossings; then each node is pulled toward its
 * neighbours' heights with a minimum gap.
 */
export function quickLayout(world: World): Positions {
  const { ids, index, out, inn } = adjacency(world);
  const n = ids.length;
  const layer = new Array<number>(n).fill(-1);
  const order: number[] = [];
  const bfs = (start: number, startLayer: number) => {
    layer[start] = startLayer;
    const queue = [start];
    for (let q = 0; q < queue.length; q++) {
      const v = queue[q]!;
      order.push(v);
      for (const w of out[v]!) {
        if (layer[w] !== -1) continue;
        layer[w] = layer[v]! + 1;
        queue.push(w);
      }
    }
  };
  const entrance = index.get(world.entrance.state);
  if (entrance !== undefined) bfs(entrance, 0);
  for (let v = 0; v < n; v++) {
    if (layer[v] !== -1) continue;
    let from = 0;
    for (const u of inn[v]!) if (layer[u]! >= 0) from = Math.max(from, layer[u]! + 1);
    bfs(v, from);
  }

  const layers: number[][] = [];
  for (const v of order) (layers[layer[v]!] ??= []).push(v);
  const pos = new Float64Array(n);
  const place = () => layers.forEach((l) => l?.forEach((v, i) => (pos[v] = i)));
  place();
  const sweep = (neighbours: number[][], forward: boolean) => {
    const count = layers.length;
    for (let k = 0; k < count; k++) {
      const l = layers[forward ? k : count - 1 - k];
      if (!l || l.length < 2) continue;
      const bary = new Map<number, number>();
      for (const v of l) {
        let sum = 0;
        let cnt = 0;
        for (const u of neighbours[v]!) {
          if (layer[u] === layer[v]) continue;
          sum += pos[u]!;
          cnt++;
        }
        bary.set(v, cnt > 0 ? sum / cnt : pos[v]!);
      }
      l.sort((a, b) => bary.get(a)! - bary.get(b)! || pos[a]! - pos[b]!);
      l.forEach((v, i) => (pos[v] = i));
    }
  };
  for (let i = 0; i < 4; i++) {
    sweep(inn, true);
    sweep(out, false);
  }

  // A layer taller than `rows` states wraps into side-by-side sub-columns, so a dense world
  // stays about as wide as it is tall instead of becoming one very tall column per layer.
  const rows = wrapRows(layers.map((l) => l?.length ?? 0));
  const step = NODE_HEIGHT + GAP_Y;
  const y = new Float64Array(n);
  const column = new Int32Array(n);
  let col = 0;
  for (const l of layers) {
    if (!l) continue;
    const wrapped = l.length > rows;
    l.forEach((v, i) => {
      column[v] = col + (wrapped ? Math.floor(i / rows) : 0);
      const inColumn = wrapped ? Math.min(rows, l.length - Math.floor(i / rows) * rows) : l.length;
      y[v] = ((wrapped ? i % rows : i) - (inColumn - 1) / 2) * step;
    });
    col += wrapped ? Math.ceil(l.length / rows) : 1;
  }
  // Heights of unwrapped layers: pulled toward the mean height of their predecessors.
  for (let pass = 0; pass < 2; pass++) {
    for (const l of layers) {
      if (!l || l.length > rows) continue;
      const want = l.map((v) => {
        let sum = 0;
        let cnt = 0;
        for (const u of inn[v]!) {
          if (layer[u]! >= layer[v]!) continue;
          sum += y[u]!;
          cnt++;
        }
        return cnt > 0 ? sum / cnt : y[v]!;
      });
      // Keep the order, respect the gap, and stay as close as possible to the wanted heights.
      const placed = want.slice();
      for (let i = 1; i < placed.length; i++) placed[i] = Math.max(placed[i]!, placed[i - 1]! + step);
      const shift = (want.reduce((a, b) => a + b, 0) - placed.reduce((a, b) => a + b, 0)) / Math.max(1, placed.length);
      l.forEach((v, i) => (y[v] = placed[i]! + shift));
    }
  }

  const positions: Positions = new Map();
  for (let v = 0; v < n; v++) positions.set(ids[v]!, { x: column[v]! * (NODE_WIDTH + QUICK_GAP_X), y: Math.round(y[v]!) });
  return positions;
}

/** The quick layout with its routes: labels in the gaps between columns. */
export function quickLayoutWithRoutes(world: World, measure: MeasureText = estimateText): Layout {
  const positions = quickLayout(world);
  return { positions, routes: quickRoutes(world, positions, measure) };
}

/** Rows per column that make the layered grid fit a 16:10 screen at the largest zoom. */
function wrapRows(sizes: number[]): number {
  const tallest = Math.max(1, ...sizes);
  let best = tallest;
  let bestZoom = 0;
  for (let rows = Math.min(4, tallest); rows <= tallest; rows++) {
    let columns = 0;
    for (const size of sizes) columns += Math.max(1, Math.ceil(size / rows));
    const zoom = Math.min(1600 / (columns * (NODE_WIDTH + QUICK_GAP_X)), 1000 / (rows * (NODE_HEIGHT + GAP_Y)));
    if (zoom > bestZoom * 1.0001) {
      bestZoom = zoom;
      best = rows;
    }
  }
  return best;
}

/** Positions for states that have none yet: right of their first placed source, else below everything. */
export function placeMissing(world: World, positions: Positions): Positions {
  const ids = Object.keys(world.scene.states);
  const missing = ids.filter((id) => !positions.has(id));
  if (missing.length === 0) return positions;
  if (missing.length > ids.length / 4) return quickLayout(world);
  const next = new Map(positions);
  let maxY = -Infinity;
  let minX = Infinity;
  for (const p of positions.values()) {
    maxY = Math.max(maxY, p.y);
    minX = Math.min(minX, p.x);
  }
  if (!Number.isFinite(maxY)) return quickLayout(world);
  const occupied = (p: XY) => [...next.values()].some((q) => Math.abs(q.x - p.x) < NODE_WIDTH && Math.abs(q.y - p.y) < NODE_HEIGHT);
  let row = 0;
  for (const id of missing) {
    const source = world.scene.events.find((e) => e.to === id && next.has(e.from));
    let p: XY;
    if (source) {
      const s = next.get(source.from)!;
      p = { x: s.x + NODE_WIDTH + GAP_X, y: s.y };
      for (let k = 0; k < 50 && occupied(p); k++) p = { x: p.x, y: p.y + NODE_HEIGHT + GAP_Y };
    } else {
      p = { x: minX + row * (NODE_WIDTH + GAP_X), y: maxY + 2 * (NODE_HEIGHT + GAP_Y) };
      row++;
    }
    next.set(id, p);
  }
  return next;
}

/** The zoom at which a layout, its lines and labels included, fits a typical editor canvas. */
export function layoutZoom(layout: Layout, width = 1100, height = 700): number {
  const box = graphBounds(layout.positions, layout.routes);
  if (!box) return 1;
  return Math.min(width / (box.width + 32), height / (box.height + 32), 1);
}

export type LayoutEngine = "elk" | "quick";
export interface LayoutResult {
  layout: Layout;
  engine: LayoutEngine;
}
export interface LayoutRun {
  promise: Promise<LayoutResult>;
  cancel(): void;
}

/** Whether ELK is tried for this world at all (a browser with workers, and not too many states). */
export function elkFits(world: World): boolean {
  const stateCount = Object.keys(world.scene.states).length;
  return stateCount > 0 && stateCount <= ELK_MAX_STATES && typeof Worker !== "undefined";
}

/**
 * Lays a world out: ELK in a Web Worker (elkjs's own worker script) for worlds up to
 * ELK_MAX_STATES, the quick layout otherwise, when workers fail, or when ELK overruns its budget.
 * `drawn`: the world's quick layout when the caller already made it (the editor draws it first).
 */
export function runLayout(world: World, measure: MeasureText = estimateText, drawn?: Layout): LayoutRun {
  let made = drawn;
  const quick = (): LayoutResult => ({ layout: (made ??= quickLayoutWithRoutes(world, measure)), engine: "quick" });
  if (!elkFits(world)) {
    return { promise: Promise.resolve(quick()), cancel: () => {} };
  }
  let elk: { terminateWorker(): void } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle: ((value: LayoutResult) => void) | null = null;
  const finish = (value: () => LayoutResult) => {
    if (settle === null) return;
    const resolve = settle;
    settle = null;
    if (timer !== undefined) clearTimeout(timer);
    elk?.terminateWorker();
    elk = null;
    resolve(value());
  };
  const promise = new Promise<LayoutResult>((resolve) => {
    settle = resolve;
    timer = setTimeout(() => finish(quick), ELK_BUDGET_MS);
    // elkjs's worker script, served as a static asset; the API half runs here.
    const workerUrl = new URL("../../node_modules/elkjs/lib/elk-worker.min.js", import.meta.url);
    void import("elkjs/lib/elk-api.js")
      .then(({ default: ELK }) => {
        if (settle === null) return;
        const instance = new ELK({ workerFactory: () => new Worker(workerUrl) });
        elk = instance;
        const input = elkGraph(world, measure);
        return instance.layout(input.graph).then((result) =>
          finish(() => {
            // Long or dense graphs make ELK's layered layout very long and thin (every edge points
            // right, every label takes a layer); keep it while it reads about as well as the
            // quick layout on a screen: its lines go around the states, the quick layout's do not.
            const laid = readElk(result as ElkResult, input);
            const fallback = quick();
            return layoutZoom(laid) >= 0.6 * layoutZoom(fallback.layout) ? { layout: laid, engine: "elk" } : fallback;
          }),
        );
      })
      .catch(() => finish(quick));
  });
  return { promise, cancel: () => finish(() => ({ layout: { positions: new Map(), routes: new Map() }, engine: "quick" })) };
}

/** `at`, or the nearest spot below or beside it where a new node overlaps no other. */
export function freeSpot(at: XY, positions: Positions): XY {
  const taken = [...positions.values()];
  const clear = (p: XY) => taken.every((q) => Math.abs(q.x - p.x) >= NODE_WIDTH + 24 || Math.abs(q.y - p.y) >= NODE_HEIGHT + 24);
  for (let ring = 0; ring < 12; ring++) {
    for (const [dx, dy] of [
      [0, 1],
      [1, 0],
      [0, -1],
      [-1, 0],
      [1, 1],
      [-1, 1],
      [1, -1],
      [-1, -1],
    ] as const) {
      const p = { x: at.x + dx * ring * (NODE_WIDTH / 2 + 12), y: at.y + dy * ring * (NODE_HEIGHT / 2 + 12) };
      if (clear(p)) return p;
    }
  }
  return at;
}

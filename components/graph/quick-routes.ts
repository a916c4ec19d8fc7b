import type { World } from "@/lib/kernel";
import {
  estimateText,
  LABEL_HEIGHT,
  LABEL_MAX_WIDTH,
  labelWidth,
  transitionsOf,
  type Box,
  type MeasureText,
  type Routes,
} from "./edge-routes";
import { NODE_HEIGHT, NODE_WIDTH, type Positions, type XY } from "./geometry";

/**
 * Labels and lines for the quick layout (worlds too big for ELK). The quick layout puts states
 * in columns with a gap wide enough for one label (`QUICK_GAP_X`); each transition's label sits
 * in the gap right of its source, and the labels of one gap are packed top to bottom without
 * overlapping. So no label can cover a state (the gap holds none) nor another label, whatever
 * the graph, in time linear in the transitions (after one sort per gap).
 *
 * Lines go around states and other labels: each runs through its own label, then column by
 * column toward its target (leftward for a way back or a loop), crossing every column at a
 * height free of states and every gap at a height free of labels, and turning only in the
 * clearance strips at the sides of the gaps, where nothing is drawn. Straight runs with rounded
 * corners, as ELK's.
 */

/** Space between a label and the columns on either side of its gap. */
export const LABEL_CLEARANCE = 16;
/** The quick layout's gap between columns: one label and its clearance on both sides. */
export const QUICK_GAP_X = LABEL_MAX_WIDTH + 2 * LABEL_CLEARANCE;
/** Vertical space between two labels of one gap. */
const LABEL_GAP = 4;

export function quickRoutes(world: World, positions: Positions, measure: MeasureText = estimateText): Routes {
  const bySource = new Map<string, Array<{ id: string; to: string; width: number }>>();
  for (const t of transitionsOf(world)) {
    if (!positions.has(t.from) || !positions.has(t.to)) continue;
    let list = bySource.get(t.from);
    if (!list) bySource.set(t.from, (list = []));
    list.push({ id: t.id, to: t.to, width: labelWidth(t.name, t.hotkey, measure) });
  }

  // Each label's wanted top: its source's labels stacked about the source's middle, in the
  // order of their targets' heights so that lines leaving one state do not cross there.
  const gaps = new Map<number, Array<{ id: string; from: string; to: string; width: number; want: number }>>();
  for (const [from, list] of bySource) {
    const p = positions.get(from)!;
    list.sort((a, b) => positions.get(a.to)!.y - positions.get(b.to)!.y);
    const stack = list.length * (LABEL_HEIGHT + LABEL_GAP) - LABEL_GAP;
    const top = p.y + NODE_HEIGHT / 2 - stack / 2;
    let gap = gaps.get(p.x);
    if (!gap) gaps.set(p.x, (gap = []));
    list.forEach((l, k) => gap.push({ ...l, from, want: top + k * (LABEL_HEIGHT + LABEL_GAP) }));
  }

  const placed: Array<{ id: string; from: string; to: string; label: Box }> = [];
  for (const [x, gap] of gaps) {
    gap.sort((a, b) => a.want - b.want);
    let floor = -Infinity;
    for (const l of gap) {
      const y = Math.round(Math.max(l.want, floor));
      floor = y + LABEL_HEIGHT + LABEL_GAP;
      placed.push({
        id: l.id,
        from: l.from,
        to: l.to,
        label: { x: x + NODE_WIDTH + LABEL_CLEARANCE, y, width: l.width, height: LABEL_HEIGHT },
      });
    }
  }

  // What a line must not cross: per column the states' heights, per gap (by the column on its left) the labels'.
  const columnOf = (x: number) => Math.round(x / COLUMN);
  const columns = new Blocked();
  for (const p of positions.values()) columns.add(columnOf(p.x), p.y, p.y + NODE_HEIGHT);
  const gapLabels = new Blocked();
  for (const { label } of placed) gapLabels.add(columnOf(label.x - NODE_WIDTH), label.y, label.y + label.height);

  const routes: Routes = new Map();
  placed.forEach(({ id, from: source, to: target, label }, index) => {
    const from = positions.get(source)!;
    const to = positions.get(target)!;
    // Lines that turn in one strip do so a few pixels apart.
    const lane = 4 + (index % 3) * 4;
    const mid = label.y + LABEL_HEIGHT / 2;
    const start = columnOf(from.x);
    const end = columnOf(to.x);
    const ty = to.y + NODE_HEIGHT / 2;
    const points: XY[] = [
      { x: from.x + NODE_WIDTH, y: from.y + NODE_HEIGHT / 2 },
      { x: from.x + NODE_WIDTH + lane, y: from.y + NODE_HEIGHT / 2 },
      { x: from.x + NODE_WIDTH + lane, y: mid },
      // Through its own label, to the far side of the source's gap.
      { x: (start + 1) * COLUMN - lane, y: mid },
    ];
    let y = mid;
    const turn = (x: number, nextY: number) => {
      if (nextY !== y) points.push({ x, y: nextY });
      y = nextY;
    };
    if (end > start) {
      // Rightward: across each column between (free of states), then its gap (free of labels).
      for (let c = start + 1; c < end; c++) {
        turn(c * COLUMN - lane, columns.freeNear(c, y));
        points.push({ x: c * COLUMN + NODE_WIDTH + lane, y });
        turn(c * COLUMN + NODE_WIDTH + lane, gapLabels.freeNear(c, y));
        points.push({ x: (c + 1) * COLUMN - lane, y });
      }
    } else {
      // A way back or a loop: back across the source's gap, then leftward across each column down to the target's.
      turn((start + 1) * COLUMN - lane, gapLabels.freeNear(start, y));
      points.push({ x: start * COLUMN + NODE_WIDTH + lane, y });
      for (let c = start; c >= end; c--) {
        turn(c * COLUMN + NODE_WIDTH + lane, columns.freeNear(c, y));
        points.push({ x: c * COLUMN - lane, y });
        if (c > end) {
          turn(c * COLUMN - lane, gapLabels.freeNear(c - 1, y));
          points.push({ x: (c - 1) * COLUMN + NODE_WIDTH + lane, y });
        }
      }
    }
    // Into the target's west side.
    turn(end * COLUMN - lane, ty);
    points.push({ x: to.x, y: ty });
    routes.set(id, { points: straighten(points), kind: "orthogonal", label, source, target, from, to });
  });
  return routes;
}

/** One column and the gap after it. */
const COLUMN = NODE_WIDTH + QUICK_GAP_X;
/** Room kept between a line and a state or label it passes. */
const MARGIN = 8;

/** Heights taken, per column or gap: where a line crossing it may not run. */
class Blocked {
  private readonly spans = new Map<number, Array<[number, number]>>();
  private readonly merged = new Map<number, Array<[number, number]>>();

  add(at: number, top: number, bottom: number): void {
    let list = this.spans.get(at);
    if (!list) this.spans.set(at, (list = []));
    list.push([top - MARGIN, bottom + MARGIN]);
    this.merged.delete(at);
  }

  /** `y` when nothing is in the way there, else the nearer edge of what is. */
  freeNear(at: number, y: number): number {
    const spans = this.mergedAt(at);
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const m = (lo + hi) >> 1;
      const [top, bottom] = spans[m]!;
      if (y < top) hi = m - 1;
      else if (y > bottom) lo = m + 1;
      else return y - top <= bottom - y ? top : bottom;
    }
    return y;
  }

  private mergedAt(at: number): Array<[number, number]> {
    let merged = this.merged.get(at);
    if (merged) return merged;
    merged = [];
    for (const [top, bottom] of [...(this.spans.get(at) ?? [])].sort((a, b) => a[0] - b[0])) {
      const last = merged[merged.length - 1];
      if (last && top <= last[1]) last[1] = Math.max(last[1], bottom);
      else merged.push([top, bottom]);
    }
    this.merged.set(at, merged);
    return merged;
  }
}

/** Drops points in the middle of a straight run (and repeats), so corners are only where the line turns. */
function straighten(points: XY[]): XY[] {
  const out: XY[] = [];
  for (const p of points) {
    const last = out[out.length - 1];
    if (last && last.x === p.x && last.y === p.y) continue;
    const before = out[out.length - 2];
    if (last && before && ((before.x === last.x && last.x === p.x) || (before.y === last.y && last.y === p.y))) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

import type { World } from "@/lib/kernel";
import { estimateText, LABEL_HEIGHT, LABEL_MAX_WIDTH, labelWidth, transitionsOf, type EdgeRoute, type MeasureText, type Routes } from "./edge-routes";
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from "./geometry";

/**
 * Labels and lines for the quick layout (worlds too big for ELK). The quick layout puts states
 * in columns with a gap wide enough for one label (`QUICK_GAP_X`); each transition's label sits
 * in the gap right of its source, and the labels of one gap are packed top to bottom without
 * overlapping. So no label can cover a state (the gap holds none) nor another label, whatever
 * the graph, in time linear in the transitions (after one sort per gap).
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

  const routes: Routes = new Map();
  for (const [x, gap] of gaps) {
    gap.sort((a, b) => a.want - b.want);
    let floor = -Infinity;
    for (const l of gap) {
      const y = Math.round(Math.max(l.want, floor));
      floor = y + LABEL_HEIGHT + LABEL_GAP;
      const from = positions.get(l.from)!;
      const to = positions.get(l.to)!;
      const label = { x: x + NODE_WIDTH + LABEL_CLEARANCE, y, width: l.width, height: LABEL_HEIGHT };
      const mid = y + LABEL_HEIGHT / 2;
      const route: EdgeRoute = {
        points: [
          { x: from.x + NODE_WIDTH, y: from.y + NODE_HEIGHT / 2 },
          { x: label.x, y: mid },
          { x: label.x + label.width, y: mid },
          { x: to.x, y: to.y + NODE_HEIGHT / 2 },
        ],
        kind: "curve",
        label,
        source: l.from,
        target: l.to,
        from,
        to,
      };
      routes.set(l.id, route);
    }
  }
  return routes;
}

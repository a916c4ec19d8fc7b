"use client";

import { useStore } from "@xyflow/react";
import { memo, useMemo, useSyncExternalStore } from "react";
import type { TransitionEdgeType } from "./graph-items";
import type { GraphModel } from "./graph-model";
import { midpoint, routeHolds, routePath } from "./edge-routes";
import { FAR_LABEL_PX, fittingLabels, type FarEdge } from "./far-labels";
import { NODE_HEIGHT, NODE_WIDTH } from "./geometry";
import { useEditorStore } from "./use-editor";
import { ZoomHint } from "./zoom-hint";

/** Far out, worlds up to this many states show every transition's name on its line. */
export const LABELLED_STATES = 30;
/** Up to this many transitions are drawn one path each, with an arrowhead; more are one path. */
const ARROWED_EDGES = 600;

/** The midpoint of a cubic Bézier `M s C c1 c2 t`. */
const bezierMid = (s: number, c1: number, c2: number, t: number) => (s + 3 * c1 + 3 * c2 + t) / 8;

/** Each transition drawn far out: its path (its layout route while that holds), and where its name goes. */
function farEdgesOf(model: GraphModel, store: ReturnType<typeof useEditorStore>, edges: TransitionEdgeType[]): FarEdge[] {
  const out: FarEdge[] = [];
  const routes = store.positions.routes();
  for (const e of edges) {
    const a = model.positionOf(e.source);
    const b = model.positionOf(e.target);
    if (!a || !b) continue;
    const route = routes.get(e.id);
    const name = e.data?.name ?? "";
    if (
      route &&
      route.source === store.stateIdOfNode(e.source) &&
      route.target === store.stateIdOfNode(e.target) &&
      routeHolds(route, a, b)
    ) {
      const at = route.label
        ? { x: route.label.x + route.label.width / 2, y: route.label.y + route.label.height / 2 }
        : midpoint(route.points);
      out.push({ id: e.id, d: routePath(route), selected: !!e.selected, name, at });
      continue;
    }
    if (e.source === e.target) continue;
    const sx = a.x + NODE_WIDTH;
    const sy = a.y + NODE_HEIGHT / 2;
    const tx = b.x;
    const ty = b.y + NODE_HEIGHT / 2;
    const bend = Math.max(60, Math.abs(tx - sx) / 2);
    out.push({
      id: e.id,
      d: `M${sx} ${sy}C${sx + bend} ${sy} ${tx - bend} ${ty} ${tx} ${ty}`,
      selected: !!e.selected,
      name,
      at: { x: bezierMid(sx, sx + bend, tx - bend, tx), y: bezierMid(sy, sy, ty, ty) },
    });
  }
  return out;
}

/**
 * Far out, the transitions are drawn under the nodes by one SVG instead of React Flow edges:
 * each one path with an arrowhead (one path for all of them past ARROWED_EDGES, where one
 * repaint per frame matters more), and, for worlds up to LABELLED_STATES states, each name on its
 * line. Arrows and names keep their on-screen size whatever the zoom. Each follows its layout
 * route while that holds, like the edges drawn close up.
 */
export const FarEdges = memo(function FarEdges({ model }: { model: GraphModel }) {
  const store = useEditorStore();
  const edges = useSyncExternalStore(model.subscribe, model.getEdges, model.getEdges);
  const version = useSyncExternalStore(
    model.subscribe,
    () => model.positionsVersion(),
    () => 0,
  );
  const [x, y, k] = useStore((s) => s.transform);
  const drawn = useMemo(() => {
    void version;
    return farEdgesOf(model, store, edges);
  }, [edges, model, store, version]);
  const arrowed = drawn.length <= ARROWED_EDGES;
  const arrow = 10 / k;

  return (
    <svg className="pointer-events-none absolute inset-0 z-[3] size-full overflow-visible" aria-hidden="true" data-far-edges={drawn.length}>
      <defs>
        <marker
          id="pw-far-arrow"
          viewBox="0 0 10 10"
          refX="9.5"
          refY="5"
          markerWidth={arrow}
          markerHeight={arrow}
          markerUnits="userSpaceOnUse"
          orient="auto-start-reverse"
        >
          <path d="M0 0.5 10 5 0 9.5Z" className="pw-far-arrow" />
        </marker>
        <marker
          id="pw-far-arrow-selected"
          viewBox="0 0 10 10"
          refX="9.5"
          refY="5"
          markerWidth={arrow * 1.2}
          markerHeight={arrow * 1.2}
          markerUnits="userSpaceOnUse"
          orient="auto-start-reverse"
        >
          <path d="M0 0.5 10 5 0 9.5Z" fill="var(--accent)" />
        </marker>
      </defs>
      <g transform={`translate(${x} ${y}) scale(${k})`}>
        {arrowed ? (
          drawn.map((e) => (
            <path
              key={e.id}
              d={e.d}
              fill="none"
              stroke={e.selected ? "var(--accent)" : "var(--pw-edge)"}
              strokeWidth={e.selected ? 2.5 : 1.25}
              vectorEffect="non-scaling-stroke"
              markerEnd={`url(#${e.selected ? "pw-far-arrow-selected" : "pw-far-arrow"})`}
            />
          ))
        ) : (
          <path d={drawn.map((e) => e.d).join("")} fill="none" stroke="var(--pw-edge)" strokeWidth={1} vectorEffect="non-scaling-stroke" />
        )}
      </g>
    </svg>
  );
});

/** Far out, the transitions' names that fit, above the states (a halo keeps them legible over a line). */
export const FarLabels = memo(function FarLabels({ model }: { model: GraphModel }) {
  const store = useEditorStore();
  const edges = useSyncExternalStore(model.subscribe, model.getEdges, model.getEdges);
  const nodes = useSyncExternalStore(model.subscribe, model.getNodes, model.getNodes);
  const version = useSyncExternalStore(
    model.subscribe,
    () => model.positionsVersion(),
    () => 0,
  );
  const [x, y, k] = useStore((s) => s.transform);
  const all = useMemo(() => {
    void version;
    return farEdgesOf(model, store, edges);
  }, [edges, model, store, version]);
  const labels = useMemo(() => {
    void version;
    const states = nodes.flatMap((n) => {
      const p = model.positionOf(n.id);
      return p ? [{ x: p.x, y: p.y, name: n.data.name }] : [];
    });
    return fittingLabels(all, states, k);
  }, [all, nodes, model, k, version]);
  const font = FAR_LABEL_PX / k;
  const named = all.filter((e) => e.name).length;
  return (
    <>
      {labels.length < named ? (
        <ZoomHint
          text={`${named - labels.length} of ${named} transition names need room: zoom in (+, the scroll wheel or a pinch) to read them`}
        />
      ) : null}
      <svg
        className="pointer-events-none absolute inset-0 z-[5] size-full overflow-visible"
        aria-hidden="true"
        data-far-labels={labels.length}
        data-far-transitions={all.length}
      >
        <g transform={`translate(${x} ${y}) scale(${k})`}>
          {labels.map(({ edge: e, lines, at }) => (
            <text
              key={e.id}
              x={at.x}
              y={at.y - ((lines.length - 1) * font * 1.15) / 2}
              className="pw-far-label"
              fontSize={font}
              strokeWidth={4 / k}
              textAnchor="middle"
              dominantBaseline="central"
              data-far-label={e.id}
            >
              {lines.map((line, i) => (
                <tspan key={i} x={at.x} dy={i === 0 ? 0 : font * 1.15}>
                  {line}
                </tspan>
              ))}
            </text>
          ))}
        </g>
      </svg>
    </>
  );
});

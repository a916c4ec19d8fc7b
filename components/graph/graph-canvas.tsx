"use client";

import {
  Background,
  BackgroundVariant,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type EdgeChange,
  type NodeChange,
} from "@xyflow/react";
import { memo, useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { GraphModel, StateNodeType, TransitionEdgeType } from "./graph-model";
import { FitIcon, ZoomInIcon, ZoomOutIcon } from "./icons";
import { midpoint, routeHolds, routePath } from "./edge-routes";
import { fitGraph, graphViewport } from "./fit-graph";
import { FAR_LABEL_PX, fittingLabels, type FarEdge } from "./far-labels";
import { NODE_HEIGHT, NODE_WIDTH } from "./geometry";
import { StateNode } from "./state-node";
import { TransitionEdge } from "./transition-edge";
import { useEditor, useEditorStore } from "./use-editor";

const nodeTypes = { state: StateNode };
const edgeTypes = { transition: TransitionEdge };
const NO_NODES: StateNodeType[] = [];
const NO_EDGES: TransitionEdgeType[] = [];
const ARIA_LABELS = {
  "node.a11yDescription.default": "Press Enter to select this state and again to edit it. Arrow keys move it. Delete removes it.",
  "edge.a11yDescription.default": "Press Enter to select this transition.",
};
const MINIMAP_STYLE = { width: 176, height: 116 };
/** A world opens fitted to the screen when that zoom is at least this; else on its entrance. */
const FIT_MIN_ZOOM = 0.22;
/** Below this zoom the canvas shows the graph's overview: each state's name, the lines and their names at a size that reads. */
const FAR_ZOOM = 0.45;
/** Where a world of up to LABELLED_STATES states opens when it does not fit whole: the overview, close enough for room. */
const OVERVIEW_ZOOM = 0.4;

declare global {
  interface Window {
    /** performance.now() when the editor first showed an interactive graph, for the benchmark. */
    __editorReadyAt?: number;
  }
}

function miniClass(node: StateNodeType): string {
  if (node.selected) return "pw-mini-selected";
  if (node.data.problem === "error") return "pw-mini-error";
  if (node.data.entrance) return "pw-mini-entrance";
  if (node.data.ending) return "pw-mini-ending";
  return "";
}

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
const FarEdges = memo(function FarEdges({ model }: { model: GraphModel }) {
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
const FarLabels = memo(function FarLabels({ model }: { model: GraphModel }) {
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

/** A note over the canvas's top: how to read what is too small at this zoom. */
function ZoomHint({ text }: { text: string }) {
  return (
    <p
      className="pw-zoom-hint pointer-events-none absolute top-3 left-1/2 z-10 max-w-[90%] -translate-x-1/2 rounded-full border border-line bg-surface/95 px-3 py-1 text-center text-[12.5px] text-fg-muted shadow-sm"
      role="note"
    >
      {text}
    </p>
  );
}

/** The canvas's zoom as the CSS variable `--pw-zoom`: text that keeps its on-screen size reads it. */
function ZoomVar() {
  const k = useStore((s) => s.transform[2]);
  useEffect(() => {
    document.querySelector<HTMLElement>(".pw-canvas")?.style.setProperty("--pw-zoom", String(k));
  }, [k]);
  return null;
}

/** `ready`: positions are shown; `settled`: they are the ones that stay (no better layout on its way). */
export const GraphCanvas = memo(function GraphCanvas({
  model,
  ready,
  settled,
  showMinimap,
}: {
  model: GraphModel;
  ready: boolean;
  settled: boolean;
  showMinimap: boolean;
}) {
  const store = useEditorStore();
  const rf = useReactFlow<StateNodeType, TransitionEdgeType>();
  const nodes = useSyncExternalStore(model.subscribe, model.getNodes, model.getNodes);
  const edges = useSyncExternalStore(model.subscribe, model.getEdges, model.getEdges);
  const far = useStore((s) => s.transform[2] < FAR_ZOOM);
  const reveal = useEditor((s) => s.reveal);
  const preview = useEditor((s) => s.preview);

  const onNodesChange = useCallback(
    (changes: NodeChange<StateNodeType>[]) => {
      for (const change of changes) {
        if (change.type === "position" && change.position) store.positions.set(change.id, change.position);
        else if (change.type === "select" && change.selected) void store.selectNode(change.id);
      }
    },
    [store],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange<TransitionEdgeType>[]) => {
      for (const change of changes) if (change.type === "select" && change.selected) void store.selectEdge(change.id);
    },
    [store],
  );

  const onPaneClick = useCallback(() => void store.select(null), [store]);
  const onNodeDoubleClick = useCallback(() => store.focusField("base"), [store]);
  const onEdgeDoubleClick = useCallback(() => store.focusField("name"), [store]);

  const onConnect = useCallback(
    (connection: Connection) => {
      void store.addEvent(store.stateIdOfNode(connection.source), store.stateIdOfNode(connection.target));
    },
    [store],
  );

  // First view: the whole world (lines, labels and all, clear of the overlays) when it fits at a
  // zoom where states can be told apart; otherwise its entrance, at a readable zoom.
  useEffect(() => {
    if (!ready) return;
    const world = store.getState().view.world;
    const entrance = model.positionOf(store.nodeIdOf(world.entrance.state));
    const box = document.querySelector(".pw-canvas")?.getBoundingClientRect();
    const whole = graphViewport(model.getNodes(), store);
    // Too big to read whole: the entrance, close up; a world of up to LABELLED_STATES states at the
    // overview's zoom, where its names and transitions read (FarEdges, FarLabels) with more of it in view.
    const near = model.getNodes().length <= LABELLED_STATES ? OVERVIEW_ZOOM : 0.8;
    if (whole && (whole.zoom >= FIT_MIN_ZOOM || !entrance)) void rf.setViewport(whole);
    else if (entrance)
      void rf.setViewport({
        x: 96 - entrance.x * near,
        y: (box?.height ?? 700) * 0.42 - (entrance.y + NODE_HEIGHT / 2) * near,
        zoom: near,
      });
    const frame = requestAnimationFrame(() => {
      window.__editorReadyAt ??= performance.now();
    });
    return () => cancelAnimationFrame(frame);
    // Only when the graph first becomes ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  // `data-ready` once the layout that stays is drawn (tests act on the canvas after it).
  useEffect(() => {
    if (!ready || !settled) return;
    const frame = requestAnimationFrame(() => document.querySelector(".pw-canvas")?.setAttribute("data-ready", "true"));
    return () => cancelAnimationFrame(frame);
  }, [ready, settled]);

  // Problems, search and the inspector ask to bring a state into view.
  useEffect(() => {
    if (!reveal) return;
    const p = model.positionOf(reveal.nodeId);
    if (!p) return;
    const zoom = Math.max(rf.getZoom(), 0.85);
    void rf.setCenter(p.x + NODE_WIDTH / 2, p.y + NODE_HEIGHT / 2, { zoom, duration: 250 });
  }, [reveal, model, rf]);

  // An Ask preview brings what it adds, changes and removes into view (with the states around them).
  useEffect(() => {
    if (!preview) return;
    const { states, events } = preview.diff;
    const ids = new Set([...states.added, ...states.removed, ...states.changed.map((c) => c.id)]);
    for (const e of [...events.added, ...events.removed, ...events.changed]) {
      ids.add(e.from);
      if (e.to !== undefined) ids.add(e.to);
    }
    if (ids.size === 0) return;
    const nodes = [...ids].map((id) => ({ id: store.nodeIdOf(id) }));
    const frame = requestAnimationFrame(() => void rf.fitView({ nodes, padding: 0.12, maxZoom: 1, duration: 250 }));
    return () => cancelAnimationFrame(frame);
  }, [preview, store, rf]);

  return (
    <div className={cn("pw-canvas absolute inset-0")} data-far={far ? "" : undefined} aria-busy={!ready}>
      <ReactFlow<StateNodeType, TransitionEdgeType>
        nodes={ready ? nodes : NO_NODES}
        edges={ready && !far ? edges : NO_EDGES}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onPaneClick={onPaneClick}
        onNodeDoubleClick={onNodeDoubleClick}
        onEdgeDoubleClick={onEdgeDoubleClick}
        deleteKeyCode={null}
        selectionKeyCode={null}
        multiSelectionKeyCode={null}
        minZoom={0.05}
        maxZoom={2}
        onlyRenderVisibleElements
        elevateNodesOnSelect={false}
        elevateEdgesOnSelect={false}
        nodeDragThreshold={2}
        connectionRadius={28}
        zoomOnDoubleClick={false}
        attributionPosition="bottom-left"
        ariaLabelConfig={ARIA_LABELS}
      >
        <ZoomVar />
        {far && ready ? <FarEdges model={model} /> : null}
        {far && ready && nodes.length <= LABELLED_STATES ? <FarLabels model={model} /> : null}
        <Background variant={BackgroundVariant.Dots} gap={22} size={1.4} color="var(--pw-dots)" />
        {showMinimap ? (
          <MiniMap<StateNodeType>
            position="bottom-right"
            pannable
            zoomable
            ariaLabel="Minimap"
            nodeClassName={miniClass}
            nodeBorderRadius={24}
            nodeStrokeWidth={0}
            style={MINIMAP_STYLE}
            className="max-md:!hidden"
          />
        ) : null}
      </ReactFlow>
      {far && ready && nodes.length > LABELLED_STATES ? (
        <ZoomHint text={`${nodes.length} states: zoom in (+, the scroll wheel or a pinch) to read their names and transitions`} />
      ) : null}
      <div className="pw-canvas-controls pointer-events-none absolute bottom-3 left-3 z-10 flex flex-col gap-1" style={{ bottom: 28 }}>
        <div className="pointer-events-auto flex flex-col overflow-hidden rounded-lg border border-line bg-surface shadow-sm">
          <Button
            variant="ghost"
            size="icon"
            className="rounded-none"
            aria-label="Zoom in"
            title="Zoom in (+)"
            onClick={() => void rf.zoomIn({ duration: 150 })}
          >
            <ZoomInIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="rounded-none border-t border-line"
            aria-label="Zoom out"
            title="Zoom out (−)"
            onClick={() => void rf.zoomOut({ duration: 150 })}
          >
            <ZoomOutIcon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="rounded-none border-t border-line"
            aria-label="Fit view"
            title="Fit view (F)"
            onClick={() => void fitGraph(rf, store)}
          >
            <FitIcon />
          </Button>
        </div>
      </div>
    </div>
  );
});

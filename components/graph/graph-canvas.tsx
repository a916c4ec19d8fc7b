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
import { memo, useCallback, useEffect, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { StateNodeType, TransitionEdgeType } from "./graph-items";
import type { GraphModel } from "./graph-model";
import { FitIcon, ZoomInIcon, ZoomOutIcon } from "./icons";
import { FarEdges, FarLabels, LABELLED_STATES } from "./far-edges";
import { fitGraph, graphViewport } from "./fit-graph";
import { NODE_HEIGHT, NODE_WIDTH } from "./geometry";
import { StateNode } from "./state-node";
import { TransitionEdge } from "./transition-edge";
import { useEditor, useEditorStore } from "./use-editor";
import { ZoomHint, ZoomVar } from "./zoom-hint";

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

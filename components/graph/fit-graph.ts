"use client";

import type { Node, ReactFlowInstance } from "@xyflow/react";
import { graphBounds, type Box } from "./edge-routes";
import type { EditorStore } from "./editor-store";
import { fitViewport, type Viewport } from "./fit";
import type { Positions } from "./geometry";

/** The two calls of React Flow's instance the fit needs (any node type: the keyboard's instance is untyped). */
type Flow = { getNodes(): Node[]; setViewport: ReactFlowInstance["setViewport"] };
type Placed = Pick<Node, "id" | "position">;

/**
 * The viewport that shows the whole graph (states, routed lines and labels) clear of the
 * overlays on the canvas: the zoom buttons, the minimap and React Flow's attribution, measured
 * where they are drawn. Null before the canvas or any state is on the page.
 */

/** Overlays the fit keeps the graph clear of (selectors inside `.pw-canvas`). */
const OVERLAYS = [".pw-canvas-controls", ".react-flow__minimap", ".react-flow__attribution"];

export function graphViewport(nodes: readonly Placed[], store: EditorStore, maxZoom = 1): Viewport | null {
  const canvas = document.querySelector<HTMLElement>(".pw-canvas");
  if (!canvas) return null;
  const positions: Positions = new Map();
  for (const n of nodes) positions.set(n.id, n.position);
  const bounds = graphBounds(positions, store.positions.routes(), (id) => store.nodeIdOf(id));
  if (!bounds) return null;
  const box = canvas.getBoundingClientRect();
  // A hidden canvas (another tab is open) has no size to fit into.
  if (box.width <= 0 || box.height <= 0) return null;
  const overlays: Box[] = [];
  for (const selector of OVERLAYS) {
    const r = canvas.querySelector(selector)?.getBoundingClientRect();
    if (r && r.width > 0 && r.height > 0)
      overlays.push({ x: r.left - box.left - 8, y: r.top - box.top - 8, width: r.width + 16, height: r.height + 16 });
  }
  return fitViewport(bounds, { width: box.width, height: box.height }, overlays, { padding: 16, minZoom: 0.05, maxZoom });
}

/** "Fit view" (F, the button, after a layout): the whole graph, clear of the overlays. Settles when the move ends. */
export async function fitGraph(rf: Flow, store: EditorStore, duration = 250): Promise<void> {
  const viewport = graphViewport(rf.getNodes(), store);
  if (viewport) await rf.setViewport(viewport, { duration });
}

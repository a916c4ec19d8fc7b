import type { World } from "@/lib/kernel";
import { estimateText, LABEL_HEIGHT, labelWidth, transitionsOf, type EdgeRoute, type Layout, type MeasureText } from "./edge-routes";
import { NODE_HEIGHT, NODE_WIDTH, type Positions, type XY } from "./geometry";

/**
 * The ELK half of the automatic layout, as plain data: the graph ELK is given and how its answer
 * becomes positions and routes. Running ELK (in a Web Worker) is layout.ts's business.
 *
 * Layered, left to right, with one port per transition end (out on the east side, in on the
 * west, where the handles are), orthogonal routing around the states, and each label a box of
 * its drawn size that the layered algorithm places between layers, clear of every state. A
 * transition back to an earlier state is reversed for layering and routed around the states
 * between, with its label placed like any other.
 *
 * A story is long: every chapter adds layers, and each label takes a layer of its own (60 states
 * came out 15,700 × 2,100 px). ELK's graph wrapping (MULTI_EDGE) would cut that into rows, but
 * it drops the sections of reversed edges (a way back comes out with no route at all), so it is
 * not used; layout.ts keeps ELK's answer only while it reads about as well as the quick layout.
 * Thoroughness 3 (of 7) and no model-order pass cut ELK's time by about a third.
 */

/** Gaps, in flow pixels. Between layers leaves room for labels and the runs of the routed lines. */
export const ELK_SPACING = { nodeNode: 48, betweenLayers: 40, edgeNode: 20, edgeEdge: 12, label: 6 };

export interface ElkLabel {
  id: string;
  text: string;
  width: number;
  height: number;
  x?: number;
  y?: number;
}
export interface ElkPort {
  id: string;
  width: number;
  height: number;
  layoutOptions: Record<string, string>;
}
export interface ElkNode {
  id: string;
  width: number;
  height: number;
  x?: number;
  y?: number;
  ports?: ElkPort[];
  layoutOptions?: Record<string, string>;
}
export interface ElkSection {
  id: string;
  startPoint: XY;
  endPoint: XY;
  bendPoints?: XY[];
}
export interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: ElkLabel[];
  sections?: ElkSection[];
}
export interface ElkGraph {
  id: string;
  layoutOptions: Record<string, string>;
  children: ElkNode[];
  edges: ElkEdge[];
}
/** What ELK answers: the same graph with coordinates filled in. */
export type ElkResult = Partial<Omit<ElkGraph, "children" | "edges">> & { children?: ElkNode[]; edges?: ElkEdge[] };

export interface ElkInput {
  graph: ElkGraph;
  /** ELK's edge ids (`e0`, `e1`, …) to the canvas's edge ids and their states. */
  edges: Map<string, { id: string; from: string; to: string }>;
}

export function elkGraph(world: World, measure: MeasureText = estimateText): ElkInput {
  const ids = Object.keys(world.scene.states);
  const ports = new Map<string, ElkPort[]>(ids.map((id) => [id, []]));
  const edges: ElkEdge[] = [];
  const map = new Map<string, { id: string; from: string; to: string }>();
  transitionsOf(world).forEach((t, i) => {
    const id = `e${i}`;
    map.set(id, { id: t.id, from: t.from, to: t.to });
    ports.get(t.from)!.push({ id: `${id}.s`, width: 0, height: 0, layoutOptions: { "elk.port.side": "EAST" } });
    ports.get(t.to)!.push({ id: `${id}.t`, width: 0, height: 0, layoutOptions: { "elk.port.side": "WEST" } });
    edges.push({
      id,
      sources: [`${id}.s`],
      targets: [`${id}.t`],
      labels: [{ id: `${id}.l`, text: t.name, width: labelWidth(t.name, t.hotkey, measure), height: LABEL_HEIGHT }],
    });
  });
  const graph: ElkGraph = {
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "RIGHT",
      "elk.edgeRouting": "ORTHOGONAL",
      "elk.padding": "[top=24,left=24,bottom=24,right=24]",
      "elk.spacing.nodeNode": String(ELK_SPACING.nodeNode),
      "elk.layered.spacing.nodeNodeBetweenLayers": String(ELK_SPACING.betweenLayers),
      "elk.spacing.edgeNode": String(ELK_SPACING.edgeNode),
      "elk.layered.spacing.edgeNodeBetweenLayers": String(ELK_SPACING.edgeNode),
      "elk.spacing.edgeEdge": String(ELK_SPACING.edgeEdge),
      "elk.layered.spacing.edgeEdgeBetweenLayers": String(ELK_SPACING.edgeEdge),
      "elk.spacing.edgeLabel": String(ELK_SPACING.label),
      "elk.spacing.labelNode": String(ELK_SPACING.label),
      "elk.edgeLabels.placement": "CENTER",
      "elk.spacing.portPort": "14",
      "elk.layered.thoroughness": "3",
      "elk.layered.mergeEdges": "false",
    },
    children: ids.map((id) => ({
      id,
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      ports: ports.get(id)!,
      layoutOptions: {
        "elk.portConstraints": "FIXED_SIDE",
        ...(id === world.entrance.state ? { "elk.layered.layering.layerConstraint": "FIRST" } : {}),
      },
    })),
    edges,
  };
  return { graph, edges: map };
}

/** ELK's answer as the canvas's positions (rounded, as they are saved) and routes by edge id. */
export function readElk(result: ElkResult, input: ElkInput): Layout {
  const positions: Positions = new Map();
  // Node positions are rounded (as saved in localStorage); routes move with them by the same fraction.
  const shift = new Map<string, XY>();
  for (const c of result.children ?? []) {
    const x = c.x ?? 0;
    const y = c.y ?? 0;
    positions.set(c.id, { x: Math.round(x), y: Math.round(y) });
    shift.set(c.id, { x: Math.round(x) - x, y: Math.round(y) - y });
  }
  const routes = new Map<string, EdgeRoute>();
  for (const e of result.edges ?? []) {
    const known = input.edges.get(e.id);
    const section = e.sections?.[0];
    if (!known || !section) continue;
    const from = positions.get(known.from);
    const to = positions.get(known.to);
    if (!from || !to) continue;
    const ds = shift.get(known.from)!;
    const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((p) => ({ x: p.x + ds.x, y: p.y + ds.y }));
    // The last point sits on the target: give it the target's own rounding.
    const dt = shift.get(known.to)!;
    const end = points[points.length - 1]!;
    points[points.length - 1] = { x: end.x - ds.x + dt.x, y: end.y - ds.y + dt.y };
    const l = e.labels?.[0];
    const label =
      l && l.x !== undefined && l.y !== undefined ? { x: Math.round(l.x), y: Math.round(l.y), width: l.width, height: l.height } : null;
    routes.set(known.id, { points, kind: "orthogonal", label, source: known.from, target: known.to, from, to });
  }
  return { positions, routes };
}

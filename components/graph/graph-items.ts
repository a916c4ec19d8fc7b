import type { Edge, Node } from "@xyflow/react";
import { canvasName, fillTemplate, type State, type World } from "@/lib/kernel";
import { NEW_EVENT_EDGE, edgeIdOf, type Selection } from "./editor-state";

/** The data of the canvas's nodes and edges, and how a state reads on its node. */

export interface OverrideChip {
  name: string;
  hotkey: string;
}

export interface StateNodeData extends Record<string, unknown> {
  stateId: string;
  /** The state's name for people: its frame's caption, else its id made readable (`nameOf`). */
  name: string;
  excerpt: string;
  thumb: string | null;
  hue: number;
  entrance: boolean;
  ending: null | "good" | "bad" | "neutral" | "plain";
  /** The first few overrides (shown as chips) and how many there are. */
  overrides: OverrideChip[];
  overrideCount: number;
  overridesKey: string;
  problem: "error" | "warning" | null;
  unsaved: "new" | "edited" | null;
  /** How an Ask preview on show changes this state; `removed` is a ghost of the confirmed world. */
  diff: DiffMark;
}
export type StateNodeType = Node<StateNodeData, "state">;

export interface TransitionEdgeData extends Record<string, unknown> {
  name: string;
  hotkey: string;
  from: string;
  problem: "error" | "warning" | null;
  unsaved: boolean;
  diff: DiffMark;
  /** Index among the edges between the same two nodes, and their count. */
  lane: number;
  lanes: number;
}
export type TransitionEdgeType = Edge<TransitionEdgeData, "transition">;

export type DiffMark = "added" | "changed" | "removed" | null;

/** Edge ids of events an Ask preview removes, drawn as ghosts; they are not selectable. */
export const GHOST_EDGE_PREFIX = "ghost:";

const SHOWABLE = /^(https?:\/\/|\/|data:image\/)/i;

export function thumbOf(state: State): string | null {
  const image = (state as { image?: unknown }).image;
  if (typeof image !== "object" || image === null) return null;
  const src = (image as { src?: unknown }).src;
  return typeof src === "string" && SHOWABLE.test(src.trim()) ? src.trim() : null;
}

/** A state's name for people, as the canvas shows it (the kernel's `canvasName`, which the Ask bar also reads). */
export function nameOf(state: State, world: World): string {
  return canvasName(state, world);
}

export function excerptOf(state: State, world: World): string {
  const text = fillTemplate(state.base.slice(0, 240), state.slots, world.slots).replace(/\s+/g, " ").trim();
  return text.length > 140 ? `${text.slice(0, 140).trimEnd()}…` : text;
}

export function selectedNodeId(selection: Selection): string | null {
  return selection?.kind === "state" ? selection.id : null;
}

export function selectedEdgeId(selection: Selection): string | null {
  if (selection?.kind !== "event") return null;
  return selection.name === NEW_EVENT_EDGE && selection.from === "" ? NEW_EVENT_EDGE : edgeIdOf(selection.from, selection.name);
}

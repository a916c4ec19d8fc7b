import type { Diagnostic, GraphIndex, Op, PlaytestReport, World, WorldDiff } from "@/lib/kernel";
import { graphOf, type WorldResource } from "@/components/api/worlds";
import type { Draft } from "./fields";
import type { ProblemMarks } from "./targets";

/*
 * What the editor's store holds (EditorState) and the identities its pieces share: the
 * selection, the node and edge ids of items not created yet, the view of the would-be world.
 */

/** Node id of a state being created (it has no id of its own until it is saved). */
export const NEW_STATE_NODE = "\u0000new-state";
/** Edge id of an event being created. */
export const NEW_EVENT_EDGE = "\u0000new-event";

export type Selection = { kind: "state"; id: string } | { kind: "event"; from: string; name: string } | null;

export interface Batch {
  label: string;
  ops: Op[];
  inverse: Op[];
}

export interface View {
  /** The would-be world: confirmed + in flight + draft. */
  world: World;
  index: GraphIndex;
  diagnostics: Diagnostic[];
  marks: ProblemMarks;
  /** Draft ops the kernel skipped (an id or name already taken), as `applyOps` words them. */
  draftApplyErrors: string[];
  /** The view id of the state the draft edits and its node id (they differ while renaming or creating). */
  draftState: { viewId: string; nodeId: string } | null;
  /** Index in `world.scene.events` of the event the draft edits, and its edge id. */
  draftEvent: { index: number; edgeId: string } | null;
  /** Milliseconds of the last apply + index + gate pass. */
  lintMs: number;
}

/** A delete waiting for the person's yes: what it removes, named. */
export interface PendingDelete {
  label: string;
  ops: Op[];
  /** The state's name for people, when a state is deleted. */
  stateName: string | null;
  /** The events that go with a deleted state (from it or into it), named as the editor shows them. */
  events: Array<{ name: string; from: string; to: string | null }>;
  /** Generated properties undo cannot bring back. */
  lost: string[];
}

export interface Toast {
  id: number;
  message: string;
  tone: "neutral" | "danger";
  action?: { label: string; run: () => void };
}

export interface Refusal {
  detail: string;
  diagnostics: Diagnostic[];
  errors: string[];
}

/** An Ask bar answer on show: the ops an instruction became, drawn on the canvas until applied or discarded. */
export interface Preview {
  instruction: string;
  ops: Op[];
  summary: string;
  /** The rev the preview was made on; applying sends it as `If-Match`. */
  baseRev: string;
  /** From the confirmed world to the world the ops make (the canvas marks it). */
  diff: WorldDiff;
  /** The server's replay of the stored play-throughs on that world. */
  playtests: PlaytestReport;
}

/** The World resource with its graph read as the kernel reads it: every state complete. */
export type EditorResource = Omit<WorldResource, "world"> & { world: World };

/**
 * A stored world may leave out state fields (an import is kept as sent); the editor reads them
 * as their add_state defaults, like the gate. A complete world is taken as it is.
 */
export function completeResource(resource: WorldResource): EditorResource {
  const world = graphOf(resource);
  return world === resource.world ? (resource as EditorResource) : { ...resource, world };
}

export interface EditorState {
  resource: EditorResource;
  pending: Op[] | null;
  draft: Draft | null;
  selection: Selection;
  view: View;
  undo: Batch[];
  redo: Batch[];
  saving: boolean;
  /** A write answered 412: the world changed elsewhere. */
  conflict: boolean;
  reloading: boolean;
  /** The gate's 422 for the last save of the draft. */
  refusal: Refusal | null;
  /** Any other failure of the last write. */
  error: string | null;
  /** Field errors that block saving (shapes the API would refuse with 400). */
  fieldErrors: Map<string, string>;
  toast: Toast | null;
  focus: { field: string; nonce: number } | null;
  reveal: { nodeId: string; nonce: number } | null;
  savedAt: number | null;
  /** A delete that needs confirmation: a state with events, or properties undo cannot restore. */
  confirmDelete: PendingDelete | null;
  /** The Ask bar's proposed change, shown on the canvas (the view applies its ops) until applied or discarded. */
  preview: Preview | null;
  /** An instruction is with the server. */
  asking: boolean;
  /** Why the last instruction gave no preview (the server's `detail`, or the gate's diagnostics). */
  askError: Refusal | null;
  /** Counts previews applied (the Ask bar clears its text on a new one). */
  askApplied: number;
}

export const edgeIdOf = (from: string, name: string) => JSON.stringify([from, name]);

export function sameSelection(a: Selection, b: Selection): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "state" && b.kind === "state") return a.id === b.id;
  if (a.kind === "event" && b.kind === "event") return a.from === b.from && a.name === b.name;
  return false;
}

/** The state of a store that has just opened `resource`, nothing selected. */
export function initialState(resource: EditorResource, draft: Draft | null, view: View): EditorState {
  return {
    resource,
    pending: null,
    draft,
    selection: null,
    view,
    undo: [],
    redo: [],
    saving: false,
    conflict: false,
    reloading: false,
    refusal: null,
    error: null,
    fieldErrors: new Map(),
    toast: null,
    focus: null,
    reveal: null,
    savedAt: null,
    confirmDelete: null,
    preview: null,
    asking: false,
    askError: null,
    askApplied: 0,
  };
}

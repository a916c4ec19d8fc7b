import { applyOps, diffWorlds, lostOnUndo, stateTitle, type Op, type World } from "@/lib/kernel";
import { ApiRequestError } from "@/components/api/client";
import type { EditPreview } from "@/components/api/worlds";
import { afterFailedWrite, quote, savedForm, type DraftAt } from "./editor-drafts";
import { NEW_STATE_NODE, type EditorState, type PendingDelete, type Preview, type Selection, type View } from "./editor-state";
import { draftOps, nextHotkey, type Draft } from "./fields";

/**
 * What the editor store's actions compute from plain data: the ops a save or a delete sends,
 * the optimistic draft and selection, the words of its label and toast, and the state a failed
 * request leaves. EditorStore calls these around its requests; none of them talks to the API.
 */

/** Node id of a state of the view world (the state being created has its own node id). */
export function nodeIdOf(viewId: string, view: View): string {
  return view.draftState && view.draftState.viewId === viewId ? view.draftState.nodeId : viewId;
}

/** State id (in the view world) of a node id. */
export function stateIdOfNode(nodeId: string, view: View): string {
  return view.draftState && view.draftState.nodeId === nodeId ? view.draftState.viewId : nodeId;
}

/** The event draft retargeted to `to`; a hotkey that is still the suggested one follows the change of kind. */
export function retargetedEvent(world: World, draft: Extract<Draft, { kind: "event" }>, to: string): Draft {
  const f = draft.fields;
  const suggested = nextHotkey(world, f.from, f.to !== "", draft.original ?? undefined);
  const hotkey =
    f.hotkey === suggested && (f.to === "") !== (to === "") ? nextHotkey(world, f.from, to !== "", draft.original ?? undefined) : f.hotkey;
  return { ...draft, fields: { ...f, to, hotkey } };
}

/** What saving `draft` (plus `extra` ops) sends, and the draft and selection it leaves if it succeeds. */
export function savePlan(draft: Draft | null, extra: Op[], selection: Selection) {
  const ops = [...draftOps(draft), ...extra];
  // Optimistically, the draft is now saved: it edits the item as the batch leaves it.
  const savedDraft = draft && draft.kind !== "entrance" ? savedForm(draft) : draft;
  const optimistic: DraftAt = {
    draft: savedDraft,
    selection:
      savedDraft?.kind === "state"
        ? { kind: "state" as const, id: savedDraft.fields.id }
        : savedDraft?.kind === "event"
          ? { kind: "event" as const, from: savedDraft.fields.from, name: savedDraft.fields.name }
          : selection,
  };
  // The node keeps its place under its new id (a rename, or a new state getting its id).
  const renamedFrom = draft?.kind === "state" ? (draft.original ?? NEW_STATE_NODE) : null;
  const renamedTo = draft?.kind === "state" ? draft.fields.id : null;
  const rename = renamedFrom !== null && renamedTo !== null && renamedFrom !== renamedTo ? { from: renamedFrom, to: renamedTo } : null;
  return { ops, optimistic, rename };
}

/**
 * Deleting the selected (saved) item: its ops and label, and what the person is asked to confirm
 * (generated properties undo cannot bring back; the events a state takes with it), named from `world`.
 */
export function deletionOf(sel: Exclude<Selection, null>, confirmed: World, world: World): PendingDelete {
  const ops: Op[] = sel.kind === "state" ? [{ op: "delete_state", id: sel.id }] : [{ op: "delete_event", from: sel.from, name: sel.name }];
  const label = sel.kind === "state" ? `Delete state ${quote(sel.id)}` : `Delete event ${quote(sel.name)}`;
  const lost = lostOnUndo(confirmed, ops);
  const events =
    sel.kind === "state"
      ? world.scene.events
          .filter((e) => e.from === sel.id || e.to === sel.id)
          .map((e) => ({ name: e.name, from: stateTitle(world, e.from), to: e.to === undefined ? null : stateTitle(world, e.to) }))
      : [];
  return { label, ops, lost, events, stateName: sel.kind === "state" ? stateTitle(world, sel.id) : null };
}

/** Whether a deletion asks first: it loses something undo cannot restore, or a state takes events with it. */
export const deletionAsks = (d: PendingDelete): boolean => d.lost.length > 0 || d.events.length > 0;

/** The toast after a delete: "Deleted …", with the count of events a state took with it. */
export function deletedMessage(world: World, ops: Op[], label: string): string {
  const removed =
    ops[0]?.op === "delete_state"
      ? world.scene.events.filter((e) => e.from === (ops[0] as { id: string }).id || e.to === (ops[0] as { id: string }).id).length
      : 0;
  return removed > 0
    ? `${label.replace("Delete", "Deleted")} and ${removed} event${removed === 1 ? "" : "s"}`
    : label.replace("Delete", "Deleted");
}

/** Any thrown value as the API's error (a network failure is status 0). */
export function asApiError(error: unknown): ApiRequestError {
  return error instanceof ApiRequestError
    ? error
    : new ApiRequestError(0, "unknown", error instanceof Error ? error.message : "Something went wrong.");
}

/**
 * The state a failed write leaves: nothing in flight, the draft and selection put back (when the
 * write had an optimistic form), a 412 as the conflict banner, a 422 as the refusal, else the error.
 */
export function afterFailedCommit(now: EditorState, failure: ApiRequestError, drafts: { before?: DraftAt; optimistic?: DraftAt }) {
  const { draft, selection } = drafts.before && drafts.optimistic ? afterFailedWrite(now, drafts.before, drafts.optimistic) : now;
  return {
    pending: null,
    saving: false,
    draft,
    selection,
    conflict: failure.status === 412 ? true : now.conflict,
    refusal: failure.status === 422 ? { detail: failure.detail, diagnostics: failure.diagnostics, errors: failure.errors } : null,
    error: failure.status === 412 || failure.status === 422 ? null : failure.detail,
  } satisfies Partial<EditorState>;
}

/** The state a failed Ask leaves: a 412 as the conflict banner, anything else under the Ask bar. */
export function afterFailedAsk(now: EditorState, failure: ApiRequestError) {
  return {
    asking: false,
    conflict: failure.status === 412 ? true : now.conflict,
    askError: failure.status === 412 ? null : { detail: failure.detail, diagnostics: failure.diagnostics, errors: failure.errors },
  } satisfies Partial<EditorState>;
}

/** An Ask answer as the preview the canvas shows, with its diff from the confirmed world. */
export function previewOf(instruction: string, answer: EditPreview, world: World): Preview {
  const diff = diffWorlds(world, applyOps(world, answer.ops).world);
  return { instruction, ops: answer.ops, summary: answer.summary, baseRev: answer.baseRev, diff, playtests: answer.playtests };
}

/** The undo label of an applied preview: its instruction, cut short. */
export const askLabel = (instruction: string): string =>
  `Ask ${quote(instruction.length > 60 ? `${instruction.slice(0, 59)}…` : instruction)}`;

/** An Ask error with only a sentence. */
export const askRefusal = (detail: string) => ({ detail, diagnostics: [], errors: [] });

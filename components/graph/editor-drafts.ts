import { getState, type World } from "@/lib/kernel";
import { NEW_EVENT_EDGE, NEW_STATE_NODE, type Selection } from "./editor-state";
import { emptyStateFields, entranceFields, eventFields, isDirty, mergeFields, stateFields, type Draft } from "./fields";

/** The inspector's draft against a world: made for an item, rebased onto a newer world, saved, named. */

export const quote = (s: string) => `“${s}”`;

/** A draft with the selection it belongs to. */
export interface DraftAt {
  draft: Draft | null;
  selection: Selection;
}

/** A fresh draft of the selected item (with nothing selected, the entrance), or null when it is gone. */
export function draftFor(selection: Selection, world: World): Draft | null {
  if (selection === null) {
    const base = entranceFields(world);
    return { kind: "entrance", base, fields: base };
  }
  if (selection.kind === "state") {
    const s = getState(world, selection.id);
    if (!s) return null;
    const base = stateFields(s);
    return { kind: "state", original: s.id, base, fields: base };
  }
  const e = world.scene.events.find((x) => x.from === selection.from && x.name === selection.name);
  if (!e) return null;
  const base = eventFields(e);
  return { kind: "event", original: { from: e.from, name: e.name }, originalKind: e.kind, base, fields: base };
}

/** Rebases the draft onto a newer world, keeping what the person changed. */
export function rebase(draft: Draft | null, selection: Selection, world: World): { draft: Draft | null; selection: Selection } {
  if (draft === null) return { draft: draftFor(selection, world), selection };
  if (draft.kind === "entrance") {
    const theirs = entranceFields(world);
    return { draft: { kind: "entrance", base: theirs, fields: mergeFields(draft.base, draft.fields, theirs) }, selection };
  }
  if (draft.original === null) return { draft, selection };
  if (draft.kind === "state") {
    const s = getState(world, draft.original);
    if (!s) {
      // Deleted (elsewhere, or by an undo): keep typed changes as a new state, else let go.
      if (!isDirty(draft)) return { draft: draftFor(null, world), selection: null };
      return {
        draft: { kind: "state", original: null, base: emptyStateFields(draft.fields.id), fields: draft.fields },
        selection: { kind: "state", id: NEW_STATE_NODE },
      };
    }
    const theirs = stateFields(s);
    return { draft: { ...draft, base: theirs, fields: mergeFields(draft.base, draft.fields, theirs) }, selection };
  }
  const o = draft.original;
  const e = world.scene.events.find((x) => x.from === o.from && x.name === o.name);
  if (!e) {
    if (!isDirty(draft)) return { draft: draftFor(null, world), selection: null };
    return {
      draft: { kind: "event", original: null, base: draft.fields, fields: draft.fields },
      selection: { kind: "event", from: "", name: NEW_EVENT_EDGE },
    };
  }
  const theirs = eventFields(e);
  return { draft: { ...draft, originalKind: e.kind, base: theirs, fields: mergeFields(draft.base, draft.fields, theirs) }, selection };
}

/** The draft as it will be once its batch is saved: nothing left to save, identity updated. */
export function savedForm(draft: Exclude<Draft, { kind: "entrance" }>): Draft {
  if (draft.kind === "state") return { kind: "state", original: draft.fields.id, base: draft.fields, fields: draft.fields };
  return {
    kind: "event",
    original: { from: draft.fields.from, name: draft.fields.name },
    originalKind: draft.original === null ? undefined : draft.originalKind,
    base: draft.fields,
    fields: draft.fields,
  };
}

export function sameItem(a: Draft | null, b: Draft | null): boolean {
  if (a === null || b === null || a.kind !== b.kind) return false;
  if (a.kind === "entrance") return true;
  if (a.kind === "state" && b.kind === "state") return a.original === b.original;
  if (a.kind === "event" && b.kind === "event") return a.original?.from === b.original?.from && a.original?.name === b.original?.name;
  return false;
}

export function labelOf(draft: Draft | null): string {
  if (!draft) return "Edit";
  if (draft.kind === "entrance") return "Edit the entrance";
  if (draft.kind === "state")
    return draft.original === null ? `Create state ${quote(draft.fields.id)}` : `Edit state ${quote(draft.fields.id)}`;
  return draft.original === null ? `Create event ${quote(draft.fields.name)}` : `Edit event ${quote(draft.fields.name)}`;
}

/**
 * After a write that failed: the draft as it was before the optimistic "saved" form, with what
 * was typed since when the person is still on that item.
 */
export function afterFailedWrite(now: DraftAt, before: DraftAt, optimistic: DraftAt): DraftAt {
  if (now.draft === optimistic.draft || sameItem(now.draft, optimistic.draft)) {
    // Still on the item: put the unsaved changes back, with whatever was typed since.
    const b = before.draft;
    const draft = b && now.draft && b.kind === now.draft.kind ? ({ ...b, fields: now.draft.fields } as Draft) : b;
    return { draft, selection: before.selection };
  }
  return { draft: before.draft, selection: before.selection };
}

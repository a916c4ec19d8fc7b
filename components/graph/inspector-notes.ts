import type { Diagnostic } from "@/lib/kernel";
import type { View } from "./editor-state";
import type { EditorStore } from "./editor-store";
import type { Draft } from "./fields";
import { resolvePath } from "./targets";

export type Notes = Map<string, Diagnostic[]>;

/** The view's diagnostics about the item the draft edits, by field key ("" for the item as a whole). */
export function notesFor(view: View, draft: Draft | null): Notes {
  const notes: Notes = new Map();
  if (draft === null) return notes;
  for (const d of view.diagnostics) {
    const t = resolvePath(view.world, d.loc.field || d.path);
    let key: string | null = null;
    if (draft.kind === "state" && t.kind === "state" && t.id === view.draftState?.viewId) key = t.field;
    else if (draft.kind === "event" && t.kind === "event" && t.index === view.draftEvent?.index) key = t.field;
    else if (draft.kind === "entrance" && t.kind === "entrance") key = t.field;
    if (key === null) continue;
    const list = notes.get(key);
    if (list) list.push(d);
    else notes.set(key, [d]);
  }
  return notes;
}

/** What every panel of the inspector receives: the draft of its kind, the view, its notes and blocking errors. */
export interface PanelProps<D extends Draft> {
  store: EditorStore;
  draft: D;
  view: View;
  notes: Notes;
  errors: Map<string, string>;
}

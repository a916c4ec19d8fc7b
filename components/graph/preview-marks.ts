import { edgeIdOf, type Preview } from "./editor-state";
import type { DiffMark } from "./graph-items";

/** What an Ask preview does, by state id and by event key (`edgeIdOf`). */
export interface DiffMarks {
  states: Map<string, Exclude<DiffMark, null>>;
  events: Map<string, Exclude<DiffMark, null>>;
}
export const NO_MARKS: DiffMarks = { states: new Map(), events: new Map() };

export function diffMarksOf(preview: Preview | null): DiffMarks {
  if (!preview) return NO_MARKS;
  const { states, events } = preview.diff;
  const marks: DiffMarks = { states: new Map(), events: new Map() };
  for (const id of states.added) marks.states.set(id, "added");
  for (const c of states.changed) marks.states.set(c.id, "changed");
  for (const id of states.removed) marks.states.set(id, "removed");
  for (const e of events.added) marks.events.set(edgeIdOf(e.from, e.name), "added");
  for (const e of events.changed) marks.events.set(edgeIdOf(e.from, e.name), "changed");
  for (const e of events.removed) marks.events.set(edgeIdOf(e.from, e.name), "removed");
  return marks;
}

import type { State } from "@/lib/kernel";
import type { StateNodeData } from "./graph-items";

/** When the canvas may keep an object it made before: the checks GraphModel uses to reuse nodes, edges and their data. */

/** Same length and the same objects at every index (ops copy arrays but keep unchanged items). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function sameMarks(a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/** The same state ids (edges need both ends to exist); a state's content does not matter here. */
export function sameStateSet(a: Record<string, State>, b: Record<string, State>): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

export function sameData(a: StateNodeData, b: StateNodeData): boolean {
  return (
    a.stateId === b.stateId &&
    a.name === b.name &&
    a.excerpt === b.excerpt &&
    a.thumb === b.thumb &&
    a.entrance === b.entrance &&
    a.ending === b.ending &&
    a.overridesKey === b.overridesKey &&
    a.problem === b.problem &&
    a.unsaved === b.unsaved &&
    a.diff === b.diff
  );
}

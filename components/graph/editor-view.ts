import { applyOps, buildGraphIndex, getState, validateWorld, type Op, type World } from "@/lib/kernel";
import { edgeIdOf, NEW_EVENT_EDGE, NEW_STATE_NODE, type View } from "./editor-state";
import { draftOps, type Draft } from "./fields";
import { problemMarks } from "./targets";

declare global {
  interface Window {
    /** Milliseconds of the editor's last lint pass (apply + index + gate), for the benchmark. */
    __lintMs?: number;
    __lintPasses?: number[];
  }
}

/**
 * The would-be world (confirmed + the batch in flight + the draft's ops) with its live lints, and
 * where the draft's item sits in it. Every keystroke runs it; `__lintMs` times it for the bench.
 */
function computeView(confirmed: World, pending: Op[] | null, draft: Draft | null, ops = draftOps(draft)): View {
  const started = performance.now();
  let world = confirmed;
  let draftApplyErrors: string[] = [];
  const all = pending ? [...pending, ...ops] : ops;
  if (all.length > 0) {
    const applied = applyOps(confirmed, all);
    world = applied.world;
    const offset = pending?.length ?? 0;
    draftApplyErrors = applied.applyErrors.filter((e) => Number(/^ops\[(\d+)\]/.exec(e)?.[1] ?? 0) >= offset);
  }
  const index = buildGraphIndex(world);
  const diagnostics = validateWorld(world, { index });
  const lintMs = performance.now() - started;
  const marks = problemMarks(world, diagnostics);

  let draftState: View["draftState"] = null;
  let draftEvent: View["draftEvent"] = null;
  if (draft?.kind === "state" && draftApplyErrors.length === 0) {
    const nodeId = draft.original ?? NEW_STATE_NODE;
    if (getState(world, draft.fields.id)) draftState = { viewId: draft.fields.id, nodeId };
  } else if (draft?.kind === "event" && draftApplyErrors.length === 0) {
    const f = draft.fields;
    const index = world.scene.events.findIndex((e) => e.from === f.from && e.name === f.name);
    if (index !== -1) draftEvent = { index, edgeId: draft.original ? edgeIdOf(draft.original.from, draft.original.name) : NEW_EVENT_EDGE };
  }

  if (typeof window !== "undefined") {
    window.__lintMs = lintMs;
    (window.__lintPasses ??= []).push(lintMs);
    if (window.__lintPasses.length > 200) window.__lintPasses.shift();
  }
  return { world, index, diagnostics, marks, draftApplyErrors, draftState, draftEvent, lintMs };
}

/** The last view, kept while nothing it depends on changed (the confirmed world, the batch in flight, the draft's ops and item). */
export class ViewCache {
  private key = "";
  private base: World | null = null;

  viewFor(confirmed: World, pending: Op[] | null, draft: Draft | null, current: View | null): View {
    const ops = draftOps(draft);
    const key = JSON.stringify([pending, ops, draftItem(draft)]);
    if (current && this.key === key && this.base === confirmed) return current;
    this.key = key;
    this.base = confirmed;
    return computeView(confirmed, pending, draft, ops);
  }
}

/** Which item a draft edits (the view's draft mapping depends on it, not only on the ops). */
function draftItem(draft: Draft | null): unknown {
  if (draft === null) return null;
  if (draft.kind === "entrance") return "entrance";
  if (draft.kind === "state") return ["state", draft.original, draft.fields.id];
  return ["event", draft.original?.from ?? null, draft.original?.name ?? null, draft.fields.from, draft.fields.name];
}

import { applyOps, buildGraphIndex, getState, invertOps, lostOnUndo, validateWorld, withWorldDefaults, type Diagnostic, type GraphIndex, type Op, type World } from "@/lib/kernel";
import { ApiRequestError } from "@/components/api/client";
import { postOps, withOpsResult, type WorldRef, type WorldResource } from "@/components/api/worlds";
import {
  draftFieldErrors,
  draftOps,
  emptyStateFields,
  entranceFields,
  eventFields,
  isDirty,
  mergeFields,
  newEventFields,
  newStateId,
  nextHotkey,
  stateFields,
  type Draft,
} from "./fields";

import { PositionStore } from "./position-store";
import { problemMarks, resolveDiagnostic, type ProblemMarks } from "./targets";
import { NODE_HEIGHT, NODE_WIDTH, type Positions, type XY } from "./layout";

/**
 * The editor's state outside React: the confirmed world (last answer of the API), the batch in
 * flight, the inspector's draft, the selection, undo/redo over op batches, and the would-be
 * world (confirmed + in flight + draft) with its live lints. Components subscribe to slices.
 *
 * Every write is one POST /v1/worlds/{id}/ops with `If-Match: <rev>`; writes run one at a
 * time, each computed from the state at its turn.
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

/** The World resource with its graph read as the kernel reads it: every state complete. */
export type EditorResource = Omit<WorldResource, "world"> & { world: World };

/**
 * A stored world may leave out state fields (an import is kept as sent); the editor reads them
 * as their add_state defaults, like the gate. A complete world is taken as it is.
 */
function complete(resource: WorldResource): EditorResource {
  const world = withWorldDefaults(resource.world);
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
  /** A delete that needs confirmation (it would lose properties undo cannot restore). */
  confirmDelete: { label: string; lost: string[]; ops: Op[] } | null;
}

export const edgeIdOf = (from: string, name: string) => JSON.stringify([from, name]);

export function sameSelection(a: Selection, b: Selection): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === "state" && b.kind === "state") return a.id === b.id;
  if (a.kind === "event" && b.kind === "event") return a.from === b.from && a.name === b.name;
  return false;
}

const quote = (s: string) => `“${s}”`;

declare global {
  interface Window {
    /** Milliseconds of the editor's last lint pass (apply + index + gate), for the benchmark. */
    __lintMs?: number;
    __lintPasses?: number[];
  }
}

export interface EditorCallbacks {
  /** The confirmed world changed through this editor: the query cache takes this very object. */
  onResource(resource: WorldResource): void;
  /** Fetches the latest world (the 412 path's Reload). */
  fetchLatest(): Promise<WorldResource>;
}

export class EditorStore {
  private state: EditorState;
  private listeners = new Set<() => void>();
  private lock: Promise<unknown> = Promise.resolve();
  private nonce = 0;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private viewKey = "";
  readonly positions: PositionStore;

  constructor(
    private readonly target: WorldRef,
    initial: WorldResource,
    private readonly callbacks: EditorCallbacks,
  ) {
    this.positions = new PositionStore(target.worldId);
    const resource = complete(initial);
    const draft = this.draftFor(null, resource.world);
    this.state = {
      resource,
      pending: null,
      draft,
      selection: null,
      view: this.computeView(resource.world, null, draft),
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
    };
    if (typeof performance !== "undefined") performance.mark("pw-editor-store");
  }

  // ---- subscription ----------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): EditorState => this.state;

  private set(patch: Partial<EditorState>, recompute = false): void {
    let next = { ...this.state, ...patch };
    if (recompute || "draft" in patch || "pending" in patch || "resource" in patch) {
      const view = this.viewFor(next);
      if (view !== next.view) next = { ...next, view };
      if ("draft" in patch) next.fieldErrors = draftFieldErrors(next.draft);
    }
    this.state = next;
    for (const l of this.listeners) l();
  }

  // ---- the would-be world ----------------------------------------------------------------

  private viewFor(s: EditorState): View {
    const ops = draftOps(s.draft);
    const key = JSON.stringify([s.pending, ops, draftItem(s.draft)]);
    if (s.view && s.view.world !== undefined && this.viewKey === key && this.viewBase === s.resource.world) return s.view;
    return this.computeView(s.resource.world, s.pending, s.draft, ops, key);
  }

  private viewBase: World | null = null;

  private computeView(confirmed: World, pending: Op[] | null, draft: Draft | null, ops = draftOps(draft), key = JSON.stringify([pending, ops, draftItem(draft)])): View {
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
    this.viewKey = key;
    this.viewBase = confirmed;
    return { world, index, diagnostics, marks, draftApplyErrors, draftState, draftEvent, lintMs };
  }

  /** The world every new draft starts from: confirmed plus the batch in flight. */
  private baseWorld(s: EditorState = this.state): World {
    return s.pending ? applyOps(s.resource.world, s.pending).world : s.resource.world;
  }

  /** Node id of a state of the view world. */
  nodeIdOf(viewId: string, view: View = this.state.view): string {
    return view.draftState && view.draftState.viewId === viewId ? view.draftState.nodeId : viewId;
  }

  /** State id (in the view world) of a node id. */
  stateIdOfNode(nodeId: string, view: View = this.state.view): string {
    return view.draftState && view.draftState.nodeId === nodeId ? view.draftState.viewId : nodeId;
  }

  // ---- drafts ------------------------------------------------------------------------------

  private draftFor(selection: Selection, world: World): Draft | null {
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
  private rebase(draft: Draft | null, selection: Selection, world: World): { draft: Draft | null; selection: Selection } {
    if (draft === null) return { draft: this.draftFor(selection, world), selection };
    if (draft.kind === "entrance") {
      const theirs = entranceFields(world);
      return { draft: { kind: "entrance", base: theirs, fields: mergeFields(draft.base, draft.fields, theirs) }, selection };
    }
    if (draft.original === null) return { draft, selection };
    if (draft.kind === "state") {
      const s = getState(world, draft.original);
      if (!s) {
        // Deleted (elsewhere, or by an undo): keep typed changes as a new state, else let go.
        if (!isDirty(draft)) return { draft: this.draftFor(null, world), selection: null };
        return { draft: { kind: "state", original: null, base: emptyStateFields(draft.fields.id), fields: draft.fields }, selection: { kind: "state", id: NEW_STATE_NODE } };
      }
      const theirs = stateFields(s);
      return { draft: { ...draft, base: theirs, fields: mergeFields(draft.base, draft.fields, theirs) }, selection };
    }
    const o = draft.original;
    const e = world.scene.events.find((x) => x.from === o.from && x.name === o.name);
    if (!e) {
      if (!isDirty(draft)) return { draft: this.draftFor(null, world), selection: null };
      return { draft: { kind: "event", original: null, base: draft.fields, fields: draft.fields }, selection: { kind: "event", from: "", name: NEW_EVENT_EDGE } };
    }
    const theirs = eventFields(e);
    return { draft: { ...draft, originalKind: e.kind, base: theirs, fields: mergeFields(draft.base, draft.fields, theirs) }, selection };
  }

  /** Typing in the inspector. */
  updateDraft = (update: (draft: Draft) => Draft): void => {
    const draft = this.state.draft;
    if (draft === null) return;
    this.set({ draft: update(draft), refusal: null, error: null });
  };

  /**
   * Changes the target of the event being drafted; a hotkey that is still the suggested one
   * follows the change of kind (digits for transitions, letters for overrides).
   */
  setEventTarget = (to: string): void => {
    const draft = this.state.draft;
    if (draft?.kind !== "event") return;
    const world = this.baseWorld();
    const f = draft.fields;
    const suggested = nextHotkey(world, f.from, f.to !== "", draft.original ?? undefined);
    const hotkey = f.hotkey === suggested && (f.to === "") !== (to === "") ? nextHotkey(world, f.from, to !== "", draft.original ?? undefined) : f.hotkey;
    this.set({ draft: { ...draft, fields: { ...f, to, hotkey } }, refusal: null, error: null });
  };

  discardDraft = (): void => {
    const s = this.state;
    if (s.draft?.kind !== "entrance" && s.draft?.original === null) {
      this.set({ draft: this.draftFor(null, this.baseWorld()), selection: null, refusal: null, error: null });
      return;
    }
    this.set({ draft: this.draftFor(s.selection, this.baseWorld()), refusal: null, error: null });
  };

  // ---- selection & navigation -------------------------------------------------------------

  /** Selects an item; a draft with changes is saved first (and the selection stays if that fails). */
  select = async (selection: Selection): Promise<boolean> => {
    if (sameSelection(selection, this.state.selection)) return true;
    if (isDirty(this.state.draft)) {
      const saved = await this.save();
      if (!saved) return false;
      if (sameSelection(selection, this.state.selection)) return true;
    }
    const world = this.baseWorld();
    this.set({ selection, draft: this.draftFor(selection, world), refusal: null, error: null });
    return true;
  };

  /** The selection key of a state of the view world (its node id). */
  selectStateOfView = (viewId: string) => this.select({ kind: "state", id: this.nodeIdOf(viewId) });

  selectNode = (nodeId: string): Promise<boolean> => {
    if (nodeId === NEW_STATE_NODE) return Promise.resolve(true);
    return this.select({ kind: "state", id: nodeId });
  };

  selectEdge = (edgeId: string): Promise<boolean> => {
    if (edgeId === NEW_EVENT_EDGE) return Promise.resolve(true);
    const [from, name] = JSON.parse(edgeId) as [string, string];
    return this.select({ kind: "event", from, name });
  };

  focusField = (field: string): void => this.set({ focus: { field, nonce: ++this.nonce } });
  revealNode = (nodeId: string): void => this.set({ reveal: { nodeId, nonce: ++this.nonce } });

  /** Problems panel → the node, edge or field the diagnostic's `loc` names. Returns "settings" for world fields. */
  goToDiagnostic = async (d: Diagnostic): Promise<"settings" | void> => {
    const view = this.state.view;
    const target = resolveDiagnostic(view.world, d);
    if (target.kind === "settings") return "settings";
    if (target.kind === "none") return;
    if (target.kind === "state") {
      const nodeId = this.nodeIdOf(target.id, view);
      if (!(await this.select(nodeId === NEW_STATE_NODE ? this.state.selection : { kind: "state", id: nodeId }))) return;
      this.revealNode(this.nodeIdOf(target.id));
      if (target.field) this.focusField(target.field);
      return;
    }
    if (target.kind === "event") {
      const e = view.world.scene.events[target.index];
      if (!e) return;
      const isDraft = view.draftEvent?.index === target.index;
      if (!isDraft && !(await this.select({ kind: "event", from: e.from, name: e.name }))) return;
      if (target.field) this.focusField(target.field);
      return;
    }
    if (!(await this.select(null))) return;
    this.focusField(target.field);
  };

  // ---- creating ------------------------------------------------------------------------------

  /** Starts a new state in the inspector (created on save); its node appears at `at`. */
  addState = async (at: XY): Promise<void> => {
    if (isDirty(this.state.draft) && !(await this.save())) return;
    const world = this.baseWorld();
    const fields = emptyStateFields(newStateId(world));
    this.positions.set(NEW_STATE_NODE, freeSpot(at, this.positions.all()));
    this.set({ selection: { kind: "state", id: NEW_STATE_NODE }, draft: { kind: "state", original: null, base: fields, fields }, refusal: null, error: null });
    this.focusField("id");
  };

  /** Starts a new event from `from` (to `to`, or an override) in the inspector. */
  addEvent = async (from: string | null, to = ""): Promise<void> => {
    let source = from;
    if (source === null) {
      const sel = this.state.selection;
      if (sel?.kind === "state" && sel.id !== NEW_STATE_NODE) source = sel.id;
      else if (sel?.kind === "event") source = sel.from;
    }
    if (isDirty(this.state.draft) && !(await this.save())) return;
    // A state created by that save is now selected under its own id.
    if (source === null || source === NEW_STATE_NODE) {
      const sel = this.state.selection;
      source = sel?.kind === "state" && sel.id !== NEW_STATE_NODE ? sel.id : null;
    }
    const world = this.baseWorld();
    if (source === null || !getState(world, source)) {
      this.showToast("Select a state first: events leave from a state.", "neutral");
      return;
    }
    const fields = newEventFields(world, source, to);
    this.set({ selection: { kind: "event", from: "", name: NEW_EVENT_EDGE }, draft: { kind: "event", original: null, base: fields, fields }, refusal: null, error: null });
    this.focusField("name");
  };

  // ---- writes ------------------------------------------------------------------------------

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.lock.then(run, run);
    this.lock = next.catch(() => undefined);
    return next;
  }

  /** Saves the inspector's draft (Save, ⌘S, Enter, or moving on with changes). */
  save = (extra: Op[] = [], label?: string): Promise<boolean> =>
    this.exclusive(async () => {
      const s = this.state;
      const draft = s.draft;
      const ops = [...draftOps(draft), ...extra];
      if (ops.length === 0) return true;
      if (s.fieldErrors.size > 0) {
        const first = s.fieldErrors.keys().next().value;
        if (first !== undefined) this.focusField(first);
        return false;
      }
      // Optimistically, the draft is now saved: it edits the item as the batch leaves it.
      const savedDraft = draft && draft.kind !== "entrance" ? savedForm(draft) : draft;
      const selection = savedDraft?.kind === "state" ? { kind: "state" as const, id: savedDraft.fields.id } : savedDraft?.kind === "event" ? { kind: "event" as const, from: savedDraft.fields.from, name: savedDraft.fields.name } : s.selection;
      // The node keeps its place under its new id (a rename, or a new state getting its id).
      const renamedFrom = draft?.kind === "state" ? (draft.original ?? NEW_STATE_NODE) : null;
      const renamedTo = draft?.kind === "state" ? draft.fields.id : null;
      const moved = renamedFrom !== null && renamedTo !== null && renamedFrom !== renamedTo ? this.positions.rename(renamedFrom, renamedTo) : null;
      const ok = await this.commit(ops, label ?? labelOf(draft), {
        before: { draft, selection: s.selection },
        optimistic: { draft: savedDraft, selection },
      });
      if (!ok && moved) moved.revert();
      return ok;
    });

  setEntrance = (stateId: string) => this.save([{ op: "set_entrance", state: stateId }], `Set ${quote(stateId)} as the entrance`);

  /** Deletes the selected state or event (a new, unsaved one is just discarded). */
  deleteSelection = (): Promise<void> =>
    this.exclusive(async () => {
      const s = this.state;
      const sel = s.selection;
      if (sel === null) return;
      if (s.draft && s.draft.kind !== "entrance" && s.draft.original === null) {
        this.set({ selection: null, draft: this.draftFor(null, this.baseWorld()) });
        return;
      }
      const ops: Op[] = sel.kind === "state" ? [{ op: "delete_state", id: sel.id }] : [{ op: "delete_event", from: sel.from, name: sel.name }];
      const label = sel.kind === "state" ? `Delete state ${quote(sel.id)}` : `Delete event ${quote(sel.name)}`;
      const lost = lostOnUndo(s.resource.world, ops);
      if (lost.length > 0) {
        this.set({ confirmDelete: { label, lost, ops } });
        return;
      }
      await this.runDelete(ops, label);
    });

  confirmDeletion = (): Promise<void> =>
    this.exclusive(async () => {
      const pending = this.state.confirmDelete;
      if (!pending) return;
      this.set({ confirmDelete: null });
      await this.runDelete(pending.ops, pending.label);
    });

  cancelDeletion = (): void => this.set({ confirmDelete: null });

  private async runDelete(ops: Op[], label: string): Promise<void> {
    const s = this.state;
    const before = { draft: s.draft, selection: s.selection };
    const world = this.baseWorld();
    const removed = ops[0]?.op === "delete_state" ? world.scene.events.filter((e) => e.from === (ops[0] as { id: string }).id || e.to === (ops[0] as { id: string }).id).length : 0;
    const ok = await this.commit(ops, label, { before, optimistic: { draft: this.draftFor(null, applyOps(world, ops).world), selection: null } });
    if (ok) this.showToast(removed > 0 ? `${label.replace("Delete", "Deleted")} and ${removed} event${removed === 1 ? "" : "s"}` : label.replace("Delete", "Deleted"), "neutral", { label: "Undo", run: () => void this.undo() });
  }

  undo = (): Promise<void> =>
    this.exclusive(async () => {
      const batch = this.state.undo.at(-1);
      if (!batch) return;
      // Undo applies to saved batches; an open draft is rebased onto the result.
      const ok = await this.commit(batch.inverse, `Undo ${batch.label}`, { history: "undo", batch });
      if (ok) this.showToast(`Undid: ${batch.label}`, "neutral");
    });

  redo = (): Promise<void> =>
    this.exclusive(async () => {
      const batch = this.state.redo.at(-1);
      if (!batch) return;
      const ok = await this.commit(batch.ops, `Redo ${batch.label}`, { history: "redo", batch });
      if (ok) this.showToast(`Redid: ${batch.label}`, "neutral");
    });

  private async commit(
    ops: Op[],
    label: string,
    options: {
      before?: { draft: Draft | null; selection: Selection };
      optimistic?: { draft: Draft | null; selection: Selection };
      history?: "undo" | "redo";
      batch?: Batch;
    },
  ): Promise<boolean> {
    const start = this.state;
    const inverse = options.history ? null : invertOps(start.resource.world, ops);
    this.set({
      pending: ops,
      saving: true,
      refusal: null,
      error: null,
      ...(options.optimistic ? { draft: options.optimistic.draft, selection: options.optimistic.selection } : {}),
    });
    let result;
    try {
      result = await postOps(this.target, ops, start.resource.rev);
    } catch (error) {
      const failure = error instanceof ApiRequestError ? error : new ApiRequestError(0, "unknown", error instanceof Error ? error.message : "Something went wrong.");
      const now = this.state;
      let draft = now.draft;
      let selection = now.selection;
      if (options.before && options.optimistic) {
        if (now.draft === options.optimistic.draft || sameItem(now.draft, options.optimistic.draft)) {
          // Still on the item: put the unsaved changes back, with whatever was typed since.
          const b = options.before.draft;
          draft = b && now.draft && b.kind === now.draft.kind ? ({ ...b, fields: now.draft.fields } as Draft) : b;
          selection = options.before.selection;
        } else {
          draft = options.before.draft;
          selection = options.before.selection;
        }
      }
      this.set({
        pending: null,
        saving: false,
        draft,
        selection,
        conflict: failure.status === 412 ? true : now.conflict,
        refusal: failure.status === 422 ? { detail: failure.detail, diagnostics: failure.diagnostics, errors: failure.errors } : null,
        error: failure.status === 412 || failure.status === 422 ? null : failure.detail,
      });
      if (failure.status !== 412 && failure.status !== 422) this.showToast(`${label} failed: ${failure.detail}`, "danger");
      return false;
    }

    const resource = complete(withOpsResult(start.resource, result));
    const now = this.state;
    const { draft, selection } = this.rebase(now.draft, now.selection, result.world);
    let undo = now.undo;
    let redo = now.redo;
    if (options.history === "undo" && options.batch) {
      undo = undo.slice(0, -1);
      redo = [...redo, options.batch];
    } else if (options.history === "redo" && options.batch) {
      redo = redo.slice(0, -1);
      undo = [...undo, options.batch];
    } else if (inverse && result.applyErrors.length === 0 && inverse.length > 0) {
      undo = [...undo.slice(-99), { label, ops, inverse }];
      redo = [];
    } else if (!inverse) {
      undo = [];
      redo = [];
    }
    this.set({ resource, pending: null, saving: false, draft, selection, undo, redo, savedAt: Date.now() });
    this.callbacks.onResource(resource);
    return true;
  }

  // ---- the world from elsewhere ----------------------------------------------------------

  /** A newer world from another panel of this page (settings, restore) or a reload. */
  adopt = (latest: WorldResource): void => {
    const s = this.state;
    // This editor's own write, handed to the query cache, coming back as a prop.
    if (latest === s.resource) return;
    const resource = complete(latest);
    if (resource.rev === s.resource.rev) {
      if (resource !== s.resource && resource.world === s.resource.world) this.set({ resource });
      return;
    }
    if (s.saving) return; // our own write's answer is on its way and will be reconciled
    const { draft, selection } = this.rebase(s.draft, s.selection, resource.world);
    this.set({ resource, draft, selection, undo: [], redo: [], conflict: false, refusal: null, error: null });
  };

  /** The 412 banner's Reload: the latest world, with the person's unsaved edits kept. */
  reload = (): Promise<void> =>
    this.exclusive(async () => {
      this.set({ reloading: true });
      try {
        const latest = await this.callbacks.fetchLatest();
        this.set({ reloading: false });
        this.adopt(latest);
        this.set({ conflict: false });
        this.callbacks.onResource(latest);
        this.showToast(isDirty(this.state.draft) ? "Loaded the latest version. Your unsaved changes are still here." : "Loaded the latest version.", "neutral");
      } catch (error) {
        this.set({ reloading: false, error: error instanceof Error ? error.message : "Could not reload the world." });
      }
    });

  // ---- toasts ------------------------------------------------------------------------------

  showToast(message: string, tone: Toast["tone"], action?: Toast["action"]): void {
    if (this.toastTimer !== undefined) clearTimeout(this.toastTimer);
    const id = ++this.nonce;
    this.set({ toast: { id, message, tone, action } });
    this.toastTimer = setTimeout(() => {
      if (this.state.toast?.id === id) this.set({ toast: null });
    }, 6000);
  }

  dismissToast = (): void => this.set({ toast: null });

  dispose(): void {
    if (this.toastTimer !== undefined) clearTimeout(this.toastTimer);
    this.positions.dispose();
  }
}

/** Which item a draft edits (the view's draft mapping depends on it, not only on the ops). */
function draftItem(draft: Draft | null): unknown {
  if (draft === null) return null;
  if (draft.kind === "entrance") return "entrance";
  if (draft.kind === "state") return ["state", draft.original, draft.fields.id];
  return ["event", draft.original?.from ?? null, draft.original?.name ?? null, draft.fields.from, draft.fields.name];
}

/** The draft as it will be once its batch is saved: nothing left to save, identity updated. */
function savedForm(draft: Exclude<Draft, { kind: "entrance" }>): Draft {
  if (draft.kind === "state") return { kind: "state", original: draft.fields.id, base: draft.fields, fields: draft.fields };
  return {
    kind: "event",
    original: { from: draft.fields.from, name: draft.fields.name },
    originalKind: draft.original === null ? undefined : draft.originalKind,
    base: draft.fields,
    fields: draft.fields,
  };
}

function sameItem(a: Draft | null, b: Draft | null): boolean {
  if (a === null || b === null || a.kind !== b.kind) return false;
  if (a.kind === "entrance") return true;
  if (a.kind === "state" && b.kind === "state") return a.original === b.original;
  if (a.kind === "event" && b.kind === "event") return a.original?.from === b.original?.from && a.original?.name === b.original?.name;
  return false;
}

function labelOf(draft: Draft | null): string {
  if (!draft) return "Edit";
  if (draft.kind === "entrance") return "Edit the entrance";
  if (draft.kind === "state") return draft.original === null ? `Create state ${quote(draft.fields.id)}` : `Edit state ${quote(draft.fields.id)}`;
  return draft.original === null ? `Create event ${quote(draft.fields.name)}` : `Edit event ${quote(draft.fields.name)}`;
}

/** `at`, or the nearest spot below or beside it where a new node overlaps no other. */
function freeSpot(at: XY, positions: Positions): XY {
  const taken = [...positions.values()];
  const clear = (p: XY) => taken.every((q) => Math.abs(q.x - p.x) >= NODE_WIDTH + 24 || Math.abs(q.y - p.y) >= NODE_HEIGHT + 24);
  for (let ring = 0; ring < 12; ring++) {
    for (const [dx, dy] of [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]] as const) {
      const p = { x: at.x + dx * ring * (NODE_WIDTH / 2 + 12), y: at.y + dy * ring * (NODE_HEIGHT / 2 + 12) };
      if (clear(p)) return p;
    }
  }
  return at;
}

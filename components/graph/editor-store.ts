import { applyOps, getState, invertOps, type Diagnostic, type Op } from "@/lib/kernel";
import { postOps, previewEdit, withOpsResult, type WorldResource } from "@/components/api/worlds";
import {
  afterFailedAsk,
  afterFailedCommit,
  asApiError,
  askLabel,
  askRefusal,
  deletedMessage,
  deletionAsks,
  deletionOf,
  previewOf,
  retargetedEvent,
  savePlan,
} from "./editor-actions";
import { draftFor, labelOf, quote, rebase, type DraftAt } from "./editor-drafts";
import { EditorCore } from "./editor-core";
import { historyAfter } from "./editor-history";
import type { BrokenPlaytest } from "./playtest-breaks";
import { completeResource, NEW_EVENT_EDGE, NEW_STATE_NODE, sameSelection, type Batch, type Selection } from "./editor-state";
import { emptyStateFields, isDirty, newEventFields, newStateId, type Draft } from "./fields";
import { freeSpot, type XY } from "./layout";
import { resolveDiagnostic } from "./targets";

export type { EditorCallbacks } from "./editor-core";

/**
 * The editor's state outside React: the confirmed world (last answer of the API), the batch in
 * flight, the inspector's draft, the selection, undo/redo over op batches, and the would-be
 * world (confirmed + in flight + draft) with its live lints. Components subscribe to slices.
 *
 * Every write is one POST /v1/worlds/{id}/ops with `If-Match: <rev>`; writes run one at a
 * time, each computed from the state at its turn.
 */

export class EditorStore extends EditorCore {
  // ---- drafts ------------------------------------------------------------------------------

  /** Typing in the inspector. */
  updateDraft = (update: (draft: Draft) => Draft): void => {
    const draft = this.state.draft;
    if (draft === null) return;
    this.set({ draft: update(draft), refusal: null, error: null, ...this.noPreview() });
  };

  /**
   * Changes the target of the event being drafted; a hotkey that is still the suggested one
   * follows the change of kind (digits for transitions, letters for overrides).
   */
  setEventTarget = (to: string): void => {
    const draft = this.state.draft;
    if (draft?.kind !== "event") return;
    this.set({ draft: retargetedEvent(this.baseWorld(), draft, to), refusal: null, error: null });
  };

  discardDraft = (): void => {
    const s = this.state;
    if (s.draft?.kind !== "entrance" && s.draft?.original === null) {
      this.set({ draft: draftFor(null, this.baseWorld()), selection: null, refusal: null, error: null });
      return;
    }
    this.set({ draft: draftFor(s.selection, this.baseWorld()), refusal: null, error: null });
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
    this.set({ selection, draft: draftFor(selection, world), refusal: null, error: null });
    return true;
  };

  /** The selection key of a state of the view world (its node id). */
  selectStateOfView = (viewId: string) => this.select({ kind: "state", id: this.nodeIdOf(viewId) });

  selectNode = (nodeId: string): Promise<boolean> => {
    if (nodeId === NEW_STATE_NODE) return Promise.resolve(true);
    return this.select({ kind: "state", id: nodeId });
  };

  selectEdge = (edgeId: string): Promise<boolean> => {
    if (edgeId === NEW_EVENT_EDGE || !edgeId.startsWith("[")) return Promise.resolve(true);
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

  /** Problems panel → the state or event where a recorded play-through breaks. */
  goToPlaytestBreak = async (broken: BrokenPlaytest): Promise<void> => {
    if (broken.at === null) {
      if (await this.select(null)) this.focusField("entrance.state");
      return;
    }
    const selection: Selection =
      broken.event !== null ? { kind: "event", from: broken.at, name: broken.event } : { kind: "state", id: this.nodeIdOf(broken.at) };
    if (!(await this.select(selection))) return;
    this.revealNode(this.nodeIdOf(broken.at));
  };

  // ---- creating ------------------------------------------------------------------------------

  /** Starts a new state in the inspector (created on save); its node appears at `at`. */
  addState = async (at: XY): Promise<void> => {
    if (isDirty(this.state.draft) && !(await this.save())) return;
    const world = this.baseWorld();
    this.set(this.noPreview());
    const fields = emptyStateFields(newStateId(world));
    this.positions.set(NEW_STATE_NODE, freeSpot(at, this.positions.all()));
    this.set({
      selection: { kind: "state", id: NEW_STATE_NODE },
      draft: { kind: "state", original: null, base: fields, fields },
      refusal: null,
      error: null,
    });
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
    this.set(this.noPreview());
    const fields = newEventFields(world, source, to);
    this.set({
      selection: { kind: "event", from: "", name: NEW_EVENT_EDGE },
      draft: { kind: "event", original: null, base: fields, fields },
      refusal: null,
      error: null,
    });
    this.focusField("name");
  };

  // ---- writes ------------------------------------------------------------------------------

  /** Saves the inspector's draft (Save, ⌘S, Enter, or moving on with changes). */
  save = (extra: Op[] = [], label?: string): Promise<boolean> =>
    this.exclusive(async () => {
      const s = this.state;
      const draft = s.draft;
      const { ops, optimistic, rename } = savePlan(draft, extra, s.selection);
      if (ops.length === 0) return true;
      if (s.fieldErrors.size > 0) {
        const first = s.fieldErrors.keys().next().value;
        if (first !== undefined) this.focusField(first);
        return false;
      }
      const moved = rename ? this.positions.rename(rename.from, rename.to) : null;
      const ok = await this.commit(ops, label ?? labelOf(draft), { before: { draft, selection: s.selection }, optimistic });
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
        this.set({ selection: null, draft: draftFor(null, this.baseWorld()) });
        return;
      }
      // A state takes its events with it: every way of deleting one (Delete key, the inspector) asks first, naming them.
      const deletion = deletionOf(sel, s.resource.world, this.baseWorld());
      if (deletionAsks(deletion)) {
        this.set({ confirmDelete: deletion });
        return;
      }
      await this.runDelete(deletion.ops, deletion.label);
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
    const message = deletedMessage(world, ops, label);
    const ok = await this.commit(ops, label, {
      before,
      optimistic: { draft: draftFor(null, applyOps(world, ops).world), selection: null },
    });
    if (ok) this.showToast(message, "neutral", { label: "Undo", run: () => void this.undo() });
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
      before?: DraftAt;
      optimistic?: DraftAt;
      history?: "undo" | "redo";
      batch?: Batch;
    },
  ): Promise<boolean> {
    const start = this.state;
    const inverse = options.history ? null : invertOps(start.resource.world, ops);
    this.set({
      ...this.noPreview(),
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
      const failure = asApiError(error);
      this.set(afterFailedCommit(this.state, failure, options));
      if (failure.status !== 412 && failure.status !== 422) this.showToast(`${label} failed: ${failure.detail}`, "danger");
      return false;
    }

    const resource = completeResource(withOpsResult(start.resource, result));
    const now = this.state;
    const { draft, selection } = rebase(now.draft, now.selection, result.world);
    const { undo, redo } = historyAfter(now, { ...options, label, ops, inverse, applyErrors: result.applyErrors });
    this.set({ resource, pending: null, saving: false, draft, selection, undo, redo, savedAt: Date.now() });
    this.callbacks.onResource(resource);
    this.callbacks.onPlaytests?.(result.playtests);
    return true;
  }

  // ---- the Ask bar ---------------------------------------------------------------------------

  /**
   * Sends an instruction as a dry run of `/edit` on the confirmed rev and shows the ops it became
   * on the canvas. Open changes are saved first, so the preview is made on what the canvas shows.
   */
  ask = async (instruction: string): Promise<boolean> => {
    if (this.state.asking) return false;
    if (isDirty(this.state.draft) && !(await this.save())) return false;
    await this.lock;
    const rev = this.state.resource.rev;
    this.set({ asking: true, askError: null, preview: null });
    try {
      const answer = await previewEdit(this.target, instruction, rev);
      const s = this.state;
      if (s.resource.rev !== answer.baseRev) {
        this.set({ asking: false, askError: askRefusal("The world changed while the instruction was read. Ask again.") });
        return false;
      }
      this.set({ asking: false, preview: previewOf(instruction, answer, s.resource.world) });
      return true;
    } catch (error) {
      this.set(afterFailedAsk(this.state, asApiError(error)));
      return false;
    }
  };

  /** Applies the preview's ops as one batch of the editor (one undo step), on the rev it was made on. */
  applyPreview = (): Promise<boolean> =>
    this.exclusive(async () => {
      const preview = this.state.preview;
      if (!preview) return false;
      if (preview.baseRev !== this.state.resource.rev) {
        this.set({ preview: null, askError: askRefusal("The world changed since this preview. Ask again.") });
        return false;
      }
      const ok = await this.commit(preview.ops, askLabel(preview.instruction), {});
      if (ok) this.set({ askApplied: this.state.askApplied + 1 });
      if (ok) this.showToast(`Applied: ${preview.summary}`, "neutral", { label: "Undo", run: () => void this.undo() });
      return ok;
    });

  discardPreview = (): void => this.set({ preview: null, askError: null });

  // ---- the world from elsewhere ----------------------------------------------------------

  /** A newer world from another panel of this page (settings, restore) or a reload. */
  adopt = (latest: WorldResource): void => {
    const s = this.state;
    // This editor's own write, handed to the query cache, coming back as a prop.
    if (latest === s.resource) return;
    const resource = completeResource(latest);
    if (resource.rev === s.resource.rev) {
      if (resource !== s.resource && resource.world === s.resource.world) this.set({ resource });
      return;
    }
    if (s.saving) return; // our own write's answer is on its way and will be reconciled
    const { draft, selection } = rebase(s.draft, s.selection, resource.world);
    this.set({ resource, draft, selection, undo: [], redo: [], conflict: false, refusal: null, error: null, preview: null });
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
        this.showToast(
          isDirty(this.state.draft) ? "Loaded the latest version. Your unsaved changes are still here." : "Loaded the latest version.",
          "neutral",
        );
      } catch (error) {
        this.set({ reloading: false, error: error instanceof Error ? error.message : "Could not reload the world." });
      }
    });
}

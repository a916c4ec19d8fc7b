import { applyOps, type PlaytestReport, type World } from "@/lib/kernel";
import type { WorldRef, WorldResource } from "@/components/api/worlds";
import { nodeIdOf, stateIdOfNode } from "./editor-actions";
import { draftFor } from "./editor-drafts";
import { completeResource, initialState, type EditorState, type Toast, type View } from "./editor-state";
import { ViewCache } from "./editor-view";
import { draftFieldErrors } from "./fields";
import { loadHistory, saveHistory } from "./history-storage";
import { PositionStore } from "./position-store";

export interface EditorCallbacks {
  /** The confirmed world changed through this editor: the query cache takes this very object. */
  onResource(resource: WorldResource): void;
  /** Fetches the latest world (the 412 path's Reload). */
  fetchLatest(): Promise<WorldResource>;
  /** A write answered with its replay of the stored play-throughs. */
  onPlaytests?(report: PlaytestReport): void;
}

/**
 * What every action of the editor store stands on: the state and its subscribers (with the
 * would-be world recomputed on each change and the undo history kept across reloads), the
 * lock that runs writes one at a time, and the toast. EditorStore adds the actions.
 */
export abstract class EditorCore {
  protected state: EditorState;
  private listeners = new Set<() => void>();
  protected lock: Promise<unknown> = Promise.resolve();
  protected nonce = 0;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly views = new ViewCache();
  readonly positions: PositionStore;

  constructor(
    protected readonly target: WorldRef,
    initial: WorldResource,
    protected readonly callbacks: EditorCallbacks,
  ) {
    this.positions = new PositionStore(target.worldId);
    const resource = completeResource(initial);
    const draft = draftFor(null, resource.world);
    this.state = initialState(resource, draft, this.views.viewFor(resource.world, null, draft, null));
    // Undo survives a reload while nobody else wrote since: the stored history's head is this rev.
    const kept = loadHistory(target.worldId, resource.rev);
    if (kept) this.state = { ...this.state, undo: kept.undo, redo: kept.redo };
    if (typeof performance !== "undefined") performance.mark("pw-editor-store");
  }

  // ---- subscription ----------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): EditorState => this.state;

  protected set(patch: Partial<EditorState>, recompute = false): void {
    let next = { ...this.state, ...patch };
    if (recompute || "draft" in patch || "pending" in patch || "resource" in patch || "preview" in patch) {
      const view = this.viewFor(next);
      if (view !== next.view) next = { ...next, view };
      if ("draft" in patch) next.fieldErrors = draftFieldErrors(next.draft);
    }
    const before = this.state;
    this.state = next;
    if (next.undo !== before.undo || next.redo !== before.redo || next.resource.rev !== before.resource.rev)
      saveHistory(this.target.worldId, next.resource.rev, { undo: next.undo, redo: next.redo });
    for (const l of this.listeners) l();
  }

  // ---- the would-be world ----------------------------------------------------------------

  private viewFor(s: EditorState): View {
    // An Ask preview is drawn as if it were in flight: the canvas, lints and play-throughs show its world.
    return this.views.viewFor(s.resource.world, s.pending ?? s.preview?.ops ?? null, s.draft, s.view);
  }

  /** The world every new draft starts from: confirmed plus the batch in flight. */
  protected baseWorld(s: EditorState = this.state): World {
    return s.pending ? applyOps(s.resource.world, s.pending).world : s.resource.world;
  }

  /** Node id of a state of the view world. */
  nodeIdOf(viewId: string, view: View = this.state.view): string {
    return nodeIdOf(viewId, view);
  }

  /** State id (in the view world) of a node id. */
  stateIdOfNode(nodeId: string, view: View = this.state.view): string {
    return stateIdOfNode(nodeId, view);
  }

  // ---- one write at a time ----------------------------------------------------------------

  protected exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.lock.then(run, run);
    this.lock = next.catch(() => undefined);
    return next;
  }

  /** Nothing of a preview left (a draft edit or another write makes it stale). */
  protected noPreview(): Partial<EditorState> {
    return this.state.preview || this.state.askError ? { preview: null, askError: null } : {};
  }

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

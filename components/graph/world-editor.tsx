"use client";

import "@xyflow/react/dist/style.css";
import "./editor.css";

import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { fetchWorld, rememberWorld, type WorldResource } from "@/components/api/worlds";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { cn } from "@/components/ui/cn";
import { AlertTriangleIcon, PlusIcon, RefreshIcon, SearchIcon, XIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { EditorStore, NEW_STATE_NODE } from "./editor-store";
import { isDirty } from "./fields";
import { GraphCanvas } from "./graph-canvas";
import { GraphModel } from "./graph-model";
import { KeyboardIcon, LayoutIcon, MapIcon, RedoIcon, UndoIcon } from "./icons";
import { Inspector } from "./inspector";
import { Kbd, MOD_KEY } from "./inspector-fields";
import { NODE_HEIGHT, NODE_WIDTH, placeMissing, runLayout } from "./layout";
import { ProblemsPanel } from "./problems-panel";
import { SearchDialog, type SearchHit } from "./search-dialog";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { EditorContext, useEditor, useEditorStore } from "./use-editor";

export interface WorldEditorProps {
  appId: string;
  worldId: string;
  mode: "live" | "test";
  /** The world as the query cache holds it; a newer rev from another panel is adopted. */
  resource: WorldResource;
  /** Whether the Graph tab is showing (shortcuts listen only then). */
  active: boolean;
  onOpenSettings: () => void;
}

/** The Graph tab: the world's states and transitions on a canvas, an inspector, live problems. */
export function WorldEditor({ appId, worldId, mode, resource, active, onOpenSettings }: WorldEditorProps) {
  const queryClient = useQueryClient();
  const [store] = useState(
    () =>
      new EditorStore({ appId, worldId, mode }, resource, {
        onResource: (next) => rememberWorld(queryClient, { appId, worldId, mode }, next),
        fetchLatest: () => fetchWorld({ appId, worldId, mode }),
      }),
  );
  const [model] = useState(() => new GraphModel(store));

  useEffect(() => () => store.dispose(), [store]);
  useEffect(() => store.adopt(resource), [store, resource]);

  // Leaving with unsaved edits asks first; positions are saved on the way out.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const s = store.getState();
      if (s.saving || isDirty(s.draft)) event.preventDefault();
    };
    const onHide = () => store.positions.flush();
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", onHide);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", onHide);
    };
  }, [store]);

  return (
    <EditorContext.Provider value={store}>
      <ReactFlowProvider>
        <EditorShell model={model} active={active} onOpenSettings={onOpenSettings} />
      </ReactFlowProvider>
    </EditorContext.Provider>
  );
}

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable='true']") !== null;
}

function EditorShell({ model, active, onOpenSettings }: { model: GraphModel; active: boolean; onOpenSettings: () => void }) {
  const store = useEditorStore();
  const rf = useReactFlow();
  const ready = useSyncExternalStore(store.positions.subscribe, () => store.positions.source !== "none", () => false);
  const stateCount = useEditor((s) => s.view.index.stateIds.length);
  const conflict = useEditor((s) => s.conflict);
  const reloading = useEditor((s) => s.reloading);
  const toast = useEditor((s) => s.toast);
  const confirmDelete = useEditor((s) => s.confirmDelete);
  const hasProblems = useEditor((s) => s.view.diagnostics.some((d) => d.severity !== "info"));
  const [problemsOpen, setProblemsOpen] = useState(hasProblems);
  const [showMinimap, setShowMinimap] = useState(true);
  const [searchOpen, setSearchOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [arranging, setArranging] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);

  // First positions: saved ones (this browser), else an automatic layout.
  useEffect(() => {
    const positions = store.positions;
    if (positions.source !== "none") return;
    const world = store.getState().resource.world;
    const saved = positions.load();
    if (saved && Object.keys(world.scene.states).some((id) => saved.has(id))) {
      positions.replace(placeMissing(world, saved), "saved");
      return;
    }
    let cancelled = false;
    const run = runLayout(world);
    void run.promise.then(({ positions: laid, engine }) => {
      if (cancelled) return;
      performance.mark("pw-editor-layout", { detail: engine });
      positions.replace(laid, engine);
    });
    return () => {
      cancelled = true;
      run.cancel();
    };
  }, [store]);

  /** The canvas's centre in flow coordinates: where a new state appears. */
  const centre = useCallback(() => {
    const box = canvasRef.current?.getBoundingClientRect();
    const p = box ? rf.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
    return { x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2) };
  }, [rf]);

  const arrange = useCallback(async () => {
    const world = store.getState().view.world;
    const previous = new Map(store.positions.all());
    setArranging(true);
    const { positions, engine } = await runLayout(world).promise;
    setArranging(false);
    const mapped = new Map([...positions].map(([id, p]) => [store.nodeIdOf(id), p]));
    store.positions.replace(mapped, engine);
    requestAnimationFrame(() => void rf.fitView({ padding: 0.12, duration: 300 }));
    store.showToast(`Arranged ${positions.size} states (${engine === "elk" ? "ELK layered" : "quick layered"} layout).`, "neutral", {
      label: "Revert",
      run: () => store.positions.replace(previous, "saved"),
    });
  }, [store, rf]);

  const pick = useCallback(
    (hit: SearchHit) => {
      setSearchOpen(false);
      if (hit.kind === "state") {
        const nodeId = store.nodeIdOf(hit.id);
        void store.select(nodeId === NEW_STATE_NODE ? store.getState().selection : { kind: "state", id: nodeId }).then((ok) => {
          if (!ok) return;
          store.revealNode(nodeId);
          // Keyboard focus follows to the state once it is on screen, unless something else took it meanwhile.
          const opener = document.activeElement;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const now = document.activeElement;
              if (now === opener || now === document.body || now === canvasRef.current) focusNode(nodeId);
            }),
          );
        });
      } else {
        void store.select({ kind: "event", from: hit.from, name: hit.name }).then((ok) => {
          if (ok) store.revealNode(store.nodeIdOf(hit.from));
        });
      }
    },
    [store],
  );

  // Keyboard: every main action works without a mouse (see the ? dialog).
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key;
      const dialogOpen = document.querySelector("dialog[open]") !== null;
      if (mod && key.toLowerCase() === "s") {
        event.preventDefault();
        if (!dialogOpen) void store.save();
        return;
      }
      if (dialogOpen) return;
      if (isTyping(event.target)) {
        if (key === "Escape") {
          (event.target as HTMLElement).blur();
          focusSelectionOrCanvas(store, canvasRef.current);
        }
        return;
      }
      if (mod && key.toLowerCase() === "z") {
        event.preventDefault();
        void (event.shiftKey ? store.redo() : store.undo());
        return;
      }
      if (mod && key.toLowerCase() === "y") {
        event.preventDefault();
        void store.redo();
        return;
      }
      if (mod && key.toLowerCase() === "k") {
        event.preventDefault();
        setSearchOpen(true);
        return;
      }
      if (mod || event.altKey) return;
      const onNode = event.target instanceof HTMLElement ? event.target.closest<HTMLElement>(".react-flow__node") : null;
      switch (key) {
        case "n":
        case "N":
          event.preventDefault();
          void store.addState(centre());
          break;
        case "e":
          event.preventDefault();
          void store.addEvent(null);
          break;
        case "E": {
          event.preventDefault();
          const sel = store.getState().selection;
          if (sel?.kind === "state" && sel.id !== NEW_STATE_NODE) void store.setEntrance(sel.id);
          break;
        }
        case "Delete":
        case "Backspace":
          event.preventDefault();
          void store.deleteSelection();
          break;
        case "/":
          event.preventDefault();
          setSearchOpen(true);
          break;
        case "?":
          event.preventDefault();
          setHelpOpen(true);
          break;
        case "f":
        case "F":
          event.preventDefault();
          void rf.fitView({ padding: 0.12, duration: 250 });
          break;
        case "l":
        case "L":
          event.preventDefault();
          void arrange();
          break;
        case "p":
        case "P":
          event.preventDefault();
          setProblemsOpen((o) => !o);
          break;
        case "m":
        case "M":
          event.preventDefault();
          setShowMinimap((m) => !m);
          break;
        case "+":
        case "=":
          event.preventDefault();
          void rf.zoomIn({ duration: 150 });
          break;
        case "-":
          event.preventDefault();
          void rf.zoomOut({ duration: 150 });
          break;
        case "i":
        case "I":
          event.preventDefault();
          focusInspector();
          break;
        case "Enter": {
          // Enter on a focused state selects it (React Flow); on the selected one it opens the inspector.
          const sel = store.getState().selection;
          if (onNode && sel?.kind === "state" && onNode.dataset.id === sel.id) {
            event.preventDefault();
            focusInspector();
          }
          break;
        }
        case "Escape": {
          // Escape cancels a state or event not created yet; otherwise it deselects (saving edits).
          const s = store.getState();
          if (s.draft && s.draft.kind !== "entrance" && s.draft.original === null) {
            event.preventDefault();
            store.discardDraft();
          } else if (s.selection !== null) {
            event.preventDefault();
            void store.select(null);
          }
          break;
        }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, store, rf, centre, arrange]);

  const canUndo = useEditor((s) => s.undo.length > 0);
  const canRedo = useEditor((s) => s.redo.length > 0);
  const undoLabel = useEditor((s) => s.undo.at(-1)?.label);
  const redoLabel = useEditor((s) => s.redo.at(-1)?.label);
  const selectionIsState = useEditor((s) => s.selection?.kind === "state" || s.selection?.kind === "event");

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div role="toolbar" aria-label="Editor" className="flex h-11 shrink-0 items-center gap-1 border-b border-line bg-surface px-2">
        <Button variant="ghost" size="sm" onClick={() => void store.addState(centre())} title="New state (N)">
          <PlusIcon /> State <Kbd className="ml-0.5">N</Kbd>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void store.addEvent(null)} disabled={!selectionIsState} title="New event from the selected state (E)">
          <PlusIcon /> Event <Kbd className="ml-0.5">E</Kbd>
        </Button>
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        <Button variant="ghost" size="icon" onClick={() => void store.undo()} disabled={!canUndo} aria-label={undoLabel ? `Undo ${undoLabel}` : "Undo"} title={`Undo${undoLabel ? `: ${undoLabel}` : ""} (${MOD_KEY}Z)`}>
          <UndoIcon />
        </Button>
        <Button variant="ghost" size="icon" onClick={() => void store.redo()} disabled={!canRedo} aria-label={redoLabel ? `Redo ${redoLabel}` : "Redo"} title={`Redo${redoLabel ? `: ${redoLabel}` : ""} (${MOD_KEY}⇧Z)`}>
          <RedoIcon />
        </Button>
        <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
        <Button variant="ghost" size="sm" onClick={() => void arrange()} loading={arranging} title="Automatic layout (L)">
          {arranging ? null : <LayoutIcon />} Auto layout
        </Button>
        <Button variant="ghost" size="icon" aria-pressed={showMinimap} aria-label="Minimap" title="Minimap (M)" onClick={() => setShowMinimap((m) => !m)} className={cn(showMinimap && "text-fg")}>
          <MapIcon />
        </Button>
        <div className="flex flex-1 justify-center px-2">
          <button
            type="button"
            onClick={() => setSearchOpen(true)}
            className="flex h-8 w-full max-w-72 items-center gap-2 rounded-md border border-line bg-canvas px-2.5 text-[13px] text-fg-subtle shadow-xs transition-colors hover:border-line-strong hover:text-fg-muted"
            aria-keyshortcuts="/"
          >
            <SearchIcon className="size-4" />
            <span className="flex-1 text-left">Go to state…</span>
            <Kbd>/</Kbd>
          </button>
        </div>
        <SaveStatus />
        <Button variant="ghost" size="icon" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={() => setHelpOpen(true)}>
          <KeyboardIcon />
        </Button>
      </div>

      {conflict ? (
        <div role="alert" className="flex shrink-0 items-center gap-3 border-b border-warning-text/25 bg-warning-soft px-4 py-2 text-[13px] text-warning-text">
          <AlertTriangleIcon className="size-4 shrink-0" />
          <p className="min-w-0 flex-1">
            <strong className="font-semibold">This world changed elsewhere.</strong> Reload to get the latest version; your unsaved edits stay in the inspector.
          </p>
          <Button size="sm" variant="secondary" onClick={() => void store.reload()} loading={reloading}>
            {reloading ? null : <RefreshIcon />} Reload
          </Button>
        </div>
      ) : null}

      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <div ref={canvasRef} tabIndex={-1} className="relative min-h-0 flex-1 focus:outline-none" aria-label="World graph">
            <GraphCanvas model={model} ready={ready} showMinimap={showMinimap} />
            {!ready ? (
              <div className="absolute inset-0 z-10 grid place-items-center bg-canvas/70">
                <div className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-[13px] text-fg-muted shadow-sm">
                  <Spinner /> Arranging {stateCount} states…
                </div>
              </div>
            ) : null}
            {ready && stateCount === 0 ? (
              <div className="pointer-events-none absolute inset-0 z-10 grid place-items-center">
                <div className="pointer-events-auto max-w-xs rounded-xl border border-line bg-surface p-5 text-center shadow-sm">
                  <p className="text-sm font-semibold text-fg">An empty world</p>
                  <p className="mt-1 text-[13px] text-fg-muted">Add the first state; it becomes the start of the story once you set it as the entrance.</p>
                  <Button size="sm" className="mt-3" onClick={() => void store.addState(centre())}>
                    <PlusIcon /> New state
                  </Button>
                </div>
              </div>
            ) : null}
            {toast ? (
              <div
                role="status"
                className={cn(
                  "absolute bottom-4 left-1/2 z-20 flex max-w-[calc(100%-2rem)] -translate-x-1/2 items-center gap-3 rounded-lg border px-3.5 py-2 text-[13px] shadow-lg animate-pop-in",
                  toast.tone === "danger" ? "border-danger/30 bg-danger-soft text-danger-text" : "border-line bg-fg text-canvas",
                )}
              >
                <span className="min-w-0 truncate">{toast.message}</span>
                {toast.action ? (
                  <button
                    type="button"
                    className="shrink-0 rounded px-1.5 py-0.5 font-semibold text-accent-soft underline-offset-2 hover:underline dark:text-accent"
                    onClick={() => {
                      toast.action?.run();
                      store.dismissToast();
                    }}
                  >
                    {toast.action.label}
                  </button>
                ) : null}
                <button type="button" aria-label="Dismiss" className="shrink-0 opacity-70 hover:opacity-100" onClick={store.dismissToast}>
                  <XIcon className="size-3.5" />
                </button>
              </div>
            ) : null}
          </div>
          <ProblemsPanel open={problemsOpen} onToggle={() => setProblemsOpen((o) => !o)} onOpenSettings={onOpenSettings} />
        </div>
        <Inspector onOpenSettings={onOpenSettings} />
      </div>

      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} onPick={pick} />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <Dialog
        open={confirmDelete !== null}
        onOpenChange={(open) => {
          if (!open) store.cancelDeletion();
        }}
        title={`${confirmDelete?.label ?? "Delete"}?`}
        description="Undo can bring back every field the editor shows, but not these generated properties:"
        footer={
          <>
            <Button variant="secondary" onClick={store.cancelDeletion}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void store.confirmDeletion()}>
              Delete
            </Button>
          </>
        }
      >
        <p className="font-mono text-[13px] text-fg">{confirmDelete?.lost.join(", ")}</p>
        <p className="mt-2 text-[13px] text-fg-muted">A version snapshot (Versions tab) keeps them if you may want them back.</p>
      </Dialog>
    </div>
  );
}

function SaveStatus() {
  const saving = useEditor((s) => s.saving);
  const dirty = useEditor((s) => isDirty(s.draft));
  const rev = useEditor((s) => s.resource.rev);
  const lintMs = useEditor((s) => s.view.lintMs);
  return (
    <span className="hidden items-center gap-1.5 px-2 text-xs text-fg-muted lg:flex" role="status" aria-live="polite" title={`Lint pass ${lintMs.toFixed(1)} ms`}>
      {saving ? (
        <>
          <Spinner className="size-3" /> Saving…
        </>
      ) : dirty ? (
        <>
          <span className="size-1.5 rounded-full bg-warning-text" aria-hidden="true" /> Unsaved
        </>
      ) : (
        <>
          <span className="size-1.5 rounded-full bg-success-text" aria-hidden="true" /> Saved
        </>
      )}
      <span className="font-mono text-[11px] text-fg-subtle" data-testid="editor-rev">
        {rev.slice(0, 7)}
      </span>
    </span>
  );
}

function focusNode(nodeId: string): boolean {
  const el = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(nodeId)}"]`);
  el?.focus({ preventScroll: true });
  return el !== null;
}

function focusInspector(): void {
  const el = document.querySelector<HTMLElement>('aside[aria-label="Inspector"] [data-field]');
  el?.focus();
}

function focusSelectionOrCanvas(store: ReturnType<typeof useEditorStore>, canvas: HTMLElement | null): void {
  const sel = store.getState().selection;
  if (sel?.kind === "state" && focusNode(sel.id)) return;
  canvas?.focus();
}

"use client";

import "@xyflow/react/dist/style.css";
import "./editor.css";

import { ReactFlowProvider, useReactFlow } from "@xyflow/react";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { playtestKeys, usePlaytests } from "@/components/api/playtests";
import { fetchWorld, rememberWorld, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { AskBar, AskPreview } from "./ask-bar";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { focusNode, useEditorKeyboard } from "./editor-keyboard";
import { ArrangingNotice, ConflictBanner, EditorToast, EmptyWorldNotice } from "./editor-notices";
import { NEW_STATE_NODE } from "./editor-state";
import { EditorStore } from "./editor-store";
import { EditorToolbar } from "./editor-toolbar";
import { isDirty } from "./fields";
import { GraphCanvas } from "./graph-canvas";
import { GraphModel } from "./graph-model";
import { Inspector } from "./inspector";
import { NODE_HEIGHT, NODE_WIDTH } from "./layout";
import { brokenPlaytests } from "./playtest-breaks";
import { ProblemsPanel } from "./problems-panel";
import { SearchDialog, type SearchHit } from "./search-dialog";
import { ShortcutsDialog } from "./shortcuts-dialog";
import { EditorContext, useEditor, useEditorStore } from "./use-editor";
import { useArrange, useInitialPositions } from "./use-editor-layout";

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
        // A write reports every stored play-through; one this page does not know (recorded elsewhere) reloads the list.
        onPlaytests: (report) => {
          const known = queryClient.getQueryData<unknown[]>(playtestKeys.list({ appId, worldId, mode }));
          if (known && known.length !== report.passed + report.failed.length)
            void queryClient.invalidateQueries({ queryKey: playtestKeys.list({ appId, worldId, mode }) });
        },
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
        <EditorShell model={model} active={active} onOpenSettings={onOpenSettings} world={{ appId, worldId, mode }} />
      </ReactFlowProvider>
    </EditorContext.Provider>
  );
}

/** The Graph tab's frame: toolbar, banner, canvas with its notices, Problems, inspector, dialogs. */
function EditorShell({
  model,
  active,
  onOpenSettings,
  world,
}: {
  model: GraphModel;
  active: boolean;
  onOpenSettings: () => void;
  world: WorldRef;
}) {
  const store = useEditorStore();
  const rf = useReactFlow();
  const ready = useSyncExternalStore(
    store.positions.subscribe,
    () => store.positions.source !== "none",
    () => false,
  );
  const settled = useSyncExternalStore(
    store.positions.subscribe,
    () => !store.positions.settling,
    () => false,
  );
  const empty = useEditor((s) => s.view.index.stateIds.length === 0);
  const hasProblems = useEditor((s) => s.view.diagnostics.some((d) => d.severity !== "info"));
  const previewing = useEditor((s) => s.preview !== null);
  const [problemsOpen, setProblemsOpen] = useState(hasProblems);
  // Recorded play-throughs replayed on the would-be world (a preview's too), beside the lints.
  const playtests = usePlaytests(world).data;
  const viewWorld = useDeferredValue(useEditor((s) => s.view.world));
  const broken = useMemo(() => brokenPlaytests(viewWorld, playtests ?? []), [viewWorld, playtests]);
  const brokenCount = useRef(0);
  useEffect(() => {
    if (broken.length > brokenCount.current) setProblemsOpen(true);
    brokenCount.current = broken.length;
  }, [broken.length]);
  const [showMinimap, setShowMinimap] = useState(true);
  const [searchOpen, setSearchOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);
  const { arrange, arranging } = useArrange(store);
  useInitialPositions(store);

  /** The canvas's centre in flow coordinates: where a new state appears. */
  const centre = useCallback(() => {
    const box = canvasRef.current?.getBoundingClientRect();
    const p = box ? rf.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
    return { x: Math.round(p.x - NODE_WIDTH / 2), y: Math.round(p.y - NODE_HEIGHT / 2) };
  }, [rf]);

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

  const openSearch = useCallback(() => setSearchOpen(true), []);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const toggleProblems = useCallback(() => setProblemsOpen((o) => !o), []);
  const toggleMinimap = useCallback(() => setShowMinimap((m) => !m), []);
  useEditorKeyboard(store, active, { centre, arrange, openSearch, openHelp, toggleProblems, toggleMinimap, canvas: canvasRef });

  return (
    <div className="flex h-full min-h-0 flex-col">
      <EditorToolbar
        centre={centre}
        arrange={arrange}
        arranging={arranging}
        showMinimap={showMinimap}
        onToggleMinimap={toggleMinimap}
        onOpenSearch={openSearch}
        onOpenHelp={openHelp}
      />
      <AskBar />
      <ConflictBanner />

      <div className="flex min-h-0 flex-1">
        <div className="flex min-w-0 flex-1 flex-col">
          <div ref={canvasRef} tabIndex={-1} className="relative min-h-0 flex-1 focus:outline-none" aria-label="World graph">
            <GraphCanvas model={model} ready={ready} settled={settled} showMinimap={showMinimap} />
            {!ready ? <ArrangingNotice /> : null}
            {ready && empty ? <EmptyWorldNotice onAddState={() => void store.addState(centre())} /> : null}
            <EditorToast />
          </div>
          <ProblemsPanel open={problemsOpen} onToggle={toggleProblems} onOpenSettings={onOpenSettings} broken={broken} />
        </div>
        {/* A proposed change takes the inspector's place; the inspector stays mounted underneath. */}
        <AskPreview />
        <div className={previewing ? "hidden" : "contents"}>
          <Inspector onOpenSettings={onOpenSettings} />
        </div>
      </div>

      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} onPick={pick} />
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
      <ConfirmDeleteDialog />
    </div>
  );
}

"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from "react";
import { useWorld, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { Walkthrough } from "@/components/play/walkthrough";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { ChevronRightIcon, GlobeIcon } from "@/components/ui/icons";
import { ScenariosPanel } from "@/components/scenarios/scenarios-panel";
import { VersionPanel } from "@/components/versions/version-panel";
import { VisionPanel } from "@/components/vision/vision-panel";
import { OfflineNotice } from "@/components/worlds/offline-notice";
import { WorldModeBadge } from "@/components/worlds/world-mode-badge";
import { WorldSettings } from "@/components/worlds/world-settings";
import { WorldEditor } from "./world-editor";
import { ChapterCrumbs, ChapterNeighbours, PlayAction, type ChapterNav } from "./world-header-actions";
import { EditorSkeleton } from "./workspace-skeleton";

export type WorkspaceTab = "graph" | "versions" | "settings" | "play" | "vision" | "scenarios" | "simulation";
export const WORKSPACE_TABS: ReadonlyArray<{ id: WorkspaceTab; label: string }> = [
  { id: "graph", label: "Graph" },
  { id: "versions", label: "Versions" },
  { id: "settings", label: "Settings" },
  { id: "play", label: "Play" },
  { id: "vision", label: "Vision" },
  { id: "scenarios", label: "Scenarios" },
  { id: "simulation", label: "Simulation" },
];

// The simulator reads rooms with the local painter's own text reader (compromise), which the
// other tabs never need: it loads with the tab (docs/simulation.md "In the Studio").
const SimulationPanel = dynamic(() => import("@/components/simulation/simulation-panel").then((m) => m.SimulationPanel), {
  ssr: false,
  loading: () => <p className="text-sm text-fg-muted">Loading the simulator…</p>,
});

const noSubscribe = () => () => {};
/** False on the server and during hydration, true after: the canvas renders in the browser only. */
function useMounted(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}

const VISIBILITY: Record<string, { label: string; tone: "success" | "accent" | "neutral" }> = {
  public: { label: "Public", tone: "success" },
  unlisted: { label: "Unlisted", tone: "accent" },
  private: { label: "Private", tone: "neutral" },
};

export interface WorldWorkspaceProps {
  appId: string;
  appName: string;
  mode: "live" | "test";
  /** The world as the server read it for this page (seeds the shared query cache). */
  initialWorld: WorldResource;
  initialTab?: WorkspaceTab;
  /** The base of the links the Settings tab hands out (the embed snippet), from the server's `studioBaseUrl`. */
  origin: string;
  /** A chapter world's campaign and neighbour chapters: the ways back to them. */
  chapterNav?: ChapterNav | null;
}

/** One world in the Studio: header, and the Graph, Versions, Settings, Play, Vision, Scenarios and Simulation tabs. */
export function WorldWorkspace({
  appId,
  appName,
  mode,
  initialWorld,
  initialTab = "graph",
  origin,
  chapterNav = null,
}: WorldWorkspaceProps) {
  const worldId = initialWorld.id;
  const ref: WorldRef = useMemo(() => ({ appId, worldId, mode }), [appId, worldId, mode]);
  const query = useWorld(ref, { initialData: initialWorld });
  const world = query.data ?? initialWorld;
  const [tab, setTab] = useState<WorkspaceTab>(initialTab);
  const mounted = useMounted();
  const baseId = useId();
  const tabRefs = useRef<Record<WorkspaceTab, HTMLButtonElement | null>>({
    graph: null,
    versions: null,
    settings: null,
    play: null,
    vision: null,
    scenarios: null,
    simulation: null,
  });

  const switchTab = useCallback((next: WorkspaceTab, focus = false) => {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === "graph") url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.replaceState(window.history.state, "", url);
    if (focus) tabRefs.current[next]?.focus();
  }, []);

  // On a narrow screen the tab row scrolls: keep the open tab in sight.
  useEffect(() => {
    tabRefs.current[tab]?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);

  // Alt+1…7 switch tabs from anywhere on the page (Alt+n opens the n-th tab).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.metaKey || event.ctrlKey) return;
      const index = WORKSPACE_TABS.findIndex((_, i) => event.code === `Digit${i + 1}`);
      const next = WORKSPACE_TABS[index];
      if (!next) return;
      event.preventDefault();
      switchTab(next.id, true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [switchTab]);

  const onTabKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    const index = WORKSPACE_TABS.findIndex((t) => t.id === tab);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % WORKSPACE_TABS.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + WORKSPACE_TABS.length) % WORKSPACE_TABS.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = WORKSPACE_TABS.length - 1;
    if (next === -1) return;
    event.preventDefault();
    switchTab(WORKSPACE_TABS[next]!.id, true);
  };

  const visibility = VISIBILITY[world.visibility] ?? VISIBILITY.private!;
  const panelId = (t: WorkspaceTab) => `${baseId}-panel-${t}`;
  const tabId = (t: WorkspaceTab) => `${baseId}-tab-${t}`;
  const openSettings = useCallback(() => switchTab("settings"), [switchTab]);

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-[32rem] flex-col lg:h-dvh">
      <header className="shrink-0 border-b border-line bg-surface">
        <div className="flex min-h-13 flex-wrap items-center gap-x-3 gap-y-1 px-4 pt-2.5 pb-1.5 sm:px-5">
          <nav aria-label="Breadcrumb" className="min-w-0">
            <ol className="flex items-center gap-1 text-[13px] text-fg-muted">
              <li>
                <Link href="/creations" className="rounded hover:text-fg">
                  My Creations
                </Link>
              </li>
              <li aria-hidden="true">
                <ChevronRightIcon className="size-3.5 text-fg-subtle" />
              </li>
              {chapterNav ? <ChapterCrumbs nav={chapterNav} /> : null}
            </ol>
          </nav>
          <h1 className="min-w-0 truncate text-[15px] font-semibold tracking-tight text-fg">{world.name}</h1>
          <Badge tone={visibility.tone}>
            {world.visibility === "public" ? <GlobeIcon className="size-3" /> : null}
            {visibility.label}
          </Badge>
          <WorldModeBadge mode={mode} appId={appId} />
          <span className="hidden text-xs text-fg-subtle md:inline">in {appName}</span>
          <OfflineNotice source={world.source} />
          {chapterNav ? <ChapterNeighbours nav={chapterNav} /> : null}
          <div className="ml-auto flex items-center gap-2">
            <PlayAction world={world} mode={mode} onPlayHere={() => switchTab("play", true)} onOpenSettings={openSettings} />
          </div>
        </div>
        <div role="tablist" aria-label="World" className="flex gap-1 overflow-x-auto px-2.5 [scrollbar-width:none] sm:px-3.5">
          {WORKSPACE_TABS.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[t.id] = el;
              }}
              id={tabId(t.id)}
              type="button"
              role="tab"
              aria-selected={tab === t.id}
              aria-controls={panelId(t.id)}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => switchTab(t.id)}
              onKeyDown={onTabKeyDown}
              title={`${t.label} (Alt+${i + 1})`}
              className={cn(
                "relative -mb-px h-9 rounded-t-md px-3 text-[13px] font-medium transition-colors focus-visible:outline-offset-[-2px]",
                tab === t.id
                  ? "text-fg after:absolute after:inset-x-2 after:bottom-0 after:h-0.5 after:rounded-full after:bg-accent"
                  : "text-fg-muted hover:text-fg",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
      </header>

      <div id={panelId("graph")} role="tabpanel" aria-labelledby={tabId("graph")} hidden={tab !== "graph"} className="min-h-0 flex-1">
        {mounted ? (
          <WorldEditor
            appId={appId}
            worldId={worldId}
            mode={mode}
            resource={world}
            active={tab === "graph"}
            onOpenSettings={openSettings}
          />
        ) : (
          <EditorSkeleton />
        )}
      </div>
      {tab !== "graph" ? (
        <div id={panelId(tab)} role="tabpanel" aria-labelledby={tabId(tab)} className="min-h-0 flex-1 overflow-y-auto bg-canvas">
          <Panel>
            {tab === "versions" ? <VersionPanel appId={appId} worldId={worldId} mode={mode} /> : null}
            {tab === "settings" ? <WorldSettings appId={appId} worldId={worldId} mode={mode} origin={origin} /> : null}
            {tab === "play" ? <Walkthrough appId={appId} worldId={worldId} mode={mode} /> : null}
            {tab === "vision" ? <VisionPanel world={ref} resource={world} /> : null}
            {tab === "scenarios" ? <ScenariosPanel world={ref} resource={world} /> : null}
            {tab === "simulation" ? <SimulationPanel world={ref} resource={world} /> : null}
          </Panel>
        </div>
      ) : null}
    </div>
  );
}

function Panel({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-5 py-6 sm:px-8 lg:py-8">{children}</div>;
}

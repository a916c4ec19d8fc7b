"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { fillTemplate, type Event, type PlaytestStep, type State, type World } from "@/lib/kernel";
import { graphOf, useWorld, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { CameraIcon, FlagIcon, ImageIcon, MapPinIcon, MessageIcon, RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { OfflineNotice } from "@/components/worlds/offline-notice";
import { PaintScene } from "@/components/worlds/paint-scene";
import { WorldLoadError } from "@/components/worlds/world-errors";
import { useFramePosition } from "./frame-focus";
import { PlaytestList, RecordToggle, SavePlaytestForm } from "./playtests";

export interface WalkthroughProps {
  appId: string;
  worldId: string;
  mode: "live" | "test";
}

/** One line of the story so far. */
interface Beat {
  key: number;
  kind: "override" | "transition";
  event: string;
  prose: string;
  detail: string;
  from: string;
  to?: string;
}

const stateImage = (world: World, state: State): { src: string; label: string; manifest: string | null } | null => {
  const image = (state as { image?: { src?: unknown; label?: unknown; manifest?: unknown } }).image;
  if (image && typeof image.src === "string" && image.src) {
    return {
      src: image.src,
      label: typeof image.label === "string" ? image.label : "",
      manifest: typeof image.manifest === "string" ? image.manifest : null,
    };
  }
  const entrance = world.entrance.image as { src: string; label: string; manifest?: unknown };
  if (state.id === world.entrance.state && entrance.src)
    return { src: entrance.src, label: entrance.label, manifest: typeof entrance.manifest === "string" ? entrance.manifest : null };
  return null;
};

const prose = (text: string, state: State | undefined, world: World) => fillTemplate(text, state?.slots, world.slots).trim();

const normalizeKey = (key: string) => key.trim().toLowerCase();

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

function Kbd({ children, className }: { children: string; className?: string }) {
  return (
    <kbd
      className={cn(
        "inline-grid min-w-5 place-items-center rounded border border-line-strong bg-surface px-1 font-mono text-[11px] leading-4 text-fg-muted shadow-xs",
        className,
      )}
    >
      {children}
    </kbd>
  );
}

interface SceneProps {
  world: World;
  stateId: string;
  onRestart: () => void;
  /** The world's reference and resource, for painting a state that has no frame. */
  paint: { ref: WorldRef; resource: WorldResource };
  /** Each event played and the state it leaves the player in (the Record toggle listens). */
  onStep?: (step: PlaytestStep) => void;
}

function Scene({ world, stateId, onRestart, paint, onStep }: SceneProps) {
  const [history, setHistory] = useState<{ beats: Beat[] }>({ beats: [] });
  const [current, setCurrent] = useState(stateId);
  const counter = useRef(0);
  const directionsId = useId();
  const state = world.scene.states[current];
  const events = useMemo(() => world.scene.events.filter((e) => e.from === current), [world, current]);
  const lastBeat = history.beats[history.beats.length - 1];
  // The beat shown in place: the last one played here (an override, or the transition that led here).
  const inPlace = lastBeat && (lastBeat.kind === "override" ? lastBeat.from === current : lastBeat.to === current) ? lastBeat : null;

  function play(event: Event) {
    const from = world.scene.states[event.from];
    const beat: Beat = {
      key: ++counter.current,
      kind: event.to === undefined ? "override" : "transition",
      event: event.name,
      prose: prose(event.base, from, world),
      detail: prose(event.detail, from, world),
      from: event.from,
      to: event.to,
    };
    setHistory((h) => ({ beats: [...h.beats, beat] }));
    if (event.to !== undefined) setCurrent(event.to);
    onStep?.({ event: event.name, state: event.to ?? event.from });
  }

  // Hotkeys: the current state's events, and R to restart at an ending.
  const playRef = useRef(play);
  useEffect(() => {
    playRef.current = play;
  });
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || e.isComposing || isTyping(e.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const key = normalizeKey(e.key);
      const event = events.find((ev) => ev.hotkey.trim() && normalizeKey(ev.hotkey) === key);
      if (event) {
        e.preventDefault();
        playRef.current(event);
      } else if (key === "r" && state?.ending.isEnding) {
        e.preventDefault();
        onRestart();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [events, state, onRestart]);

  const image = state ? stateImage(world, state) : null;
  const framePosition = useFramePosition(image?.manifest ?? null);
  if (!state) {
    return (
      <EmptyState icon={<MapPinIcon />} title={`No state “${current}”`} actions={<Button onClick={onRestart}>Restart</Button>}>
        The graph points to a state that does not exist. Fix it in the editor, then play again.
      </EmptyState>
    );
  }

  const ending = state.ending.isEnding ? state.ending : null;
  const ambient = state.ambient.filter((line) => line.trim());
  // Directions for the renderer, not story: the embed player never shows them, this preview does.
  const directions = (
    [
      ["Camera", state.camera?.static ?? "", state.camera?.dynamic ?? ""],
      ["Movement", state.movement?.static ?? "", state.movement?.dynamic ?? ""],
    ] as const
  ).filter(([, still, moving]) => still.trim() || moving.trim());

  return (
    <div>
      <div className="relative aspect-video max-h-[min(44vh,420px)] w-full overflow-hidden bg-[oklch(0.17_0.01_286)]">
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- world images are any hosted URL or data: URI
          <img
            key={image.src}
            src={image.src}
            alt={image.label || `The ${state.id} scene`}
            className="size-full object-cover animate-fade-in"
            style={{ objectPosition: framePosition }}
          />
        ) : (
          <div className="grid size-full place-items-center bg-gradient-to-br from-accent/35 via-transparent to-transparent text-white/60">
            <span className="flex flex-col items-center gap-2 text-sm">
              <ImageIcon className="size-6" /> No frame painted for this state
            </span>
          </div>
        )}
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-4 bg-gradient-to-t from-black/80 via-black/40 to-transparent px-5 pt-16 pb-4">
          <div className="min-w-0">
            <p className="text-[11px] font-medium tracking-wider text-white/65 uppercase">
              {current === world.entrance.state ? "Entrance" : ending ? "Ending" : "State"}
            </p>
            <h3 className="truncate font-mono text-lg font-semibold text-white" data-testid="walkthrough-state">
              {state.id}
            </h3>
          </div>
          {image?.label && image.label !== state.id ? (
            <p className="hidden max-w-[45%] truncate text-right text-xs text-white/70 sm:block">{image.label}</p>
          ) : null}
        </div>
      </div>
      {image ? null : <PaintScene key={state.id} world={paint.ref} resource={paint.resource} stateId={state.id} />}

      <div className="grid lg:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4 px-5 py-5">
          {inPlace ? (
            <div
              key={inPlace.key}
              aria-live="polite"
              className={cn(
                "animate-pop-in rounded-lg border px-3.5 py-3",
                inPlace.kind === "override" ? "border-accent/25 bg-accent-soft/60" : "border-line bg-subtle/60",
              )}
            >
              <p className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
                <MessageIcon className="size-3.5" /> {inPlace.kind === "override" ? "Plays here" : "On the way"} · {inPlace.event}
              </p>
              {inPlace.prose ? <p className="mt-1 text-sm text-fg">{inPlace.prose}</p> : null}
              {inPlace.detail ? <p className="mt-1 text-[13px] text-fg-muted">{inPlace.detail}</p> : null}
            </div>
          ) : null}

          <p className="max-w-prose text-[15px] leading-relaxed text-fg" data-testid="walkthrough-prose">
            {prose(state.base, state, world) || <span className="text-fg-muted italic">This state has no prose yet.</span>}
          </p>

          {directions.length ? (
            <section aria-labelledby={`${directionsId}-title`} data-testid="walkthrough-directions">
              <h4 id={`${directionsId}-title`} className="mb-1.5 text-xs font-medium text-fg-muted">
                Renderer directions <span className="font-normal">· not shown to players</span>
              </h4>
              <dl className="grid gap-2 text-[13px] sm:grid-cols-2">
                {directions.map(([label, still, moving]) => (
                  <div key={label} className="rounded-md border border-dashed border-line-strong px-3 py-2">
                    <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
                      <CameraIcon className="size-3.5" /> {label}
                    </dt>
                    {still ? <dd className="mt-0.5 text-fg">{prose(still, state, world)}</dd> : null}
                    {moving ? <dd className="mt-0.5 text-fg-muted">{prose(moving, state, world)}</dd> : null}
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {ambient.length ? (
            <ul aria-label="Ambient" className="flex flex-wrap gap-1.5">
              {ambient.map((line, i) => (
                <li key={i} className="rounded-full bg-subtle px-2.5 py-0.5 text-xs text-fg-muted ring-1 ring-line ring-inset">
                  {prose(line, state, world)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col border-t border-line lg:border-t-0 lg:border-l">
          <div className="flex-1 space-y-3 px-5 py-5">
            {ending ? (
              <div role="status" className="rounded-xl border border-line bg-gradient-to-br from-accent-soft to-surface p-4 text-center">
                <FlagIcon className="mx-auto size-5 text-accent-text" />
                <p className="mt-1 text-xs font-medium tracking-wide text-fg-muted uppercase">The end</p>
                <p className="mt-1 text-base font-semibold text-fg">
                  {ending.title ? prose(ending.title, state, world) : "Ending reached"}
                </p>
                {ending.text ? <p className="mt-1 text-sm text-fg-muted">{prose(ending.text, state, world)}</p> : null}
                {ending.outcome ? (
                  <Badge className="mt-2" tone={ending.outcome === "good" ? "success" : ending.outcome === "bad" ? "danger" : "neutral"}>
                    {ending.outcome}
                  </Badge>
                ) : null}
                <div className="mt-3">
                  <Button onClick={onRestart}>
                    <RefreshIcon /> Play again <Kbd className="border-white/30 bg-white/15 text-accent-fg">R</Kbd>
                  </Button>
                </div>
              </div>
            ) : null}
            {events.length ? (
              <>
                <h4 className="text-xs font-medium text-fg-muted">What happens next</h4>
                <ul className="space-y-1.5">
                  {events.map((event) => (
                    <li key={event.name}>
                      <button
                        type="button"
                        onClick={() => play(event)}
                        aria-keyshortcuts={event.hotkey.trim() || undefined}
                        className="group flex w-full items-center gap-3 rounded-lg border border-line-strong bg-surface px-3 py-2 text-left shadow-xs transition-colors hover:border-accent/50 hover:bg-accent-soft/40"
                      >
                        {event.hotkey.trim() ? <Kbd>{event.hotkey.trim()}</Kbd> : <span className="w-5" />}
                        <span className="min-w-0 flex-1">
                          <span className="block text-[13px] leading-snug font-medium text-fg">{event.name}</span>
                          <span className="block truncate text-xs text-fg-muted">
                            {event.to === undefined ? "plays here" : `→ ${event.to}`}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : ending ? null : (
              <p className="text-[13px] text-fg-muted">No events leave this state: a dead end.</p>
            )}
          </div>
          {history.beats.length ? (
            <details className="border-t border-line px-5 py-3 text-[13px]">
              <summary className="text-xs font-medium text-fg-muted">
                Story so far · {history.beats.length} {history.beats.length === 1 ? "beat" : "beats"}
              </summary>
              <ol className="mt-2 space-y-1 text-fg-muted">
                {history.beats.map((beat) => (
                  <li key={beat.key}>
                    <span className="font-mono text-fg">{beat.from}</span> · {beat.event}
                    {beat.to !== undefined ? (
                      <>
                        {" "}
                        → <span className="font-mono text-fg">{beat.to}</span>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </details>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/**
 * An in-Studio walkthrough of a world: the state's frame and prose, its events as buttons with
 * their hotkeys, overrides played in place, transitions moving on, endings with a restart. Unlike
 * the embed player, it also shows each state's camera and movement, marked as directions for the
 * renderer that players never see.
 */
export function Walkthrough({ appId, worldId, mode }: WalkthroughProps) {
  const ref: WorldRef = useMemo(() => ({ appId, worldId, mode }), [appId, worldId, mode]);
  // Fresh on every visit: the graph is edited in other tabs and by other people.
  const world = useWorld(ref, { fresh: true });
  const [run, setRun] = useState(0);
  // Recording: the steps so far (null when off); then the recording being named.
  const [recording, setRecording] = useState<PlaytestStep[] | null>(null);
  const [naming, setNaming] = useState<PlaytestStep[] | null>(null);
  // A play-through starts at the entrance: starting (or restarting) a recording restarts the play.
  const restart = () => {
    setRun((n) => n + 1);
    setRecording((steps) => (steps === null ? null : []));
  };
  const startRecording = () => {
    setNaming(null);
    setRecording([]);
    setRun((n) => n + 1);
  };
  const stopRecording = () => {
    setNaming(recording ?? []);
    setRecording(null);
  };

  if (world.isPending) return <Skeleton className="aspect-[21/9] w-full rounded-xl" />;
  if (world.isError) return <WorldLoadError error={world.error} onRetry={() => world.refetch()} retrying={world.isFetching} />;

  const graph = graphOf(world.data);
  return (
    <section aria-label={`Play ${world.data.name}`} className="overflow-hidden rounded-xl border border-line bg-surface shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-3">
        <div className="min-w-0">
          <h2 className="truncate text-[15px] font-semibold tracking-tight text-fg">{world.data.name}</h2>
          <p className="text-xs text-fg-muted">A walkthrough of the working graph. Press an event&apos;s key, or click it.</p>
          <OfflineNotice source={world.data.source} className="mt-1" />
        </div>
        <div className="flex items-center gap-2">
          <RecordToggle steps={recording} onStart={startRecording} onStop={stopRecording} />
          <Button variant="secondary" size="sm" onClick={restart}>
            <RefreshIcon /> Restart
          </Button>
        </div>
      </div>
      {recording !== null ? (
        <p role="status" className="border-b border-line bg-danger-soft/60 px-5 py-1.5 text-xs text-danger-text">
          Recording from the entrance: every event you play and the state it leads to. Stop to name it.
        </p>
      ) : null}
      {naming !== null ? <SavePlaytestForm world={ref} steps={naming} onDone={() => setNaming(null)} /> : null}
      <Scene
        // Not keyed on the rev: keeping a painted frame (a new cover, the opening frame) must not restart the play.
        key={run}
        world={graph}
        stateId={graph.entrance.state}
        onRestart={restart}
        paint={{ ref, resource: world.data }}
        onStep={recording !== null ? (step) => setRecording((steps) => (steps === null ? null : [...steps, step])) : undefined}
      />
      <PlaytestList world={ref} graph={graph} />
    </section>
  );
}

"use client";

import { useEffect, useMemo, useState } from "react";
import { graphOf, type WorldRef, type WorldResource } from "@/components/api/worlds";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { ACTIONS } from "@/lib/sim/browser";
import { CameraView } from "./camera-view";
import { ExportDatasetForm } from "./export-dataset-form";
import { RoomMap } from "./room-map";
import { SensorPlot } from "./sensor-plot";
import { STUDIO_CAMERA, useSimulation, type SimView } from "./use-simulation";

const act = (name: (typeof ACTIONS)[number]) => ACTIONS.indexOf(name);

/** Keys that drive the agent (Gymnasium's Discrete(6) of lib/sim/spec), by `KeyboardEvent.key` in lower case. */
const KEYS: Record<string, number> = {
  arrowup: act("forward"),
  w: act("forward"),
  arrowdown: act("back"),
  s: act("back"),
  arrowleft: act("turn_left"),
  a: act("turn_left"),
  arrowright: act("turn_right"),
  d: act("turn_right"),
  e: act("interact"),
  " ": act("interact"),
  q: act("noop"),
};

const BUTTONS: ReadonlyArray<{ action: number; label: string; keys: string }> = [
  { action: act("turn_left"), label: "Turn left", keys: "← A" },
  { action: act("forward"), label: "Forward", keys: "↑ W" },
  { action: act("back"), label: "Back", keys: "↓ S" },
  { action: act("turn_right"), label: "Turn right", keys: "→ D" },
  { action: act("interact"), label: "Interact", keys: "E Space" },
  { action: act("noop"), label: "Wait", keys: "Q" },
];

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
/** Space and Enter on a focused button or tab press it; arrows on a tab move between tabs. */
const ownsKey = (target: EventTarget | null, key: string) =>
  target instanceof HTMLElement &&
  ((target.tagName === "BUTTON" && (key === " " || key === "enter")) || target.getAttribute("role") === "tab");

/**
 * The Simulation tab: the world as lib/sim's reinforcement-learning environment, run in the
 * browser on the graph the page holds (the same rooms, sensors and rewards as `worlds sim serve`
 * and `sim export`). Drive the agent with keys or buttons, watch its room from above, its camera
 * and its sensors, and export a dataset as a job.
 */
export function SimulationPanel({ world, resource }: { world: WorldRef; resource: WorldResource }) {
  const graph = useMemo(() => graphOf(resource), [resource]);
  const { built, view, reset, step, labels } = useSimulation(graph, resource.rev);
  const [seed, setSeed] = useState("0");
  const seedValue = /^\d{1,9}$/.test(seed.trim()) ? Number(seed.trim()) : null;

  // A fresh episode whenever the graph (its rev) changes, and on first open.
  useEffect(() => {
    if (built.ok && view === null) reset(seedValue ?? 0);
  }, [built, view, reset, seedValue]);

  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.altKey || e.isComposing || isTyping(e.target)) return;
      if (document.querySelector("dialog[open]")) return;
      const key = e.key.toLowerCase();
      if (ownsKey(e.target, key)) return;
      if (key === "r") {
        e.preventDefault();
        reset(seedValue ?? 0);
        return;
      }
      const action = KEYS[key];
      if (action === undefined) return;
      e.preventDefault();
      step(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [reset, step, seedValue]);

  return (
    <div className="space-y-6">
      <Card aria-labelledby="sim-title">
        <CardHeader
          titleId="sim-title"
          title="Simulation"
          description="This world as a training environment: each state is a room, each way out an exit labelled with its event. Drive the agent and watch what its sensors and camera report, exactly as the runner and the dataset exporter do."
          actions={<Badge tone="accent">Beta</Badge>}
        />
        <CardBody>
          {!built.ok ? (
            <Alert tone="warning" title="Nothing to simulate yet">
              {built.reason}
            </Alert>
          ) : view ? (
            <Driver
              view={view}
              labels={labels}
              step={step}
              reset={() => reset(seedValue ?? 0)}
              seed={seed}
              setSeed={setSeed}
              seedOk={seedValue !== null}
            />
          ) : (
            <p className="text-sm text-fg-muted">Building the rooms…</p>
          )}
        </CardBody>
      </Card>
      <ExportDatasetForm world={world} disabled={!built.ok} />
    </div>
  );
}

interface DriverProps {
  view: SimView;
  labels: readonly string[];
  step: (action: number) => void;
  reset: () => void;
  seed: string;
  setSeed: (seed: string) => void;
  seedOk: boolean;
}

function Driver({ view, labels, step, reset, seed, setSeed, seedOk }: DriverProps) {
  const { observation: o } = view;
  const over = view.terminated || view.truncated;
  const seen = labels.filter((_, i) => i > 0 && o.visible[i] === 1);
  const hit = (i: 0 | 1) => (o.labels[i] >= 0 ? labels[o.labels[i]] : "nothing in range");
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-3">
          <div className="overflow-hidden rounded-lg border border-line bg-surface p-2">
            <RoomMap room={view.room} pose={view.pose} observation={o} />
          </div>
          <div className="flex flex-wrap gap-2" aria-label="Drive the agent" role="group">
            {BUTTONS.map((b) => (
              <Button
                key={b.label}
                size="sm"
                variant={b.label === "Interact" ? "primary" : "secondary"}
                disabled={over}
                onClick={() => step(b.action)}
                title={`${b.label} (${b.keys})`}
              >
                {b.label}
                <kbd className="rounded border border-current/25 px-1 font-mono text-[10px] opacity-90">{b.keys}</kbd>
              </Button>
            ))}
          </div>
          <p className="text-xs text-fg-subtle">
            Arrows or W A S D move and turn, E or Space interacts (an exit or a ✦ thing straight ahead), Q waits, R resets.
          </p>
          <SensorPlot history={view.history} />
        </div>
        <div className="space-y-4">
          <div className="mx-auto max-w-72">
            <CameraView pixels={o.camera} size={STUDIO_CAMERA} />
            <p className="mt-1 text-center text-xs text-fg-subtle">
              Camera, {STUDIO_CAMERA}×{STUDIO_CAMERA}
            </p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm" data-testid="sim-status">
            <dt className="text-fg-muted">State</dt>
            <dd className="truncate font-medium text-fg" data-testid="sim-state">
              {view.room.stateId}
            </dd>
            <dt className="text-fg-muted">Step</dt>
            <dd className="text-fg tabular-nums" data-testid="sim-steps">
              {view.steps}
            </dd>
            <dt className="text-fg-muted">Reward</dt>
            <dd className="text-fg tabular-nums" data-testid="sim-reward">
              {view.reward} <span className="text-fg-subtle">(episode {view.total})</span>
            </dd>
            <dt className="text-fg-muted">Left ray</dt>
            <dd className="truncate text-fg tabular-nums">
              {o.proximity[0].toFixed(2)} · {hit(0)}
            </dd>
            <dt className="text-fg-muted">Right ray</dt>
            <dd className="truncate text-fg tabular-nums">
              {o.proximity[1].toFixed(2)} · {hit(1)}
            </dd>
            <dt className="text-fg-muted">Collisions</dt>
            <dd className="text-fg tabular-nums" data-testid="sim-collisions">
              {view.collisions}
              {o.collision === 1 ? <span className="ml-2 font-medium text-danger-text">bump!</span> : null}
            </dd>
            <dt className="text-fg-muted">In view</dt>
            <dd className="text-fg">{seen.length > 0 ? seen.join(", ") : "walls only"}</dd>
            <dt className="text-fg-muted">Last event</dt>
            <dd className="truncate text-fg" data-testid="sim-event">
              {view.event ?? "—"}
            </dd>
          </dl>
          <div className="flex flex-wrap gap-2" data-testid="sim-flags">
            <Badge tone={view.terminated ? "success" : "neutral"} dot={view.terminated}>
              {view.terminated ? "Terminated" : "Not terminated"}
            </Badge>
            <Badge tone={view.truncated ? "warning" : "neutral"} dot={view.truncated}>
              {view.truncated ? "Truncated" : "Not truncated"}
            </Badge>
          </div>
          {over ? (
            <Alert tone="info" title={view.terminated ? "The episode has ended" : "Out of steps"}>
              {view.terminated ? `The agent reached an ending (${view.room.ending}).` : "The episode hit its step limit."} Reset to drive
              again.
            </Alert>
          ) : null}
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (seedOk) reset();
            }}
          >
            <label className="min-w-0 flex-1 space-y-1.5">
              <span className="block text-[13px] font-medium text-fg">Seed</span>
              <Input
                inputMode="numeric"
                value={seed}
                onChange={(e) => setSeed(e.target.value)}
                aria-invalid={seedOk ? undefined : true}
                className="tabular-nums"
              />
            </label>
            <Button type="submit" variant="secondary" size="md" disabled={!seedOk}>
              Reset
            </Button>
          </form>
        </div>
      </div>
    </div>
  );
}

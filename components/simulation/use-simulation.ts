"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import { checkWorld, type World } from "@/lib/kernel";
import { buildSimWorld, SimEnv, type Observation, type Pose, type Room, type SimWorld } from "@/lib/sim/browser";

/** Camera pixels a side in the Studio (the runner's and exporter's default is none). */
export const STUDIO_CAMERA = 64;
/** Steps the sensor plot keeps. */
export const HISTORY = 100;

/** One step of the sensor plot. */
export interface Sample {
  step: number;
  left: number;
  right: number;
  collision: 0 | 1;
}

/** What the panel draws after a reset or a step. */
export interface SimView {
  /** The graph's rev the rooms were built from. */
  rev: string;
  room: Room;
  pose: Pose;
  observation: Observation;
  /** The last step's reward (0 after a reset) and the episode's sum. */
  reward: number;
  total: number;
  terminated: boolean;
  truncated: boolean;
  steps: number;
  /** The event the last step took, if any. */
  event: string | null;
  /** The last HISTORY steps (the reset's observation first). */
  history: Sample[];
  /** Collisions since the reset. */
  collisions: number;
}

type Built = { ok: true; sim: SimWorld } | { ok: false; reason: string };

/** The world as the simulator reads it, once per rev; a world the gate refuses has no rooms. */
function buildFor(world: World): Built {
  const checked = checkWorld(world);
  if (!checked.ok || !checked.world)
    return {
      ok: false,
      reason: `This world does not pass the checks (${checked.diagnostics.filter((d) => d.severity === "error").length} errors): fix it in the Graph tab first.`,
    };
  try {
    return { ok: true, sim: buildSimWorld(checked.world) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

const sampleOf = (step: number, o: Observation): Sample => ({ step, left: o.proximity[0], right: o.proximity[1], collision: o.collision });

/**
 * The world's simulator in the browser (lib/sim's pure core on the page's graph): one
 * environment with a camera, reset with a seed, stepped by action index.
 */
export function useSimulation(world: World, rev: string) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the graph changes only with its rev
  const built = useMemo(() => buildFor(world), [rev]);
  const envRef = useRef<SimEnv | null>(null);
  const [view, setView] = useState<SimView | null>(null);

  const reset = useCallback(
    (seed: number) => {
      if (!built.ok) return;
      const env = new SimEnv(built.sim, { seed, camera: STUDIO_CAMERA });
      envRef.current = env;
      const { observation } = env.reset(seed);
      setView({
        rev,
        room: env.room,
        pose: { ...env.pose },
        observation,
        reward: 0,
        total: 0,
        terminated: false,
        truncated: false,
        steps: 0,
        event: null,
        history: [sampleOf(0, observation)],
        collisions: 0,
      });
    },
    [built, rev],
  );

  const step = useCallback((action: number) => {
    const env = envRef.current;
    if (!env || env.isDone) return;
    const r = env.step(action);
    setView((prev) => {
      if (!prev) return prev;
      const history = [...prev.history, sampleOf(r.info.steps, r.observation)].slice(-HISTORY);
      return {
        rev: prev.rev,
        room: env.room,
        pose: { ...env.pose },
        observation: r.observation,
        reward: r.reward,
        total: Math.round((prev.total + r.reward) * 1e4) / 1e4,
        terminated: r.terminated,
        truncated: r.truncated,
        steps: r.info.steps,
        event: r.info.event,
        history,
        collisions: prev.collisions + r.observation.collision,
      };
    });
  }, []);

  // A view of an older rev is dropped: its rooms are not this graph's.
  const live = view?.rev === rev ? view : null;
  return { built, view: live, reset, step, labels: built.ok ? built.sim.labels : [] };
}

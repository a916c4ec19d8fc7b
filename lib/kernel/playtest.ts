import type { GraphIndex } from "./graph-index";
import { buildGraphIndex, hasState } from "./graph-index";
import type { Event, World } from "./schema";

// A recorded play-through: from the entrance, take each event (by name) from the state the
// player is in and expect to be in `state` after it. Replaying one against a graph is pure and
// linear in its steps once the graph's index is built (one index serves every play-through).

export interface PlaytestStep {
  /** The name of an event leaving the state the player is in. */
  event: string;
  /** The state the player is expected to be in after it (an override stays in place). */
  state: string;
}

export interface Playtest {
  playtestId: string;
  name: string;
  steps: readonly PlaytestStep[];
}

export interface PlaytestBreak {
  /** 1-based number of the step that broke (`steps[step - 1]`); 0 when the start itself is broken. */
  step: number;
  reason: string;
}

export interface PlaytestFailure extends PlaytestBreak {
  playtestId: string;
  name: string;
}

/** What a graph write reports: how many stored play-throughs still pass, and where the others break. */
export interface PlaytestReport {
  passed: number;
  failed: PlaytestFailure[];
}

const q = (s: string): string => JSON.stringify(s);

/** Replays one play-through; null when every step lands where it should. */
export function replayPlaytest(
  world: World,
  steps: readonly PlaytestStep[],
  index: GraphIndex = buildGraphIndex(world),
): PlaytestBreak | null {
  if (!index.entranceValid) return { step: 0, reason: `the entrance ${q(world.entrance.state)} names no state` };
  const events = world.scene.events;
  let at = world.entrance.state;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i] as PlaytestStep;
    let taken: Event | undefined;
    for (const e of index.outEvents.get(at) ?? []) {
      const event = events[e] as Event;
      if (event.name === step.event) {
        taken = event;
        break;
      }
    }
    if (taken === undefined) return { step: i + 1, reason: `no event ${q(step.event)} leaves ${q(at)}` };
    const next = taken.to ?? at;
    if (!hasState(world, next)) return { step: i + 1, reason: `${q(step.event)} leads to ${q(next)}, which is no state` };
    if (next !== step.state)
      return { step: i + 1, reason: `expected to be in ${q(step.state)} after ${q(step.event)}, but it leads to ${q(next)}` };
    at = next;
  }
  return null;
}

/** Replays every play-through against one graph; the index is built once, and only when there are any. */
export function replayPlaytests(world: World, playtests: readonly Playtest[]): PlaytestReport {
  if (playtests.length === 0) return { passed: 0, failed: [] };
  const index = buildGraphIndex(world);
  const failed: PlaytestFailure[] = [];
  for (const test of playtests) {
    const broke = replayPlaytest(world, test.steps, index);
    if (broke) failed.push({ playtestId: test.playtestId, name: test.name, ...broke });
  }
  return { passed: playtests.length - failed.length, failed };
}

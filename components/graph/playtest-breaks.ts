import { replayPlaytests, type Playtest, type PlaytestFailure, type World } from "@/lib/kernel";

/*
 * Recorded play-throughs replayed on the editor's would-be world (the kernel's pure replay, as
 * every graph write does on the server), and where each broken one breaks on the canvas.
 */

export interface BrokenPlaytest extends PlaytestFailure {
  /** The state the player was in when the step broke; null when the entrance itself names no state. */
  at: string | null;
  /** The event the step takes, when it still leaves `at` (it leads elsewhere); else null. */
  event: string | null;
  /** The step's event name, as recorded. */
  expectedEvent: string;
}

export function brokenPlaytests(world: World, playtests: readonly Playtest[]): BrokenPlaytest[] {
  if (playtests.length === 0) return [];
  const byId = new Map(playtests.map((p) => [p.playtestId, p]));
  return replayPlaytests(world, playtests).failed.map((failure) => {
    const steps = byId.get(failure.playtestId)?.steps ?? [];
    const step = steps[failure.step - 1];
    // Every step before the broken one landed where it should.
    const at = failure.step === 0 ? null : failure.step === 1 ? world.entrance.state : (steps[failure.step - 2]?.state ?? null);
    const leaves = at !== null && step !== undefined && world.scene.events.some((e) => e.from === at && e.name === step.event);
    return { ...failure, at, event: leaves ? (step?.event ?? null) : null, expectedEvent: step?.event ?? "" };
  });
}

import { querySql } from "@/lib/db";
import { ApiError } from "@/lib/errors";
import { replayPlaytests, type Playtest, type PlaytestReport, type PlaytestStep, type World } from "@/lib/kernel";

/**
 * The play-throughs a graph write replays (docs/api.md "Play-throughs"). They are recorded
 * through lib/playtests; the write path reads them here (a domain below it) so that every graph
 * write of lib/worlds, lib/versions and lib/edit reports them without importing that domain.
 */
export interface PlaytestGuard {
  /** Replays the stored play-throughs on the graph about to be written; throws 422 when one breaks and they are required. */
  check(graph: World): PlaytestReport;
}

export interface GuardOptions {
  /** A write that breaks a play-through is refused (422 `validation_failed`) and persists nothing. */
  requirePlaytests?: boolean;
}

/**
 * The stored play-throughs of a world, oldest first. Every graph write reads them, so on the
 * driver (a prepared statement, not Prisma's per-statement work).
 */
export async function storedPlaytests(worldId: string): Promise<Playtest[]> {
  const rows = await querySql<{ id: string; name: string; steps: unknown }>(
    `SELECT id::text AS id, name, steps FROM playtests WHERE world_id = $1::uuid ORDER BY created_at, id`,
    [worldId],
    { name: "playtests_of_world" },
  );
  return rows.map((row) => ({
    playtestId: row.id,
    name: row.name,
    steps: (typeof row.steps === "string" ? JSON.parse(row.steps) : row.steps) as PlaytestStep[],
  }));
}

export function playtestRefusal(report: PlaytestReport): ApiError {
  const first = report.failed[0]!;
  const more = report.failed.length > 1 ? ` (and ${report.failed.length - 1} more)` : "";
  return new ApiError(
    "validation_failed",
    `The write breaks the play-through ${JSON.stringify(first.name)} at step ${first.step}: ${first.reason}${more}; requirePlaytests is set, so nothing was persisted.`,
    { errors: report.failed.map((f) => `playtests.${f.playtestId}: ${JSON.stringify(f.name)} breaks at step ${f.step}: ${f.reason}`) },
  );
}

/** Loads a world's play-throughs once per write; the check is pure and may run again on a retry. */
export async function playtestGuard(worldId: string, options: GuardOptions = {}): Promise<PlaytestGuard> {
  const playtests = await storedPlaytests(worldId);
  return {
    check(graph) {
      const report = replayPlaytests(graph, playtests);
      if (options.requirePlaytests && report.failed.length > 0) throw playtestRefusal(report);
      return report;
    },
  };
}

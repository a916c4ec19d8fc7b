/**
 * What a refused request must leave as it was: the row counts of the API's main tables, the
 * revoked keys, the quota used, and one world's `rev`. Job bookkeeping and webhook deliveries are
 * left out: background jobs of earlier requests move them on their own.
 */
import { getDb } from "@/lib/db";
import { waitFor } from "@/lib/jobs/executor/testing";

const COUNTED = [
  "users",
  "apps",
  "api_keys",
  "worlds",
  "world_versions",
  "playtests",
  "campaigns",
  "campaign_chapters",
  "sim_datasets",
  "generation_jobs",
  "scenario_batches",
  "scenario_clips",
  "webhook_endpoints",
  "runtime_sessions",
  "character_turns",
  "billing_ledger",
  "idempotency_records",
] as const;

export type Snapshot = Record<string, number | string | null>;

/** Waits until no job run is queued or running, so that nothing moves but the request itself. */
export async function jobsIdle(): Promise<void> {
  const db = await getDb();
  await waitFor(
    async () => {
      const [row] = await db.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM job_runs WHERE status IN ('queued', 'running')`,
      );
      return row?.n === 0;
    },
    { timeoutMs: 120_000, what: "background jobs to finish" },
  );
}

export async function snapshot(worldId?: string): Promise<Snapshot> {
  const db = await getDb();
  const counts = COUNTED.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(", ");
  const [row] = await db.$queryRawUnsafe<Snapshot[]>(
    `SELECT ${counts},
      (SELECT count(*)::int FROM api_keys WHERE revoked_at IS NOT NULL) AS revoked_keys,
      (SELECT coalesce(sum(used), 0)::int FROM quota_counters) AS quota_used,
      (SELECT rev FROM worlds WHERE id::text = $1) AS world_rev`,
    worldId ?? "",
  );
  return row!;
}

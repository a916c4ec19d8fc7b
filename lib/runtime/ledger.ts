import { getEnv } from "@/lib/config/env";
import type { DbClient } from "@/lib/db";
import type { Mode } from "@/lib/shared/caller";

/** What addToLedger adds. `scenario_clip` is not one: only lib/scenarios/charge.ts writes it, with the clip's charge. */
export type BillingMetric = "session_seconds" | "chat_seconds";

/** Today's UTC day as `YYYY-MM-DD` (the ledger's `day`, as lib/quota reads it). */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether seconds of `metric` in `mode` are billable now (docs/usage.md):
 * test usage never is; live play time only while BILLING_ENABLED; live chat time always goes on
 * the ledger (docs/usage.md's `billing.chatSeconds`; the chat meter itself is lib/chat's).
 */
export function isBillable(mode: Mode, metric: BillingMetric): boolean {
  if (mode !== "live") return false;
  return metric === "session_seconds" ? getEnv().BILLING_ENABLED : true;
}

export interface RuntimeSeconds {
  appId: string;
  /** The world or character the seconds were spent in. */
  worldId: string;
  mode: Mode;
  metric: BillingMetric;
  seconds: number;
  /** False: metered, never billed (a `free` character's chat). Default: as isBillable says. */
  billable?: boolean;
}

/**
 * Records runtime seconds, in the caller's transaction: always on the per-world meter
 * (`runtime_usage`, what the usage charts plot), and on the app's billing ledger row of the day
 * only when they are billable (isBillable). Each is one upsert that adds on conflict, never
 * read-then-write. Returns whether the seconds were billed.
 */
export async function addToLedger(db: DbClient, usage: RuntimeSeconds, now = new Date()): Promise<boolean> {
  const { appId, worldId, mode, metric, seconds } = usage;
  const billable = usage.billable !== false && isBillable(mode, metric);
  if (seconds <= 0) return billable;
  const day = utcDay(now);
  await db.$executeRaw`
    INSERT INTO runtime_usage (app_id, mode, day, metric, world_id, seconds)
    VALUES (${appId}::uuid, ${mode}, ${day}::date, ${metric}, ${worldId}::uuid, ${seconds})
    ON CONFLICT (app_id, mode, day, metric, world_id)
    DO UPDATE SET seconds = runtime_usage.seconds + EXCLUDED.seconds`;
  if (!billable) return false;
  await db.$executeRaw`
    INSERT INTO billing_ledger (app_id, mode, metric, day, amount)
    VALUES (${appId}::uuid, ${mode}, ${metric}, ${day}::date, ${seconds})
    ON CONFLICT (app_id, mode, metric, day)
    DO UPDATE SET amount = billing_ledger.amount + EXCLUDED.amount`;
  return true;
}

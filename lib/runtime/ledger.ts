import type { DbClient } from "@/lib/db";
import type { Mode } from "@/lib/keys/key-string";

/** What addToLedger adds. `scenario_clip` is not one: only lib/scenarios/charge.ts writes it, with the clip's charge. */
export type BillingMetric = "session_seconds" | "chat_seconds";

/** Today's UTC day as `YYYY-MM-DD` (the ledger's `day`, as lib/quota reads it). */
export function utcDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Adds billable seconds to the app's ledger row of the day, atomically (one upsert that adds on
 * conflict, never read-then-write). Live mode only: test usage is never billed (spec).
 */
export async function addToLedger(db: DbClient, appId: string, mode: Mode, metric: BillingMetric, seconds: number, now = new Date()): Promise<void> {
  if (mode !== "live" || seconds <= 0) return;
  await db.$executeRaw`
    INSERT INTO billing_ledger (app_id, mode, metric, day, amount)
    VALUES (${appId}::uuid, ${mode}, ${metric}, ${utcDay(now)}::date, ${seconds})
    ON CONFLICT (app_id, mode, metric, day)
    DO UPDATE SET amount = billing_ledger.amount + EXCLUDED.amount`;
}

import type { DbClient } from "@/lib/db";

/** The billing_ledger metric of an accepted live clip (docs/scenarios.md "Charging"). */
export const SCENARIO_CLIP_METRIC = "scenario_clip";

/**
 * THE one writer of a clip's charge (tests/scenarios.test.ts proves no other file writes one).
 * One statement, so one transaction: the clip moves to `accepted` only from one of `from` (the
 * status guard that makes a second accept, a cancelled clip or a lost race move nothing); a live
 * clip that moved gets `charged_at`, its `scenario_clip_charges` row (keyed by the clip: a charge
 * can exist once) and one more `scenario_clip` on the app's billing_ledger row of the UTC day.
 * A test-mode clip moves and charges nothing. Returns whether the clip moved and whether it was
 * charged.
 */
export async function acceptClipRow(db: DbClient, clipId: string, from: readonly string[]): Promise<{ moved: boolean; charged: boolean }> {
  const [row] = await db.$queryRaw<{ moved: bigint; charged: bigint }[]>`
    WITH moved AS (
      UPDATE scenario_clips AS c
      SET status = 'accepted', charged_at = CASE WHEN b.mode = 'live' THEN now() END, updated_at = now()
      FROM scenario_batches AS b
      WHERE c.id = ${clipId}::uuid AND b.id = c.batch_id AND c.status = ANY(${[...from]}::text[])
      RETURNING c.id, b.app_id, b.mode
    ), charged AS (
      INSERT INTO scenario_clip_charges (clip_id, app_id, mode, day)
      SELECT id, app_id, mode, (now() AT TIME ZONE 'UTC')::date FROM moved WHERE mode = 'live'
      ON CONFLICT (clip_id) DO NOTHING
      RETURNING app_id, mode, day
    ), billed AS (
      INSERT INTO billing_ledger (app_id, mode, metric, day, amount)
      SELECT app_id, mode, ${SCENARIO_CLIP_METRIC}, day, count(*) FROM charged GROUP BY app_id, mode, day
      ON CONFLICT (app_id, mode, metric, day) DO UPDATE SET amount = billing_ledger.amount + EXCLUDED.amount
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM moved) AS moved, (SELECT count(*) FROM charged) AS charged`;
  return { moved: Number(row?.moved ?? 0) > 0, charged: Number(row?.charged ?? 0) > 0 };
}

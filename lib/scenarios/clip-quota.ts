import { getDb } from "@/lib/db";
import { effectiveCaps, quotaDay, releaseQuota, reserveQuotaOn } from "@/lib/quota/quota";

/**
 * A clip's frames are metered as `seed_frame` (docs/scenarios.md "Quota"): before the first frame
 * is painted the clip reserves one unit per frame it will paint, all at once (all or nothing: a
 * clip that cannot have them all fails `quota_exceeded` and paints nothing). The clip row records
 * the reservation in the same transaction that counts it, so a step that runs again (a retry, a
 * replay after a crash) finds the units held and never counts them twice. Units of a clip whose
 * frames were never stored (it failed, or its batch was cancelled or failed, before they were)
 * come back; a clip whose frames were stored has spent them, whatever it becomes.
 */
export type ClipReservation = "reserved" | "held";

export async function reserveClipFrames(appId: string, clipId: string, units: number): Promise<ClipReservation> {
  const cap = (await effectiveCaps(appId)).seed_frame;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { quota_day: Date | null }[]
    >`SELECT quota_day FROM scenario_clips WHERE id = ${clipId}::uuid FOR UPDATE`;
    if (!row) throw new Error(`no scenario clip ${clipId}`);
    if (row.quota_day !== null) return "held";
    // 402 rolls the transaction back: nothing counted, nothing recorded.
    await reserveQuotaOn(tx, { appId, kind: "seed_frame", units, cap });
    await tx.scenarioClip.update({ where: { id: clipId }, data: { quotaDay: quotaDay(), quotaUnits: units } });
    return "reserved";
  });
}

/** Gives back the units of these clips that hold some but whose frames were never stored. */
export async function releaseUnspentClipFrames(appId: string, clipIds: string[]): Promise<void> {
  if (clipIds.length === 0) return;
  const db = await getDb();
  const held = await db.scenarioClip.findMany({
    where: { id: { in: clipIds }, quotaDay: { not: null }, frames: { isEmpty: true } },
    select: { id: true, quotaDay: true, quotaUnits: true },
  });
  for (const clip of held) {
    // One conditional update frees the record first: two releases never give back twice.
    const { count } = await db.scenarioClip.updateMany({
      where: { id: clip.id, quotaDay: clip.quotaDay, frames: { isEmpty: true } },
      data: { quotaDay: null, quotaUnits: 0 },
    });
    if (count === 1 && clip.quotaUnits > 0) await releaseQuota({ appId, kind: "seed_frame", units: clip.quotaUnits, day: clip.quotaDay! });
  }
}

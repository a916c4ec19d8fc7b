import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/errors";
import { effectiveCaps, quotaDay, releaseQuota, reserveQuotaOn } from "@/lib/quota/quota";

/**
 * A chapter's one generation of quota. The chapter row records the day it holds a unit in the
 * same transaction that counts it, so a step that runs again (a retry, a replay after a crash,
 * a resume) finds the unit held and never counts a second one.
 */
export type ChapterReservation = "reserved" | "held" | "authored";

export async function reserveChapterQuota(appId: string, campaignId: string, index: number): Promise<ChapterReservation> {
  const cap = (await effectiveCaps(appId)).generation;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string; quota_day: Date | null }[]>`
      SELECT status, quota_day FROM campaign_chapters WHERE campaign_id = ${campaignId}::uuid AND index = ${index} FOR UPDATE`;
    if (!row) throw new Error(`campaign ${campaignId} has no chapter ${index}`);
    if (row.status === "authored") return "authored";
    if (row.quota_day !== null) return "held";
    // 402 rolls the transaction back: nothing counted, nothing recorded.
    await reserveQuotaOn(tx, { appId, kind: "generation", cap });
    await tx.campaignChapter.update({ where: { campaignId_index: { campaignId, index } }, data: { quotaDay: quotaDay() } });
    return "reserved";
  });
}

/**
 * Gives back the units of chapters that hold one but were never stored (the job stopped for good
 * between the reservation and the chapter's world). A chapter whose world was stored counts as
 * authored: its unit was spent.
 */
export async function releaseUnspentChapterQuota(appId: string, campaignId: string): Promise<void> {
  const db = await getDb();
  const held = await db.campaignChapter.findMany({ where: { campaignId, status: "pending", quotaDay: { not: null } } });
  for (const chapter of held) {
    const stored = await db.world.findUnique({ where: { id: chapter.worldId }, select: { id: true } });
    if (stored) {
      await db.campaignChapter.updateMany({
        where: { campaignId, index: chapter.index, status: "pending" },
        data: { status: "authored", authoredAt: new Date() },
      });
      continue;
    }
    const { count } = await db.campaignChapter.updateMany({
      where: { campaignId, index: chapter.index, status: "pending", quotaDay: chapter.quotaDay },
      data: { quotaDay: null },
    });
    if (count === 1) await releaseQuota({ appId, kind: "generation", units: 1, day: chapter.quotaDay! });
  }
}

export function isQuotaExceeded(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === "quota_exceeded";
}

import { getProvider, type Bible } from "@/lib/ai";
import { storeAsset } from "@/lib/assets/assets";
import { getDb } from "@/lib/db";
import type { Mode } from "@/lib/shared/caller";
import { effectiveCaps, quotaDay, releaseQuota, reserveQuotaOn } from "@/lib/quota/quota";

export interface SubjectRef {
  imageUrl: string;
  descriptor?: string;
}

/** How the protagonist looks, in the bible's own words: what every chapter's painter keeps. */
export function protagonistDescriptor(bible: Bible): string {
  const where = bible.places[0] ?? bible.setting;
  return `${bible.protagonist} of ${bible.title}${where ? `, at home in ${where}` : ""}`.slice(0, 300);
}

/**
 * The reference stage when the request gave no `subject_ref`: one portrait of the protagonist
 * painted from the bible and hosted, carried into every chapter as its `subjectRef`.
 */
export async function paintReference(mode: Mode, bible: Bible, baseUrl: string): Promise<SubjectRef> {
  const descriptor = protagonistDescriptor(bible);
  const image = await getProvider(mode).paintImage({
    prompt: `portrait of ${descriptor}`,
    mood: bible.tone,
    aspect: "1:1",
    subject: bible.protagonist,
  });
  const stored = await storeAsset(image.bytes, image.mimeType, baseUrl);
  return { imageUrl: stored.url, descriptor };
}

/**
 * The portrait's one `seed_frame` unit (live campaigns; a test key's campaign is the mock and
 * uses no quota). The campaign row records the day it holds the unit in the transaction that
 * counts it, so the reference step run again (a retry, a replay, a resume) never counts twice.
 * Over the cap: 402, nothing counted.
 */
export async function reserveReferenceQuota(appId: string, campaignId: string): Promise<"reserved" | "held"> {
  const cap = (await effectiveCaps(appId)).seed_frame;
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { reference_quota_day: Date | null }[]
    >`SELECT reference_quota_day FROM campaigns WHERE id = ${campaignId}::uuid FOR UPDATE`;
    if (!row) throw new Error(`no campaign ${campaignId}`);
    if (row.reference_quota_day !== null) return "held";
    await reserveQuotaOn(tx, { appId, kind: "seed_frame", cap });
    await tx.campaign.update({ where: { id: campaignId }, data: { referenceQuotaDay: quotaDay() } });
    return "reserved";
  });
}

/** The job stopped for good before the portrait was stored: its unit comes back (once). */
export async function releaseUnspentReferenceQuota(appId: string, campaignId: string): Promise<void> {
  const db = await getDb();
  const campaign = await db.campaign.findUniqueOrThrow({
    where: { id: campaignId },
    select: { referenceQuotaDay: true, subjectRef: true },
  });
  if (!campaign.referenceQuotaDay || campaign.subjectRef !== null) return;
  const { count } = await db.campaign.updateMany({
    where: { id: campaignId, referenceQuotaDay: campaign.referenceQuotaDay },
    data: { referenceQuotaDay: null },
  });
  if (count === 1) await releaseQuota({ appId, kind: "seed_frame", units: 1, day: campaign.referenceQuotaDay });
}

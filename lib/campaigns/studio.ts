import { getDb } from "@/lib/db";
import type { App } from "@/lib/db/generated/client";
import { serializeCampaign } from "./serialize";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A campaign the Studio user may open: any campaign (either mode) of an app the user owns, as
 * its resource, with that app. Null for a malformed or unknown id and for another account's
 * campaign (the page answers 404 for all three).
 */
export async function findUserCampaign(userId: string, id: string): Promise<{ campaign: ReturnType<typeof serializeCampaign>; app: App } | null> {
  if (!UUID.test(id)) return null;
  const db = await getDb();
  const row = await db.campaign.findUnique({
    where: { id },
    omit: { text: true, bible: true },
    include: { chapters: { orderBy: { index: "asc" }, omit: { text: true } }, app: true },
  });
  if (!row || row.app.ownerId !== userId) return null;
  const { app, ...campaign } = row;
  return { campaign: serializeCampaign(campaign), app };
}

/** Whether `worldId` is a planned chapter world of the campaign (authored or not yet). */
export async function isCampaignChapterWorld(campaignId: string, worldId: string): Promise<boolean> {
  const db = await getDb();
  return (await db.campaignChapter.count({ where: { campaignId, worldId } })) > 0;
}

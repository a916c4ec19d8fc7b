import { getDb } from "@/lib/db";

/** Whether `worldId` is a planned chapter world of the campaign (authored or not yet): the runtime's check of a chapter that 404s until it is authored. */
export async function isCampaignChapterWorld(campaignId: string, worldId: string): Promise<boolean> {
  const db = await getDb();
  return (await db.campaignChapter.count({ where: { campaignId, worldId } })) > 0;
}

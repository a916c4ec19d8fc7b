import { studioUserRef } from "@/lib/characters/studio";
import { getDb } from "@/lib/db";
import type { Mode } from "@/lib/shared/caller";
import { mintSessionToken } from "@/lib/sessions/mint";
import { SESSION_TTL_MAX } from "@/lib/sessions/requests";
import type { App } from "@/lib/db/generated/client";
import { serializeCampaign } from "./serialize";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A campaign the Studio user may open: any campaign (either mode) of an app the user owns, as
 * its resource, with that app. Null for a malformed or unknown id and for another account's
 * campaign (the page answers 404 for all three).
 */
export async function findUserCampaign(
  userId: string,
  id: string,
): Promise<{ campaign: ReturnType<typeof serializeCampaign>; app: App } | null> {
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

/**
 * A session token for the owner's preview of a campaign in the Studio: minted for chapter 1's
 * world exactly as `POST /v1/sessions/token` would (it covers every chapter of the campaign,
 * docs/campaigns.md), as the player `studio:<userId>`, for the longest lifetime a token may have.
 */
export async function mintCampaignPreviewToken(userId: string, app: { id: string }, mode: string, worldId: string) {
  return mintSessionToken({ appId: app.id, mode: mode as Mode }, { worldId, ttlSeconds: SESSION_TTL_MAX, userRef: studioUserRef(userId) });
}

import { createCampaign, listCampaigns } from "@/lib/campaigns/campaigns";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/campaigns";
import { reply } from "@/lib/reply";

export const POST = route(op.createCampaign, async ({ req, auth, body }) => {
  const { status, body: answer } = await createCampaign(auth, body, publicBaseUrl(req));
  return reply(status, answer);
});

export const GET = route(op.listCampaigns, async ({ auth, query }) => {
  const { rows, nextCursor } = await listCampaigns(auth, query.limit, query.cursor);
  return { campaigns: rows.map((row) => serializeCampaign(row)), nextCursor };
});

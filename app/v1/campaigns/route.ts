import { createCampaign, listCampaigns } from "@/lib/campaigns/campaigns";
import { BOOK_MAX } from "@/lib/campaigns/requests";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { getEnv } from "@/lib/config/env";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/campaigns";
import { reply } from "@/lib/reply";

export const POST = route({
  ...op.createCampaign,
  // The book (JSON-escaped at worst 6 bytes a character) on top of the usual limit.
  maxBodyBytes: getEnv().MAX_JSON_BODY_BYTES + BOOK_MAX * 6,
  handler: async ({ req, auth, body }) => {
    const { status, body: answer } = await createCampaign(auth, body, publicBaseUrl(req));
    return reply(status, answer);
  },
});

export const GET = route({
  ...op.listCampaigns,
  handler: async ({ auth, query }) => {
    const { rows, nextCursor } = await listCampaigns(auth, query.limit, query.cursor);
    return { campaigns: rows.map((row) => serializeCampaign(row)), nextCursor };
  },
});

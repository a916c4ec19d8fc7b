import { resumeCampaign } from "@/lib/campaigns/campaigns";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/campaigns";
import { reply } from "@/lib/reply";

export const POST = route(op.resumeCampaign, async ({ req, auth, params }) => {
  const { status, body } = await resumeCampaign(auth, params.id, publicBaseUrl(req));
  return reply(status, body);
});

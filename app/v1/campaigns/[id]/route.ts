import { getCampaignOrThrow } from "@/lib/campaigns/campaigns";
import { serializeCampaign } from "@/lib/campaigns/serialize";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/campaigns";

export const GET = route(op.getCampaign, async ({ auth, params }) => serializeCampaign(await getCampaignOrThrow(auth, params.id)));

import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import { listWebhookDeliveries, ZDeliveryListQuery, ZWebhookParams } from "@/lib/webhooks";

export const GET = route({
  auth: "user",
  params: ZWebhookParams,
  query: ZDeliveryListQuery,
  handler: async ({ auth, params, query }) => {
    await assertAppOwner(auth.userId, params.id);
    return listWebhookDeliveries(params.id, params.whId, query.limit, query.cursor);
  },
});

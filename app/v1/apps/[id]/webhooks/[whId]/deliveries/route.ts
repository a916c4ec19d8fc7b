import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { listWebhookDeliveries } from "@/lib/webhooks";

export const GET = route(op.listWebhookDeliveries, async ({ auth, params, query }) => {
  await assertAppOwner(auth.userId, params.id);
  return listWebhookDeliveries(params.id, params.whId, query.limit, query.cursor);
});

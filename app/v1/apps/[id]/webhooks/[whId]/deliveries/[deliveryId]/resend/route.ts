import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { resendDelivery } from "@/lib/webhooks";

export const POST = route(op.resendWebhookDelivery, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return resendDelivery(params.id, params.whId, params.deliveryId);
});

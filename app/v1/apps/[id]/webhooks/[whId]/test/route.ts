import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { sendTestEvent } from "@/lib/webhooks";

export const POST = route(op.sendWebhookTestEvent, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return sendTestEvent(params.id, params.whId);
});

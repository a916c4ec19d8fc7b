import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { deleteWebhookEndpoint } from "@/lib/webhooks";

/** The same as DELETE …/webhooks/{whId}, for clients that cannot send DELETE (docs/api.md "Webhooks"). */
export const POST = route(op.deleteWebhookEndpointViaPost, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return deleteWebhookEndpoint(params.id, params.whId);
});

import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { deleteWebhookEndpoint } from "@/lib/webhooks";

export const DELETE = route({
  ...op.deleteWebhookEndpoint,
  handler: async ({ auth, params }) => {
    await assertAppOwner(auth.userId, params.id);
    return deleteWebhookEndpoint(params.id, params.whId);
  },
});

import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import { deleteWebhookEndpoint, ZWebhookParams } from "@/lib/webhooks";

export const DELETE = route({
  auth: "user",
  params: ZWebhookParams,
  handler: async ({ auth, params }) => {
    await assertAppOwner(auth.userId, params.id);
    return deleteWebhookEndpoint(params.id, params.whId);
  },
});

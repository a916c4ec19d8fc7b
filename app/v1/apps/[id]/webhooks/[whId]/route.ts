import { assertAppOwner } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { deleteWebhookEndpoint, updateWebhookEndpoint } from "@/lib/webhooks";

export const PATCH = route(op.updateWebhookEndpoint, async ({ auth, params, body }) => {
  await assertAppOwner(auth.userId, params.id);
  return updateWebhookEndpoint(params.id, params.whId, body);
});

export const DELETE = route(op.deleteWebhookEndpoint, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return deleteWebhookEndpoint(params.id, params.whId);
});

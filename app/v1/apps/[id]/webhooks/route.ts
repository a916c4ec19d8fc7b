import { assertAppOwner } from "@/lib/apps/apps";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { createWebhookEndpoint, listWebhookEndpoints } from "@/lib/webhooks";

export const GET = route(op.listWebhookEndpoints, async ({ auth, params }) => {
  await assertAppOwner(auth.userId, params.id);
  return { webhooks: await listWebhookEndpoints(params.id) };
});

export const POST = route(op.createWebhookEndpoint, async ({ auth, params, body }) => {
  await assertAppOwner(auth.userId, params.id);
  return reply(201, await createWebhookEndpoint(params.id, body));
});

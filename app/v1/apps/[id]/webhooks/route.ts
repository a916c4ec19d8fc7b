import { assertAppOwner } from "@/lib/apps/apps";
import { ZIdParams } from "@/lib/shared/params";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import { createWebhookEndpoint, listWebhookEndpoints, ZCreateWebhook } from "@/lib/webhooks";

export const GET = route({
  auth: "user",
  params: ZIdParams,
  handler: async ({ auth, params }) => {
    await assertAppOwner(auth.userId, params.id);
    return { webhooks: await listWebhookEndpoints(params.id) };
  },
});

export const POST = route({
  auth: "user",
  params: ZIdParams,
  body: ZCreateWebhook,
  handler: async ({ auth, params, body }) => {
    await assertAppOwner(auth.userId, params.id);
    return reply(201, await createWebhookEndpoint(params.id, body));
  },
});

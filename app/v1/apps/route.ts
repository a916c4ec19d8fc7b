import { createApp, listApps, serializeApp, ZCreateApp } from "@/lib/apps/apps";
import { route } from "@/lib/http/route";
import { reply } from "@/lib/reply";

export const POST = route({
  auth: "user",
  body: ZCreateApp,
  handler: async ({ auth, body }) => reply(201, serializeApp(await createApp(auth.userId, body.name))),
});

export const GET = route({
  auth: "user",
  handler: async ({ auth }) => ({ apps: (await listApps(auth.userId)).map(serializeApp) }),
});

import { getOwnedAppOrThrow, serializeApp, updateApp, ZUpdateApp } from "@/lib/apps/apps";
import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";

export const GET = route({
  auth: "user",
  params: ZIdParams,
  handler: async ({ auth, params }) => serializeApp(await getOwnedAppOrThrow(auth.userId, params.id)),
});

export const PATCH = route({
  auth: "user",
  params: ZIdParams,
  body: ZUpdateApp,
  handler: async ({ auth, params, body }) => serializeApp(await updateApp(auth.userId, params.id, body)),
});

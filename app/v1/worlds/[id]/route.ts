import { publicBaseUrl } from "@/lib/http/base-url";
import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";
import { ZUpdateWorldBody } from "@/lib/worlds/requests";
import { worldResourceBody, worldResourceReply } from "@/lib/worlds/serialize";
import { deleteWorld, getWorldOrThrow, updateWorldMeta } from "@/lib/worlds/worlds";

export const GET = route({
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  handler: async ({ req, auth, params }) => worldResourceReply(await getWorldOrThrow(auth, params.id), publicBaseUrl(req)),
});

export const PATCH = route({
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZUpdateWorldBody,
  handler: async ({ req, auth, params, body, expectedRev }) =>
    worldResourceBody(await updateWorldMeta(auth, params.id, body, expectedRev), publicBaseUrl(req)),
});

export const DELETE = route({
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  handler: async ({ auth, params }) => {
    await deleteWorld(auth, params.id);
    return { ok: true };
  },
});

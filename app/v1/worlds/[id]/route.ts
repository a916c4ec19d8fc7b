import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/worlds";
import { worldResourceBody, worldResourceReply } from "@/lib/worlds/serialize";
import { deleteWorld, getWorldOrThrow, updateWorldMeta } from "@/lib/worlds/worlds";

export const GET = route(op.getWorld, async ({ req, auth, params }) =>
  worldResourceReply(await getWorldOrThrow(auth, params.id), publicBaseUrl(req)),
);

export const PATCH = route(op.updateWorld, async ({ req, auth, params, body, expectedRev }) =>
  worldResourceBody(await updateWorldMeta(auth, params.id, body, expectedRev), publicBaseUrl(req)),
);

export const DELETE = route(op.deleteWorld, async ({ auth, params }) => {
  await deleteWorld(auth, params.id);
  return { ok: true };
});

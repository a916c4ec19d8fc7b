import { clientAddress } from "@/lib/auth/throttle";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/explore";
import { likeWorld, unlikeWorld } from "@/lib/explore";

export const PUT = route({
  ...op.likeWorld,
  handler: ({ req, params, body }) => likeWorld(params.id, body, clientAddress(req.headers)),
});

export const DELETE = route({
  ...op.unlikeWorld,
  handler: ({ req, params, body }) => unlikeWorld(params.id, body, clientAddress(req.headers)),
});

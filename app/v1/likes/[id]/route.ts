import { clientAddress } from "@/lib/auth/throttle";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/explore";
import { likeWorld, unlikeWorld } from "@/lib/explore";

export const PUT = route(op.likeWorld, ({ req, params, body }) => likeWorld(params.id, body, clientAddress(req.headers)));

export const DELETE = route(op.unlikeWorld, ({ req, params, body }) => unlikeWorld(params.id, body, clientAddress(req.headers)));

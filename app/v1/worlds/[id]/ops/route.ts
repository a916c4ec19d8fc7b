import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/graph";
import { graphWriteBody } from "@/lib/worlds/serialize";
import { applyOpsToWorld } from "@/lib/worlds/worlds";

export const POST = route(op.applyWorldOps, async ({ auth, params, body, expectedRev }) =>
  graphWriteBody(await applyOpsToWorld(auth, params.id, body.ops, expectedRev, body)),
);

import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";
import { ZOpsBody } from "@/lib/worlds/requests";
import { graphWriteBody } from "@/lib/worlds/serialize";
import { applyOpsToWorld } from "@/lib/worlds/worlds";

export const POST = route({
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZOpsBody,
  maxBodyBytes: 4 * 1024 * 1024,
  handler: async ({ auth, params, body, expectedRev }) => graphWriteBody(await applyOpsToWorld(auth, params.id, body.ops, expectedRev)),
});

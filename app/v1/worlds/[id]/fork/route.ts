import { ZIdParams } from "@/lib/shared/params";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import { forkWorld } from "@/lib/worlds/fork";
import { ZForkBody } from "@/lib/worlds/requests";

export const POST = route({
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZForkBody,
  bodyOptional: true,
  handler: async ({ auth, params, body }) => reply(201, await forkWorld(auth, params.id, body.name)),
});

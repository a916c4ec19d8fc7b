import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/worlds";
import { forkWorld } from "@/lib/worlds/fork";

export const POST = route(op.forkWorld, async ({ auth, params, body }) => reply(201, await forkWorld(auth, params.id, body.name)));

import { ZIdParams } from "@/lib/shared/params";
import { revValidated } from "@/lib/reply";
import { route } from "@/lib/http/route";
import { ZAddEventBody } from "@/lib/kernel";
import { addEventToWorld, getWorldOrThrow } from "@/lib/worlds/worlds";

export const GET = route({
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  handler: async ({ auth, params }) => {
    const row = await getWorldOrThrow(auth, params.id);
    return revValidated({ events: row.graph.scene.events, rev: row.rev });
  },
});

export const POST = route({
  auth: "key",
  scope: "worlds:write",
  params: ZIdParams,
  body: ZAddEventBody,
  handler: async ({ auth, params, body, expectedRev }) => addEventToWorld(auth, params.id, body, expectedRev),
});

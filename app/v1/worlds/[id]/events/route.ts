import { revValidated } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/graph";
import { addEventToWorld, getWorldOrThrow } from "@/lib/worlds/worlds";

export const GET = route(op.listWorldEvents, async ({ auth, params }) => {
  const row = await getWorldOrThrow(auth, params.id);
  return revValidated({ events: row.graph.scene.events, rev: row.rev });
});

export const POST = route(op.addWorldEvent, async ({ auth, params, body, expectedRev }) =>
  addEventToWorld(auth, params.id, body, expectedRev),
);

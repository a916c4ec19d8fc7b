import { revValidated } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/graph";
import { getWorldOrThrow } from "@/lib/worlds/worlds";

export const GET = route(op.getWorldScene, async ({ auth, params }) => {
  const row = await getWorldOrThrow(auth, params.id);
  return revValidated({ scene: row.graph.scene, rev: row.rev });
});

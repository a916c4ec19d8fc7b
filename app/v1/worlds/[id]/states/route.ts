import { ZIdParams } from "@/lib/shared/params";
import { revValidated } from "@/lib/reply";
import { route } from "@/lib/http/route";
import { getWorldOrThrow } from "@/lib/worlds/worlds";

export const GET = route({
  auth: "key",
  scope: "worlds:read",
  params: ZIdParams,
  handler: async ({ auth, params }) => {
    const row = await getWorldOrThrow(auth, params.id);
    return revValidated({ states: Object.values(row.graph.scene.states), rev: row.rev });
  },
});

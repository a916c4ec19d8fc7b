import { listPlayers } from "@/lib/chat";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/players";

export const GET = route({
  ...op.listPlayers,
  handler: async ({ auth, query }) => listPlayers(auth, query),
});

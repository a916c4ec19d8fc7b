import { chatPlayerOf, getChatStatus, setChatPlan } from "@/lib/chat";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/players";

export const GET = route({
  ...op.getPlayer,
  handler: async ({ auth, params }) => getChatStatus(chatPlayerOf(auth, params.player)),
});

export const PATCH = route({
  ...op.updatePlayer,
  handler: async ({ auth, params, body }) => setChatPlan(chatPlayerOf(auth, params.player), body.plan),
});

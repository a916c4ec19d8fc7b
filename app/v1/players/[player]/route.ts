import { chatPlayerOf, getChatStatus, setChatPlan } from "@/lib/chat";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/players";

export const GET = route(op.getPlayer, async ({ auth, params }) => getChatStatus(chatPlayerOf(auth, params.player)));

export const PATCH = route(op.updatePlayer, async ({ auth, params, body }) => setChatPlan(chatPlayerOf(auth, params.player), body.plan));

import { addChatCredit, chatPlayerOf } from "@/lib/chat";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/players";

export const POST = route(op.addPlayerCredit, async ({ auth, params, body }) =>
  addChatCredit(chatPlayerOf(auth, params.player), body.seconds),
);

import { clientAddress } from "@/lib/auth/throttle";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/explore";
import { issuePlayerId } from "@/lib/explore";

export const POST = route({
  ...op.createPlayerId,
  handler: async ({ req }) => reply(201, issuePlayerId(clientAddress(req.headers)), { "cache-control": "no-store" }),
});

import { clientAddress } from "@/lib/auth/throttle";
import { listPlayers } from "@/lib/chat";
import { issuePlayerId } from "@/lib/explore";
import { route } from "@/lib/http/route";
import * as explore from "@/lib/openapi/operations/explore";
import * as op from "@/lib/openapi/operations/players";
import { reply } from "@/lib/reply";

// GET: an app's players and their chat (secret key, docs/runtime.md); POST: a browser's anonymous
// player id for likes (no credential, docs/explore.md).
export const GET = route(op.listPlayers, async ({ auth, query }) => listPlayers(auth, query));

export const POST = route(explore.createPlayerId, async ({ req }) =>
  reply(201, issuePlayerId(clientAddress(req.headers)), { "cache-control": "no-store" }),
);

import { ZSayBody } from "@/lib/characters";
import { sayTurn } from "@/lib/runtime";
import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";
import { appIdOfWorld, preflight } from "@/lib/runtime";

/** One talk turn, from the embed's browser with the session token (bearer or `token` body field). */
export const POST = route({
  auth: "session",
  cors: true,
  tokenInBody: true,
  params: ZIdParams,
  body: ZSayBody,
  handler: async ({ auth, params, body }) => sayTurn(auth, params.id, body),
});

export const OPTIONS = preflight(["POST"], appIdOfWorld);

import { sayTurn } from "@/lib/runtime";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/characters";
import { appIdOfWorld, preflight } from "@/lib/runtime";

/** One talk turn, from the embed's browser with the session token (bearer or `token` body field). */
export const POST = route(op.sayToCharacter, async ({ auth, params, body }) => sayTurn(auth, params.id, body));

export const OPTIONS = preflight(["POST"], appIdOfWorld);

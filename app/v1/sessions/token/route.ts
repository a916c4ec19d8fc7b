import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/runtime";
import { mintSessionToken } from "@/lib/sessions";

/** A short-lived runtime session token for one world or character (secret keys only). */
export const POST = route(op.createSessionToken, async ({ auth, body }) => mintSessionToken(auth, body));

import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/runtime";
import { preflight, speak } from "@/lib/runtime";

/** Speech: a secret key with any voice, or a character's session token with its voice. */
export const POST = route(op.createSpeech, async ({ req, auth, body }) => speak(auth, body, publicBaseUrl(req)));

export const OPTIONS = preflight(["POST"]);

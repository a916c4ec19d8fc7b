import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/runtime";
import { preflight, speak } from "@/lib/runtime";

/** Speech: a secret key with any voice, or a character's session token with its voice. */
export const POST = route({
  ...op.createSpeech,
  cors: true,
  tokenInBody: true,
  // at most 2000 characters of text; the body is read before the credential.
  maxBodyBytes: 32 * 1024,
  handler: async ({ req, auth, body }) => speak(auth, body, publicBaseUrl(req)),
});

export const OPTIONS = preflight(["POST"]);

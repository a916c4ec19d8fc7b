import { createCharacter, ZCreateCharacterBody } from "@/lib/characters";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import { readIdempotencyKey, withIdempotency } from "@/lib/idempotency/idempotency";
import { importLimits } from "@/lib/worlds/worlds";

export const POST = route({
  auth: "key",
  scope: "characters:write",
  body: ZCreateCharacterBody,
  // The import bound is enforced while the body streams in; a little room for the envelope.
  maxBodyBytes: importLimits().maxBytes + 64 * 1024,
  handler: async ({ req, auth, body }) =>
    withIdempotency({ appId: auth.appId, mode: auth.mode, namespace: "character" }, readIdempotencyKey(req), body, () =>
      createCharacter(auth, body, publicBaseUrl(req)),
    ),
});

import { createCharacter } from "@/lib/characters";
import { publicBaseUrl } from "@/lib/http/base-url";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/characters";
import { importLimits } from "@/lib/worlds/worlds";

export const POST = route({
  ...op.createCharacter,
  // The import bound is enforced while the body streams in; a little room for the envelope.
  maxBodyBytes: importLimits().maxBytes + 64 * 1024,
  handler: async ({ req, auth, body }) => reply(201, await createCharacter(auth, body, publicBaseUrl(req))),
});

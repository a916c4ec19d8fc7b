import { getCharacterOrThrow } from "@/lib/characters";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/characters";
import { worldResourceReply } from "@/lib/worlds/serialize";

/** The character as a World resource (kind `character`; its profile at `world.character`). */
export const GET = route({
  ...op.getCharacter,
  handler: async ({ req, auth, params }) => worldResourceReply(await getCharacterOrThrow(auth, params.id), publicBaseUrl(req)),
});

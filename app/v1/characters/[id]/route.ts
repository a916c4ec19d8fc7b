import { getCharacterOrThrow } from "@/lib/characters";
import { publicBaseUrl } from "@/lib/http/base-url";
import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";
import { worldResourceReply } from "@/lib/worlds/serialize";

/** The character as a World resource (kind `character`; its profile at `world.character`). */
export const GET = route({
  auth: "key",
  scope: "characters:read",
  params: ZIdParams,
  handler: async ({ req, auth, params }) => worldResourceReply(await getCharacterOrThrow(auth, params.id), publicBaseUrl(req)),
});

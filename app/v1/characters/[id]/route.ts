import { getCharacterOrThrow, updateCharacter } from "@/lib/characters";
import { publicBaseUrl } from "@/lib/http/base-url";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/characters";
import { characterResourceBody, characterResourceReply } from "@/lib/worlds/serialize";

/** The character as a World resource (kind `character`; its profile at `world.character`). */
export const GET = route(op.getCharacter, async ({ req, auth, params }) =>
  characterResourceReply(await getCharacterOrThrow(auth, params.id), publicBaseUrl(req)),
);

/** Its brain and stance palette, edited (docs/runtime.md "Editing a character"). */
export const PATCH = route(op.updateCharacter, async ({ req, auth, params, body, expectedRev }) =>
  characterResourceBody(await updateCharacter(auth, params.id, body, expectedRev, publicBaseUrl(req)), publicBaseUrl(req)),
);

import { getTranscript } from "@/lib/characters";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/characters";

/** A player's full chat history with a character (secret keys only). */
export const GET = route(op.getCharacterTranscript, async ({ auth, params, query }) => getTranscript(auth, params.id, query));

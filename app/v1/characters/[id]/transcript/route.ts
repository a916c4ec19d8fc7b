import { getTranscript, ZTranscriptQuery } from "@/lib/characters";
import { ZIdParams } from "@/lib/shared/params";
import { route } from "@/lib/http/route";

/** A player's full chat history with a character (secret keys only). */
export const GET = route({
  auth: "key",
  scope: "characters:read",
  params: ZIdParams,
  query: ZTranscriptQuery,
  handler: async ({ auth, params, query }) => getTranscript(auth, params.id, query),
});

import { route } from "@/lib/http/route";
import { mintSessionToken, ZMintSessionBody } from "@/lib/sessions";

/** A short-lived runtime session token for one world or character (secret keys only). */
export const POST = route({
  auth: "key",
  scope: "sessions:write",
  body: ZMintSessionBody,
  handler: async ({ auth, body }) => mintSessionToken(auth, body),
});

import { route } from "@/lib/http/route";
import { getRuntimeWorld, preflight } from "@/lib/runtime";

/** The session token's world (or character): what the embed player boots from. */
export const GET = route({
  auth: "session",
  cors: true,
  handler: async ({ auth }) => getRuntimeWorld(auth),
});

export const OPTIONS = preflight(["GET"]);

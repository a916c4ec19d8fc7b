import { route } from "@/lib/http/route";
import { preflight, recordHeartbeat, ZHeartbeatBody } from "@/lib/runtime";

/** Live play time of a session (session_seconds), capped; the first heartbeat counts the session. */
export const POST = route({
  auth: "session",
  cors: true,
  tokenInBody: true,
  // a heartbeat is a few dozen bytes; the body is read before the credential.
  maxBodyBytes: 16 * 1024,
  body: ZHeartbeatBody,
  handler: async ({ auth, body }) => recordHeartbeat(auth, body),
});

export const OPTIONS = preflight(["POST"]);

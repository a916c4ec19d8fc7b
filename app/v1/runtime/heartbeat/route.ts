import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/runtime";
import { preflight, recordHeartbeat } from "@/lib/runtime";

/** Live play time of a session (session_seconds), capped; the first heartbeat counts the session. */
export const POST = route(op.sendHeartbeat, async ({ auth, body }) => recordHeartbeat(auth, body));

export const OPTIONS = preflight(["POST"]);

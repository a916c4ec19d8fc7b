import { revValidated } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/runtime";
import { getRuntimeWorld, preflight } from "@/lib/runtime";

/** The session token's world (or character), or another chapter of its campaign: what the embed player boots from. */
export const GET = route(op.getRuntimeWorld, async ({ auth, query }) => {
  // The session's view of the world: the rev stands for it while no count moved since (a 304 only then).
  const { body, revCoversBody } = await getRuntimeWorld(auth, query.worldId);
  return revValidated(body, revCoversBody);
});

export const OPTIONS = preflight(["GET"]);

import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/scenarios";
import { acceptClip } from "@/lib/scenarios/scenarios";
import { serializeClip } from "@/lib/scenarios/serialize";

export const POST = route(op.acceptScenarioClip, async ({ auth, params }) =>
  serializeClip(await acceptClip(auth, params.id, params.clipId)),
);

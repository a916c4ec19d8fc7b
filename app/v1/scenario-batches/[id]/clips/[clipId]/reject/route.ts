import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/scenarios";
import { rejectClip } from "@/lib/scenarios/scenarios";
import { serializeClip } from "@/lib/scenarios/serialize";

export const POST = route(op.rejectScenarioClip, async ({ auth, params }) =>
  serializeClip(await rejectClip(auth, params.id, params.clipId)),
);

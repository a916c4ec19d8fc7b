import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/validation";
import { checkWorld } from "@/lib/kernel";
import { importLimits } from "@/lib/worlds/worlds";

/** Checks a world without persisting it: `ok` is the gate's verdict. */
export const POST = route(op.validateWorld, async ({ body }) => {
  const verdict = checkWorld(body.world, { limits: importLimits(), stateDefaults: true });
  return { ok: verdict.ok, diagnostics: verdict.diagnostics };
});

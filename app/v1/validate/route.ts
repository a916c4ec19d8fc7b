import { route } from "@/lib/http/route";
import { checkWorld } from "@/lib/kernel";
import { ZValidateBody } from "@/lib/worlds/requests";
import { importLimits } from "@/lib/worlds/worlds";

/** Checks a world without persisting it: `ok` is the gate's verdict. */
export const POST = route({
  auth: "key",
  scope: "worlds:read",
  body: ZValidateBody,
  maxBodyBytes: importLimits().maxBytes + 64 * 1024,
  handler: async ({ body }) => {
    const verdict = checkWorld(body.world, { limits: importLimits(), stateDefaults: true });
    return { ok: verdict.ok, diagnostics: verdict.diagnostics };
  },
});

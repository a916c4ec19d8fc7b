import { revValidated } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/validation";
import { validateWorld } from "@/lib/kernel";
import { getWorldOrThrow, importLimits } from "@/lib/worlds/worlds";

export const GET = route(op.lintWorld, async ({ auth, params }) => {
  const row = await getWorldOrThrow(auth, params.id);
  return revValidated({ diagnostics: validateWorld(row.graph, { limits: importLimits() }), rev: row.rev });
});

import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/runtime";
import { getPublicRuntimeWorld, preflight } from "@/lib/runtime";

/** A public live world by slug, with an anonymous session token; no credential. */
export const GET = route(op.getPublicRuntimeWorld, async ({ params, allowCorsFor }) => {
  const { row, body } = await getPublicRuntimeWorld(params.slug);
  allowCorsFor(row.appId);
  return reply(200, body);
});

export const OPTIONS = preflight(["GET"]);

import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import { getPublicRuntimeWorld, preflight, ZSlugParams } from "@/lib/runtime";

/** A public live world by slug, with an anonymous session token; no credential. */
export const GET = route({
  auth: "none",
  cors: true,
  params: ZSlugParams,
  handler: async ({ params, allowCorsFor }) => {
    const { row, body } = await getPublicRuntimeWorld(params.slug);
    allowCorsFor(row.appId);
    return reply(200, body);
  },
});

export const OPTIONS = preflight(["GET"]);

import { publicBaseUrl } from "@/lib/http/base-url";
import { reply } from "@/lib/reply";
import { route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/explore";
import { listExplore, toExploreEntry } from "@/lib/explore";

/** Explore's list: public, the same for every caller, so any page may read it and caches may keep it briefly. */
export const GET = route(op.listExplore, async ({ req, query }) => {
  const { rows, nextCursor } = await listExplore(query);
  const base = publicBaseUrl(req);
  return reply(
    200,
    { entries: rows.map((row) => toExploreEntry(row, base)), nextCursor },
    { "cache-control": op.EXPLORE_CACHE_CONTROL, "access-control-allow-origin": "*" },
  );
});

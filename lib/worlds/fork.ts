import { notFound } from "@/lib/errors";
import { findWorldRow } from "./row";
import type { Caller } from "@/lib/shared/caller";
import { insertWorld, newWorldId } from "./worlds";

/**
 * A copy of a world's working graph in the caller's app and mode. The source must be the
 * caller's own (same app and mode) or a public live world.
 */
export async function forkWorld(caller: Caller, sourceId: string, name: string | undefined) {
  const source = await findWorldRow({
    id: sourceId,
    OR: [
      { appId: caller.appId, mode: caller.mode },
      { visibility: "public", mode: "live" },
    ],
  });
  if (!source) throw notFound("World");
  const id = newWorldId();
  const graph = { ...source.graph, id, name: name ?? `${source.name} (fork)` };
  const row = await insertWorld(caller, {
    id,
    graph,
    source: "fork",
    forkedFromId: source.id,
    kind: source.kind as "world" | "character",
    original: source.kind !== "character",
  });
  return { worldId: row.id, forkedFrom: source.id, slug: row.slug };
}

// What a player page needs to know about its world before any token is seen: which app owns it
// (for frame-ancestors) and, when the world may be shown without a session, its entrance.
import { publicGraph } from "@/lib/characters";
import { findWorldRow, type WorldRow } from "@/lib/worlds/row";
import type { World } from "@/lib/kernel/schema";
import { readWorld } from "@/lib/worlds/world-cache";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,120}$/;

export interface PageWorld {
  id: string;
  appId: string;
  mode: "test" | "live";
  name: string;
  visibility: string;
  slug: string | null;
  likeCount: number;
  graph: World;
}

function toPageWorld(row: WorldRow): PageWorld {
  return {
    id: row.id,
    appId: row.appId,
    mode: row.mode === "live" ? "live" : "test",
    name: row.name,
    visibility: row.visibility,
    slug: row.slug,
    likeCount: row.likeCount,
    graph: row.graph,
  };
}

/** The world an embed page names, or null for an unknown (or malformed) id. Plain worlds only. */
export async function findEmbedWorld(worldId: string): Promise<PageWorld | null> {
  if (!UUID.test(worldId)) return null;
  const row = await readWorld(worldId);
  return row && row.kind === "world" ? toPageWorld(row) : null;
}

/** The character an embed page names (/embed/c/{characterId}), or null for an unknown (or malformed) id or a plain world. */
export async function findEmbedCharacter(characterId: string): Promise<PageWorld | null> {
  if (!UUID.test(characterId)) return null;
  const row = await readWorld(characterId);
  // Only the public graph: the brain's private fields (persona, lore, ...) never reach a page.
  return row && row.kind === "character" ? { ...toPageWorld(row), graph: publicGraph(row.graph) } : null;
}

/** A public live world by slug (what /play/{slug} plays), or null. */
export async function findPublicWorld(slug: string): Promise<PageWorld | null> {
  if (!SLUG.test(slug)) return null;
  const row = await findWorldRow({ slug, visibility: "public", mode: "live", kind: "world" });
  return row ? toPageWorld(row) : null;
}

/** A public live character by slug (what /play/{slug} shows when the slug is a character's), or null; its public graph only. */
export async function findPublicCharacter(slug: string): Promise<PageWorld | null> {
  if (!SLUG.test(slug)) return null;
  const row = await findWorldRow({ slug, visibility: "public", mode: "live", kind: "character" });
  return row ? { ...toPageWorld(row), graph: publicGraph(row.graph) } : null;
}

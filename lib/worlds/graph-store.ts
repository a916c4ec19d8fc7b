import { querySql } from "@/lib/db";
import type { GraphPieces } from "./graph-json";
import type { WorldRow } from "./row";

/**
 * World rows and their graph pieces, written straight on the driver (a graph is megabytes that
 * Prisma would copy around), each write one statement: the row and its pieces change together
 * or not at all.
 */

/**
 * `(VALUES ($n, $n+1), …)` for pieces sent as parameters of their own, appended to `params`.
 * (A text[] parameter would be escaped element by element: tens of milliseconds for 2 MB.)
 */
function piecesValues(params: unknown[], keys: readonly string[], texts: readonly string[]): string {
  if (keys.length === 0) return "(SELECT NULL::text, NULL::text WHERE false)";
  const rows: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    params.push(keys[i], texts[i]);
    rows.push(`($${params.length - 1}::text, $${params.length}::text)`);
  }
  return `(VALUES ${rows.join(", ")})`;
}

/** The first version written with a new world: its id (the row's HEAD) and title; the graph and rev are the row's. */
export interface FirstVersion {
  id: string;
  title: string;
}

/**
 * Inserts the row and all its pieces, and with `first` its first version (a root snapshot that
 * HEAD points at, docs/versions.md): one statement, so a world never exists without it.
 */
export async function insertWorldRow(row: WorldRow, first?: FirstVersion): Promise<void> {
  const params: unknown[] = [
    row.id,
    row.appId,
    row.mode,
    row.kind,
    row.slug,
    row.name,
    row.description,
    row.cover,
    row.visibility,
    row.pieces.keys,
    row.rev,
    row.source,
    row.forkedFromId,
    row.createdAt,
    row.campaignId,
    row.campaignChapter,
    first?.id ?? null,
    first?.title ?? null,
    first ? JSON.stringify(row.graph) : null,
  ];
  const pieces = piecesValues(params, row.pieces.keys, row.pieces.texts);
  await querySql(
    `WITH world AS (
       INSERT INTO worlds (id, app_id, mode, kind, slug, name, description, cover, visibility, graph_pieces, rev, source, forked_from_id, created_at, updated_at, rev_at, campaign_id, campaign_chapter, head_version_id)
       VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12, $13::uuid, $14, $14, $14, $15::uuid, $16::int, $17::uuid)
       RETURNING id),
     first_version AS (
       INSERT INTO world_versions (id, world_id, parent_id, title, graph, rev, created_at)
       SELECT $17::uuid, world.id, NULL, $18::text, $19::json, $11, $14 FROM world WHERE $17::uuid IS NOT NULL
       RETURNING 1)
     INSERT INTO world_graph_pieces (world_id, key, body)
     SELECT world.id, piece.key, piece.body FROM world, ${pieces} AS piece(key, body)`,
    params,
  );
}

/** The pieces of `next` that differ from `previous`, and the keys `previous` has that `next` lacks. */
export function piecesToWrite(previous: GraphPieces, next: GraphPieces): { keys: string[]; texts: string[]; dropped: string[] } {
  const before = new Map<string, string>();
  for (let i = 0; i < previous.keys.length; i++) before.set(previous.keys[i]!, previous.texts[i]!);
  const keys: string[] = [];
  const texts: string[] = [];
  for (let i = 0; i < next.keys.length; i++) {
    const key = next.keys[i]!;
    const text = next.texts[i]!;
    if (before.get(key) !== text) {
      keys.push(key);
      texts.push(text);
    }
    before.delete(key);
  }
  return { keys, texts, dropped: [...before.keys()] };
}

/**
 * Compare-and-set: stores `next` (its columns, and its pieces that differ from `previous`'s)
 * only if the stored rev is still `previous.rev`. Returns whether it did. `next` carries a new
 * rev, written at `next.updatedAt`: that is its `rev_at`.
 */
export async function compareAndSetWorld(previous: WorldRow, next: WorldRow): Promise<boolean> {
  const graphChanged = next.pieces !== previous.pieces;
  const write = graphChanged ? piecesToWrite(previous.pieces, next.pieces) : { keys: [], texts: [], dropped: [] };
  const params: unknown[] = [
    next.rev,
    next.updatedAt,
    next.name,
    next.description,
    next.cover,
    next.visibility,
    next.headVersionId,
    next.id,
    previous.rev,
    graphChanged ? next.pieces.keys : null,
    write.dropped,
  ];
  const pieces = piecesValues(params, write.keys, write.texts);
  const rows = await querySql<{ id: string }>(
    `WITH world AS (
       UPDATE worlds SET rev = $1, updated_at = $2, rev_at = $2, name = $3, description = $4, cover = $5, visibility = $6,
         head_version_id = $7::uuid, graph_pieces = COALESCE($10::text[], graph_pieces)
       WHERE id = $8::uuid AND rev = $9
       RETURNING id),
     written AS (
       INSERT INTO world_graph_pieces (world_id, key, body)
       SELECT world.id, piece.key, piece.body FROM world, ${pieces} AS piece(key, body)
       ON CONFLICT (world_id, key) DO UPDATE SET body = EXCLUDED.body
       RETURNING 1),
     dropped AS (
       DELETE FROM world_graph_pieces p USING world WHERE p.world_id = world.id AND p.key = ANY($11::text[])
       RETURNING 1)
     SELECT id FROM world`,
    params,
  );
  return rows.length === 1;
}

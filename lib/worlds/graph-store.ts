import { getDbEngine, querySql } from "@/lib/db";
import { KeyTaken, recordInWriteSql, type RecordInWrite } from "@/lib/idempotency/idempotency";
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
 * Inserts the row and all its pieces, and with `first` its first version (a root version that
 * HEAD points at, docs/versions.md): one statement, so a world never exists without it. The
 * version is written without its graph (NULL: "the world's graph, unchanged since"): the graph's
 * text is written once, and copied into the version by the world's first graph write
 * (`compareAndSetWorld`), which most created worlds never get. With `record`, the
 * Idempotency-Key's record of the request too (lib/idempotency `recordInWriteSql`): when that
 * key is taken, nothing is written and `KeyTaken` is thrown.
 */
export async function insertWorldRow(row: WorldRow, first?: FirstVersion, record?: RecordInWrite): Promise<void> {
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
  ];
  const pieces = piecesValues(params, row.pieces.keys, row.pieces.texts);
  const keyed = recordInWriteSql(params, record);
  // A created graph is one piece (`wholeGraph`), so the statement's text is one of two: on
  // PostgreSQL it is prepared once per connection, not parsed and planned per create. (PGlite
  // runs a named statement with its arguments as literals: not for megabytes.)
  const name = row.pieces.keys.length === 1 && (await getDbEngine()) === "postgres" ? `insert_world${record ? "_keyed" : ""}` : undefined;
  const [done] = await querySql<{ recorded: boolean }>(
    `WITH ${keyed.with}world AS (
       INSERT INTO worlds (id, app_id, mode, kind, slug, name, description, cover, visibility, graph_pieces, rev, source, forked_from_id, created_at, updated_at, rev_at, campaign_id, campaign_chapter, head_version_id)
       SELECT $1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8, $9, $10::text[], $11, $12, $13::uuid, $14, $14, $14, $15::uuid, $16::int, $17::uuid
       WHERE ${keyed.ifFree}
       RETURNING id),
     first_version AS (
       INSERT INTO world_versions (id, world_id, parent_id, title, graph, rev, created_at)
       SELECT $17::uuid, world.id, NULL, $18::text, NULL, $11, $14 FROM world WHERE $17::uuid IS NOT NULL),
     world_pieces AS (
       INSERT INTO world_graph_pieces (world_id, key, body)
       SELECT world.id, piece.key, piece.body FROM world, ${pieces} AS piece(key, body))
     SELECT ${keyed.recorded} AS recorded`,
    params,
    { name },
  );
  // The key was another request's (written, or being written, by it): nothing was inserted.
  if (!done?.recorded) throw new KeyTaken();
}

/** The stored graph's text of world `w` (an SQL alias of `worlds`), as of the statement's snapshot. */
const STORED_GRAPH_TEXT = (w: string) =>
  `(SELECT string_agg(p.body, '' ORDER BY k.ord) FROM unnest(${w}.graph_pieces) WITH ORDINALITY AS k(key, ord)
     JOIN world_graph_pieces p ON p.world_id = ${w}.id AND p.key = k.key)`;

/**
 * A version's graph as JSON text: its own, or for a version written without one (a world's
 * first, see `insertWorldRow`) the world's stored graph, which no graph write has changed since
 * (each copies it into such versions first), read in the same statement. Null: no such version.
 */
export async function readVersionGraphText(worldId: string, versionId: string): Promise<string | null> {
  const [row] = await querySql<{ graph: string | null }>(
    `SELECT COALESCE(v.graph::text, ${STORED_GRAPH_TEXT("w")}) AS graph
     FROM world_versions v JOIN worlds w ON w.id = v.world_id
     WHERE v.id = $1::uuid AND v.world_id = $2::uuid`,
    [versionId, worldId],
    { name: "version_graph_text" },
  );
  return row?.graph ?? null;
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

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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
    // The key list (thousands of keys for a maximal world) is sent and rewritten only when it changed.
    graphChanged && !sameKeys(previous.pieces.keys, next.pieces.keys) ? next.pieces.keys : null,
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
       RETURNING 1)${
         graphChanged
           ? `,
     kept AS (
       -- A version written without its graph (a world's first) keeps the graph this write replaces:
       -- the statement's snapshot is from before its own changes.
       UPDATE world_versions v SET graph = ${STORED_GRAPH_TEXT("w")}::json
       FROM world, worlds w WHERE v.world_id = world.id AND w.id = world.id AND v.graph IS NULL)`
           : ""
       }
     SELECT id FROM world`,
    params,
  );
  return rows.length === 1;
}

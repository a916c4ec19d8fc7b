import { querySql } from "@/lib/db";
import { badRequest } from "@/lib/errors";
import { SEARCH_MAX_WORDS, type ExploreQuery, type ExploreSort } from "./requests";

/*
 * Explore (docs/explore.md): live public worlds and characters, one page at a time. Each order
 * has its own index, `(visibility, mode, <order> DESC, id DESC)`, and the page after a cursor is
 * a range read of it from the cursor's row; a search adds the GIN index of the words of the name
 * and description (the migration's `worlds_explore_search_idx`, whose predicate this WHERE
 * repeats word for word so the planner can use it). Test-mode, private and unlisted worlds are
 * never read: the filter is the index's own prefix.
 */

export interface ExploreRow {
  id: string;
  kind: string;
  slug: string | null;
  name: string;
  description: string;
  cover: string;
  session_count: number;
  like_count: number;
  created_at: Date;
}

const COLUMN: Record<ExploreSort, string> = { new: "created_at", plays: "session_count", likes: "like_count" };

interface Cursor {
  sort: ExploreSort;
  /** The last row's value of the order's column: an ISO time (new) or a count. */
  value: string | number;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id])).toString("base64url");
}

/** The cursor this API returned for `sort`, or a 400 for anything else (another order's cursor included). */
export function decodeCursor(text: string, sort: ExploreSort): Cursor {
  const refuse = () =>
    badRequest("`cursor` is not one this API returned for this `sort`; pass `nextCursor` back unchanged.", [
      "query.cursor: not a cursor of this sort",
    ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refuse();
  const [s, value, id] = parsed as [unknown, unknown, unknown];
  if (s !== sort || typeof id !== "string" || !UUID.test(id)) throw refuse();
  if (sort === "new" ? typeof value !== "string" || Number.isNaN(Date.parse(value)) : !Number.isSafeInteger(value) || (value as number) < 0)
    throw refuse();
  return { sort, value: value as string | number, id };
}

/**
 * The words of a search as a prefix tsquery: `light bell` → `light:* & bell:*`. Only letters and
 * digits survive, so nothing the player types is read as tsquery syntax; null when no word is left.
 */
export function searchQuery(q: string | undefined): string | null {
  const words = (q ?? "").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, SEARCH_MAX_WORDS);
  return unique.length === 0 ? null : unique.map((w) => `${w}:*`).join(" & ");
}

/** The statement of one page and its parameters: exported for the query plan in the docs and its test. */
export function exploreStatement(
  query: Pick<ExploreQuery, "sort" | "kind" | "limit">,
  search: string | null,
  cursor: Cursor | null,
): { sql: string; params: unknown[]; name: string } {
  const column = COLUMN[query.sort];
  const params: unknown[] = [];
  const where = ["visibility = 'public'", "mode = 'live'"];
  if (query.kind) {
    params.push(query.kind);
    where.push(`kind = $${params.length}`);
  }
  if (search) {
    params.push(search);
    where.push(`to_tsvector('simple', "name" || ' ' || "description") @@ to_tsquery('simple', $${params.length})`);
  }
  if (cursor) {
    params.push(cursor.value, cursor.id);
    const cast = query.sort === "new" ? "timestamptz" : "int";
    where.push(`(${column}, id) < ($${params.length - 1}::${cast}, $${params.length}::uuid)`);
  }
  params.push(query.limit + 1);
  const sql = `SELECT id, kind, slug, name, description, cover, session_count, like_count, created_at FROM worlds
WHERE ${where.join(" AND ")}
ORDER BY ${column} DESC, id DESC LIMIT $${params.length}`;
  const name = `explore_${query.sort}${query.kind ? "_k" : ""}${search ? "_q" : ""}${cursor ? "_c" : ""}`;
  return { sql, params, name };
}

/** One page of Explore and the cursor of the next (null on the last). */
export async function listExplore(query: ExploreQuery): Promise<{ rows: ExploreRow[]; nextCursor: string | null }> {
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
  const { sql, params, name } = exploreStatement(query, searchQuery(query.q), cursor);
  const found = await querySql<ExploreRow>(sql, params, { name });
  const rows = found.slice(0, query.limit);
  const last = rows.at(-1);
  const more = found.length > query.limit && last !== undefined;
  const value = query.sort === "new" ? last?.created_at.toISOString() : query.sort === "plays" ? last?.session_count : last?.like_count;
  return { rows, nextCursor: more && value !== undefined ? encodeCursor({ sort: query.sort, value, id: last.id }) : null };
}

/** A list entry of Explore: what a card shows, and where to play it. */
export function toExploreEntry(row: ExploreRow, baseUrl: string) {
  return {
    id: row.id,
    kind: row.kind as "world" | "character",
    name: row.name,
    description: row.description,
    cover: row.cover,
    sessionCount: Number(row.session_count),
    likeCount: Number(row.like_count),
    createdAt: new Date(row.created_at).toISOString(),
    playUrl: `${baseUrl}/play/${row.slug ?? ""}`,
  };
}

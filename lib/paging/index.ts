import { z } from "zod";
import { badRequest } from "@/lib/errors";

// Paging of the API's lists (docs/api.md "Lists"): a page is fetched with one row more than its
// limit, and `nextCursor` names where the next page starts (null on the last). Newest-first
// lists (worlds, campaigns, creations, a webhook's deliveries) page by the last row's
// (createdAt, id), sent as base64url JSON, opaque to clients.

/** The row a newest-first page ends on. */
export interface CursorRow {
  createdAt: Date;
  id: string;
}

const ZCursor = z.object({ t: z.iso.datetime(), id: z.uuid() });

export function encodeCursor(row: CursorRow): string {
  return Buffer.from(JSON.stringify({ t: row.createdAt.toISOString(), id: row.id })).toString("base64url");
}

/** The row a cursor names; 400 `invalid_request` for any cursor this API did not return. */
export function decodeCursor(cursor: string): CursorRow {
  try {
    const { t, id } = ZCursor.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return { createdAt: new Date(t), id };
  } catch {
    throw badRequest("cursor is not one this API returned.", ["cursor: invalid"]);
  }
}

/** The `where` condition of the rows after `cursor` in newest-first order; none without a cursor (the first page). */
export function olderThan(cursor: string | undefined) {
  if (!cursor) return {};
  const after = decodeCursor(cursor);
  return { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
}

/** The first `limit` of `rows` (fetched `limit + 1`), and the next page's cursor when there was one more. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (last: T) => string): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

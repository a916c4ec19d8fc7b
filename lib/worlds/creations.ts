import { z } from "zod";
import { getDb, type Prisma } from "@/lib/db";
import type { Visibility } from "./requests";
import { encodeCursor, olderThan, pageOf } from "@/lib/paging";

/**
 * My Creations (docs/studio.md): the live creations (worlds and characters) of every app a user owns,
 * newest first. Test-mode ones never appear. Metadata only: the graph (up to megabytes) is never
 * read here.
 */

export const CREATIONS_MAX_LIMIT = 100;
export const CREATIONS_Q_MAX = 200;

/** What My Creations lists of world rows: their `kind` (chapter worlds stay out: their campaign is one card). */
export const CREATION_KINDS = ["world", "character"] as const;
export type CreationKind = (typeof CREATION_KINDS)[number];

/** A `kind` filter from untrusted input (a URL): one of CREATION_KINDS, else no filter. */
export function parseCreationKind(value: unknown): CreationKind | undefined {
  return CREATION_KINDS.find((kind) => kind === value);
}

export interface ListCreationsOptions {
  /** Matches name or description, case-insensitively. */
  q?: string;
  /** Only this app's worlds (an app the user does not own yields nothing). */
  appId?: string;
  /** Only worlds or only characters; both when absent. */
  kind?: CreationKind;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  limit: number;
}

export interface Creation {
  id: string;
  kind: CreationKind;
  name: string;
  description: string;
  cover: string;
  visibility: Visibility;
  slug: string | null;
  /** Who authored the graph (the World resource's `source`): `local` is the offline provider. */
  source: string;
  appId: string;
  appName: string;
  createdAt: string;
  updatedAt: string;
  /** When the creator last changed it (its graph, name, picture or visibility): the rev's time. A play moves `updatedAt`, never this. */
  editedAt: string;
}

export interface CreationsPage {
  creations: Creation[];
  nextCursor: string | null;
}

const UUID = z.uuid();

export async function listCreations(userId: string, { q, appId, kind, cursor, limit }: ListCreationsOptions): Promise<CreationsPage> {
  const take = Math.min(Math.max(Math.trunc(limit), 1), CREATIONS_MAX_LIMIT);
  // A malformed app id cannot match any app; answer empty rather than let the database refuse it.
  if (appId !== undefined && !UUID.safeParse(appId).success) return { creations: [], nextCursor: null };
  const after = olderThan(cursor);
  // Prisma's `contains` passes LIKE wildcards through: escape them so that `100%` or `_` match literally.
  const search = q
    ?.trim()
    .slice(0, CREATIONS_Q_MAX)
    .replace(/[\\%_]/g, "\\$&");

  const where: Prisma.WorldWhereInput = {
    mode: "live",
    kind: kind ?? { in: [...CREATION_KINDS] },
    // A campaign's chapter worlds show on their campaign's card (lib/campaigns/creations.ts), not loose.
    campaignId: null,
    app: { ownerId: userId },
    ...(appId !== undefined ? { appId } : {}),
    AND: [
      search
        ? { OR: [{ name: { contains: search, mode: "insensitive" } }, { description: { contains: search, mode: "insensitive" } }] }
        : {},
      after,
    ],
  };

  const db = await getDb();
  const rows = await db.world.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    select: {
      id: true,
      kind: true,
      name: true,
      description: true,
      cover: true,
      visibility: true,
      slug: true,
      source: true,
      appId: true,
      createdAt: true,
      updatedAt: true,
      revAt: true,
      app: { select: { name: true } },
    },
  });
  const { page, nextCursor } = pageOf(rows, take, encodeCursor);
  return {
    creations: page.map((row) => ({
      id: row.id,
      kind: row.kind as CreationKind,
      name: row.name,
      description: row.description,
      cover: row.cover,
      visibility: row.visibility as Visibility,
      slug: row.slug,
      source: row.source,
      appId: row.appId,
      appName: row.app.name,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      // Rows older than `rev_at` have none until their next write: `updatedAt` stands in.
      editedAt: (row.revAt ?? row.updatedAt).toISOString(),
    })),
    nextCursor,
  };
}

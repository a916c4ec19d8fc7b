import { getDb, type Prisma } from "@/lib/db";
import { CREATION_KINDS, listCreations, type Creation, type CreationKind } from "@/lib/worlds/creations";
import { encodeCursor, olderThan } from "@/lib/paging";
import { serializeCampaign, type CampaignStatus, type ChapterView } from "./serialize";

/**
 * My Creations with campaigns: a live campaign is one card with its chapters, merged into the
 * worlds and characters of `listCreations` (which leaves chapter worlds out) by the same order
 * (`createdAt`, then id, newest first) and the same opaque cursor.
 */

export const CREATION_FILTERS = [...CREATION_KINDS, "campaign"] as const;
export type CreationFilter = (typeof CREATION_FILTERS)[number];

/** A `kind` filter from untrusted input (a URL): a world kind or `campaign`, else no filter. */
export function parseCreationFilter(value: unknown): CreationFilter | undefined {
  return CREATION_FILTERS.find((kind) => kind === value);
}

export interface CampaignCreation {
  id: string;
  kind: "campaign";
  name: string;
  status: CampaignStatus;
  actsDone: number;
  actsTotal: number | null;
  chapters: Pick<ChapterView, "index" | "title" | "status" | "worldId">[];
  /** The first authored chapter's cover, else the protagonist reference, else "". */
  cover: string;
  appId: string;
  appName: string;
  createdAt: string;
  updatedAt: string;
}

export type StudioCreation = Creation | CampaignCreation;

export interface StudioCreationsPage {
  creations: StudioCreation[];
  nextCursor: string | null;
}

export interface ListStudioCreationsOptions {
  q?: string;
  appId?: string;
  kind?: CreationFilter;
  cursor?: string;
  limit: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/** The user's live campaigns after `cursor`, newest first: at most `take`. */
async function listCampaignCreations(
  userId: string,
  { q, appId, cursor }: ListStudioCreationsOptions,
  take: number,
): Promise<CampaignCreation[]> {
  if (appId !== undefined && !UUID.test(appId)) return [];
  const after = olderThan(cursor);
  const search = q
    ?.trim()
    .slice(0, 200)
    .replace(/[\\%_]/g, "\\$&");
  const where: Prisma.CampaignWhereInput = {
    mode: "live",
    app: { ownerId: userId },
    ...(appId !== undefined ? { appId } : {}),
    AND: [search ? { name: { contains: search, mode: "insensitive" } } : {}, after],
  };
  const db = await getDb();
  const rows = await db.campaign.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    omit: { text: true, bible: true },
    include: { chapters: { orderBy: { index: "asc" }, omit: { text: true } }, app: { select: { name: true } } },
  });
  const firstWorlds = rows
    .map((row) => row.chapters.find((c) => c.status === "authored")?.worldId)
    .filter((id): id is string => id !== undefined);
  const covers = new Map(
    firstWorlds.length
      ? (await db.world.findMany({ where: { id: { in: firstWorlds } }, select: { id: true, cover: true } })).map((w) => [w.id, w.cover])
      : [],
  );
  return rows.map((row) => {
    const campaign = serializeCampaign(row);
    const first = campaign.chapters.find((c) => c.worldId !== null)?.worldId;
    return {
      id: campaign.id,
      kind: "campaign" as const,
      name: campaign.name,
      status: campaign.status,
      actsDone: campaign.actsDone,
      actsTotal: campaign.actsTotal,
      chapters: campaign.chapters.map(({ index, title, status, worldId }) => ({ index, title, status, worldId })),
      cover: (first ? covers.get(first) : undefined) || (campaign.subjectRef?.imageUrl ?? ""),
      appId: row.appId,
      appName: row.app.name,
      createdAt: campaign.createdAt,
      updatedAt: campaign.updatedAt,
    };
  });
}

/** The page My Creations shows: worlds, characters and campaigns of the user's apps, live only. */
export async function listStudioCreations(userId: string, options: ListStudioCreationsOptions): Promise<StudioCreationsPage> {
  const limit = Math.min(Math.max(Math.trunc(options.limit), 1), 100);
  const { kind } = options;
  const worldKind: CreationKind | undefined = kind === "campaign" ? undefined : kind;
  const [worlds, campaigns] = await Promise.all([
    kind === "campaign" ? { creations: [], nextCursor: null } : listCreations(userId, { ...options, kind: worldKind, limit }),
    kind === undefined || kind === "campaign" ? listCampaignCreations(userId, options, limit + 1) : [],
  ]);
  const merged: StudioCreation[] = [...worlds.creations, ...campaigns].sort(newestFirst);
  const page = merged.slice(0, limit);
  const more = merged.length > limit || worlds.nextCursor !== null || campaigns.length > limit;
  const last = page[page.length - 1];
  return { creations: page, nextCursor: more && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null };
}

import { RawJson, revValidated } from "@/lib/reply";
import type { Mode } from "@/lib/shared/caller";
import type { CreationKind } from "@/lib/worlds/creations";
import type { Visibility } from "@/lib/worlds/requests";
import type { WorldRow } from "@/lib/worlds/row";

/** The public play link of a public world (present for public worlds only, docs/api.md "Absolute URLs"). */
export function playUrl(row: Pick<WorldRow, "visibility" | "slug">, baseUrl: string): string | undefined {
  return row.visibility === "public" && row.slug ? `${baseUrl}/play/${row.slug}` : undefined;
}

/** A row without its graph: what listings read. */
export type WorldMeta = Omit<WorldRow, "graph" | "pieces">;

function metadata(row: WorldMeta, baseUrl: string) {
  const link = playUrl(row, baseUrl);
  return {
    id: row.id,
    kind: row.kind as CreationKind,
    slug: row.slug,
    name: row.name,
    description: row.description,
    cover: row.cover,
    visibility: row.visibility as Visibility,
    mode: row.mode as Mode,
    source: row.source,
    forkedFrom: row.forkedFromId,
    sessionCount: row.sessionCount,
    likeCount: row.likeCount,
    ...(link ? { playUrl: link } : {}),
    ...(row.campaignId !== null && row.campaignChapter !== null ? { campaign: { id: row.campaignId, chapter: row.campaignChapter } } : {}),
    rev: row.rev,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The World resource (docs/api.md "Worlds"): metadata at the top, the SMWorld graph under `world`. */
export function toWorldResource(row: WorldRow, baseUrl: string) {
  return { ...metadata(row, baseUrl), world: row.graph };
}

/**
 * The World resource as a response body: the graph goes out as the JSON text it is stored as
 * (the row's pieces), so reading a 2 MB world does not serialize it again.
 */
export function worldResourceBody(row: WorldRow, baseUrl: string) {
  return { ...metadata(row, baseUrl), world: new RawJson(row.pieces.texts.join("")) };
}

/**
 * Whether the World resource still shows what it showed when its rev was written: counters and
 * HEAD move `updatedAt` without a new rev (their writers must), and `revAt` is when the rev was
 * written (null on rows older than that column: unknown, so no). Only then may a client that
 * holds the rev be told 304.
 */
export function unchangedSinceRev(row: Pick<WorldRow, "revAt" | "updatedAt">): boolean {
  return row.revAt !== null && row.revAt.getTime() === row.updatedAt.getTime();
}

/** GET of a world or character: the World resource, a 304 to its rev only while `unchangedSinceRev`. */
export function worldResourceReply(row: WorldRow, baseUrl: string) {
  return revValidated(worldResourceBody(row, baseUrl), unchangedSinceRev(row));
}

/**
 * A graph write's result (docs/api.md "Graph writes"): a graph just written goes out as the JSON
 * text that was stored, without serializing it again.
 */
export function graphWriteBody<T extends object>(write: { row: WorldRow; graphChanged: boolean } & T) {
  const { row, graphChanged, ...report } = write;
  return { world: graphChanged ? new RawJson(row.pieces.texts.join("")) : row.graph, rev: row.rev, ...report };
}

/** A list entry: the resource without its graph (fetch the world for that). */
export function toWorldSummary(row: WorldMeta, baseUrl: string) {
  return metadata(row, baseUrl);
}

/** The World resource of a character (its kind checked by the read that found it: getCharacterOrThrow). */
export function characterResourceBody(row: WorldRow, baseUrl: string) {
  return { ...worldResourceBody(row, baseUrl), kind: "character" as const };
}

/** GET of a character: as `worldResourceReply`. */
export function characterResourceReply(row: WorldRow, baseUrl: string) {
  return revValidated(characterResourceBody(row, baseUrl), unchangedSinceRev(row));
}

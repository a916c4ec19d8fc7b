import { randomBytes, randomUUID } from "node:crypto";
import { getEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db";
import { findWorldRow, type WorldRow } from "./row";
import {
  addEventOp,
  applyOps,
  hasErrors,
  plainDiagnostic,
  validateWorld,
  type AddEventBody,
  type Diagnostic,
  type Op,
  type World,
} from "@/lib/kernel";
import { ApiError, notFound } from "@/lib/errors";
import { encodeCursor, olderThan, pageOf } from "@/lib/paging";
import type { Caller } from "@/lib/shared/caller";
import type { UpdateWorldBody, Visibility } from "./requests";
import { wholeGraph, wholeGraphJson, worldPieces } from "./graph-json";
import { compareAndSetWorld, insertWorldRow } from "./graph-store";
import type { RecordInWrite } from "@/lib/idempotency/idempotency";
import { playtestGuard, type GuardOptions } from "./playtest-guard";
import { makeSlug } from "./slug";
import { beginRead, cachedWorld, forgetWorld, readWorld, remember, watchWorldChanges } from "./world-cache";

/** Limits of a world (docs/api.md "Worlds": 2 MB, 500 states, 2000 events; configurable): 413 on import, gate errors on writes. */
export function importLimits() {
  const env = getEnv();
  return { maxBytes: env.IMPORT_MAX_BYTES, maxStates: env.IMPORT_MAX_STATES, maxEvents: env.IMPORT_MAX_EVENTS };
}

/** Room a request that carries a world has for the rest of its body (name, premise, options). */
export const IMPORT_ENVELOPE_BYTES = 64 * 1024;

/**
 * The body limit of a request that carries a world (create, character create, validate): the
 * import bound is enforced while the body streams in, with room for the rest of the body.
 */
export function importBodyBytes(): number {
  return importLimits().maxBytes + IMPORT_ENVELOPE_BYTES;
}

export function newRev(): string {
  return randomBytes(8).toString("hex");
}

/** A world of the caller's app and mode, served from the change-fed cache when possible (reads). */
/** World ids are UUIDs: anything else names no world (and would fail the uuid column's query). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getWorldOrThrow(caller: Caller, id: string): Promise<WorldRow> {
  if (!UUID.test(id)) throw notFound("World");
  const row = await readWorld(id);
  if (!row || row.appId !== caller.appId || row.mode !== caller.mode) throw notFound("World");
  return row;
}

/** The stored row, never a cached one: what a write must start from. */
export async function getFreshWorldOrThrow(caller: Caller, id: string): Promise<WorldRow> {
  if (!UUID.test(id)) throw notFound("World");
  const row = await findWorldRow({ id, appId: caller.appId, mode: caller.mode });
  if (!row) throw notFound("World");
  return row;
}

/**
 * A gate verdict as the API reports it: 422 with `diagnostics`, or `errors` for schema failures.
 * With the world the gate read, `detail` also says its first error in words for people
 * (`plainDiagnostic`, the sentence the Studio shows), its code beside it.
 */
export function gateRejection(detail: string, result: { errors: string[]; diagnostics: Diagnostic[]; world?: World | null }): ApiError {
  if (result.errors.length > 0) return new ApiError("validation_failed", detail, { errors: result.errors });
  const first = result.world ? result.diagnostics.find((d) => d.severity === "error") : undefined;
  const said = first ? `${detail} ${plainDiagnostic(first, result.world!).sentence} (${first.code})` : detail;
  return new ApiError("validation_failed", said, { diagnostics: result.diagnostics });
}

export const advisory = (diagnostics: Diagnostic[]) => diagnostics.filter((d) => d.severity !== "error");

export interface NewWorld {
  id: string;
  /** The graph as the kernel reads it (every state complete). */
  graph: World;
  /** An import's graph as it was sent, as JSON: what is stored and served, verbatim (docs/api.md "Worlds"). */
  asSentJson?: string;
  source: string;
  visibility?: Visibility;
  forkedFromId?: string;
  kind?: "world" | "character";
  /** A campaign's chapter world: its campaign and 1-based chapter. */
  campaign?: { id: string; chapter: number };
  /**
   * Give the world its first version, "Original", with HEAD on it (generated, imported and forked
   * worlds; docs/versions.md): the graph as created, copied into it by the first graph write.
   */
  original?: boolean;
  /**
   * An Idempotency-Key's record, stored in the world's own statement with the answer the create
   * gives for this row (lib/idempotency `IdempotencyTicket.record`); `KeyTaken` when an earlier
   * request holds the key, and then nothing is created.
   */
  record?: (row: WorldRow) => RecordInWrite;
}

/** The title of the version a world is created with (docs/versions.md). */
export const ORIGINAL_VERSION_TITLE = "Original";

/** Inserts a world (and its "Original" version when asked); live worlds get a slug (retried on the rare collision), test worlds never. */
export async function insertWorld(caller: Caller, input: NewWorld): Promise<WorldRow> {
  const graph = input.graph;
  const pieces = input.asSentJson !== undefined ? wholeGraphJson(input.asSentJson) : wholeGraph(graph);
  const first = input.original ? { id: randomUUID(), title: ORIGINAL_VERSION_TITLE } : undefined;
  for (let attempt = 0; ; attempt++) {
    const now = new Date();
    const row: WorldRow = {
      id: input.id,
      appId: caller.appId,
      mode: caller.mode,
      kind: input.kind ?? "world",
      slug: caller.mode === "live" ? makeSlug(graph.name) : null,
      name: graph.name,
      description: graph.description,
      cover: graph.cover,
      visibility: caller.mode === "live" ? (input.visibility ?? "private") : "private",
      graph,
      pieces,
      rev: newRev(),
      revAt: now,
      sessionCount: 0,
      likeCount: 0,
      source: input.source,
      forkedFromId: input.forkedFromId ?? null,
      headVersionId: first?.id ?? null,
      campaignId: input.campaign?.id ?? null,
      campaignChapter: input.campaign?.chapter ?? null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      await insertWorldRow(row, first, input.record?.(row));
      return row;
    } catch (error) {
      // 23505: unique violation; only the slug can collide (ids are fresh UUIDs).
      const slugTaken = (error as { code?: string }).code === "23505" && row.slug !== null && attempt < 3;
      if (!slugTaken) throw error;
    }
  }
}

export function newWorldId(): string {
  return randomUUID();
}

/** What a graph write's change returns: the next graph (null: unchanged), its report, and columns to set. */
type Change<T> = { graph: World | null; report: T; columns?: Partial<Pick<WorldRow, "visibility" | "headVersionId">> };

/**
 * Compare-and-set of a world's graph. With `expectedRev` a stale rev is a 412; without one the
 * change is recomputed on the fresh graph a few times, so concurrent writers never lose updates.
 * `change` returns the next graph (or null for "nothing to write") and anything to report.
 * It starts from the cached row when there is one: the compare-and-set catches a stale cache.
 */
export async function writeGraph<T>(
  caller: Caller,
  id: string,
  expectedRev: string | undefined,
  change: (current: WorldRow) => Change<T> | Promise<Change<T>>,
): Promise<{ row: WorldRow; report: T; graphChanged: boolean }> {
  const live = await watchWorldChanges();
  for (let attempt = 0; ; attempt++) {
    let current = attempt === 0 ? cachedWorld(id) : undefined;
    if (current && (current.appId !== caller.appId || current.mode !== caller.mode)) throw notFound("World");
    if (!current || (expectedRev !== undefined && current.rev !== expectedRev)) current = await getFreshWorldOrThrow(caller, id);
    if (expectedRev !== undefined && current.rev !== expectedRev) throw revMismatch(current.rev);
    const { graph, report, columns } = await change(current);
    if (graph === null && !columns) return { row: current, report, graphChanged: false };
    const next = graph ?? current.graph;
    const now = new Date();
    const row: WorldRow = {
      ...current,
      ...columns,
      graph: next,
      // The graph's text in pieces, reusing the text of what the change did not touch; only
      // the pieces that differ from the stored ones are sent.
      pieces: graph ? worldPieces(graph, current.pieces) : current.pieces,
      rev: newRev(),
      revAt: now,
      updatedAt: now,
      // The graph is the source of truth for these; the columns mirror them for listings.
      name: next.name,
      description: next.description,
      cover: next.cover,
    };
    const began = beginRead();
    if (await compareAndSetWorld(current, row)) {
      if (live) remember(row, began);
      return { row, report, graphChanged: graph !== null };
    }
    forgetWorld(id);
    if (expectedRev !== undefined || attempt >= 4) {
      const fresh = await getFreshWorldOrThrow(caller, id);
      throw revMismatch(fresh.rev);
    }
  }
}

export function revMismatch(currentRev: string): ApiError {
  return new ApiError("rev_mismatch", "The world changed since that rev; reload it and apply your change again.", { currentRev });
}

/** What an ops batch does to a graph, gated (422 on an error), without persisting: shared by /ops, /edit and its dryRun. */
export function gateOps(graph: World, ops: Op[]) {
  // The stored graph passed the schema and ops are schema-checked, so the gate alone decides.
  const applied = applyOps(graph, ops);
  const diagnostics = validateWorld(applied.world, { limits: importLimits() });
  if (hasErrors(diagnostics))
    throw gateRejection("The ops batch was rejected by the kernel gate; nothing was persisted.", {
      errors: [],
      diagnostics,
      world: applied.world,
    });
  // applyOps copies on write: when every op was skipped, nothing changed.
  const changed = applied.applyErrors.length < ops.length;
  return {
    graph: changed ? applied.world : null,
    world: applied.world,
    applyErrors: applied.applyErrors,
    notes: applied.notes,
    diagnostics: advisory(diagnostics),
  };
}

/**
 * POST /v1/worlds/{id}/ops: apply in order, gate once, replay the play-throughs, persist all or
 * nothing. `ops` may be a function of the graph being written (an edit read against it), called
 * again if the compare-and-set has to retry on a newer graph.
 */
export async function applyOpsToWorld(
  caller: Caller,
  id: string,
  ops: Op[] | ((graph: World) => Op[]),
  expectedRev: string | undefined,
  options: GuardOptions = {},
) {
  // The play-throughs are read while the ops are applied and gated (CPU work that needs no
  // answer from the database), not before.
  const loading = playtestGuard(id, options);
  loading.catch(() => undefined);
  const { row, report, graphChanged } = await writeGraph(caller, id, expectedRev, async (current) => {
    const batch = typeof ops === "function" ? ops(current.graph) : ops;
    const { graph, world, applyErrors, notes, diagnostics } = gateOps(current.graph, batch);
    const guard = await loading;
    return { graph, report: { applyErrors, notes, diagnostics, playtests: guard.check(world) } };
  });
  return { row, graphChanged, ...report };
}

export async function deleteWorld(caller: Caller, id: string): Promise<void> {
  const db = await getDb();
  const { count } = await db.world.deleteMany({ where: { id, appId: caller.appId, mode: caller.mode } });
  forgetWorld(id);
  if (count === 0) throw notFound("World");
}

export async function listWorlds(caller: Caller, limit: number, cursor?: string) {
  const db = await getDb();
  const rows = await db.world.findMany({
    where: {
      appId: caller.appId,
      mode: caller.mode,
      ...olderThan(cursor),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    omit: { graphPieces: true }, // summaries: no graph
  });
  const { page, nextCursor } = pageOf(rows, limit, encodeCursor);
  return { rows: page, nextCursor };
}

/** PATCH /v1/worlds/{id}: metadata lives in the graph (name, description, cover) and columns. */
export async function updateWorldMeta(
  caller: Caller,
  id: string,
  body: UpdateWorldBody,
  expectedRev: string | undefined,
): Promise<WorldRow> {
  const { row } = await writeGraph(caller, id, expectedRev, (current) => {
    const graph = current.graph;
    const next = {
      ...graph,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.cover !== undefined ? { cover: body.cover } : {}),
      ...(body.subject !== undefined ? { subject: body.subject } : {}),
    };
    // Test-mode worlds stay private whatever is asked (docs/api.md "Worlds").
    const visibility = caller.mode === "live" && body.visibility !== undefined ? body.visibility : undefined;
    const graphChanged =
      next.name !== graph.name || next.description !== graph.description || next.cover !== graph.cover || next.subject !== graph.subject;
    const visibilityChanged = visibility !== undefined && visibility !== current.visibility;
    return {
      graph: graphChanged ? next : null,
      report: null,
      columns: visibilityChanged ? { visibility } : undefined,
    };
  });
  return row;
}

/** POST /v1/worlds/{id}/events: one event through the same op path as the ops route. */
export async function addEventToWorld(caller: Caller, id: string, body: AddEventBody, expectedRev: string | undefined) {
  const op = addEventOp(body);
  const guard = await playtestGuard(id, { requirePlaytests: body.requirePlaytests });
  const { row, report } = await writeGraph(caller, id, expectedRev, (current) => {
    const applied = applyOps(current.graph, [op]);
    if (applied.applyErrors.length > 0) {
      throw new ApiError("validation_failed", `The event could not be added: ${applied.applyErrors.join("; ")}`, {
        errors: applied.applyErrors,
      });
    }
    const diagnostics = validateWorld(applied.world, { limits: importLimits() });
    if (hasErrors(diagnostics))
      throw gateRejection("The event was rejected by the kernel gate; nothing was persisted.", {
        errors: [],
        diagnostics,
        world: applied.world,
      });
    return { graph: applied.world, report: { diagnostics: advisory(diagnostics), playtests: guard.check(applied.world) } };
  });
  return { world: row.graph, diagnostics: report.diagnostics, rev: row.rev, eventName: op.name, playtests: report.playtests };
}

import { getDb, Prisma } from "@/lib/db";
import type { WorldVersion } from "@/lib/db/generated/client";
import { ApiError, notFound } from "@/lib/errors";
import { withWorldDefaults, type World, type WorldInput } from "@/lib/kernel";
import { readVersionGraphText } from "@/lib/worlds/graph-store";
import { forgetWorld } from "@/lib/worlds/world-cache";
import { playtestGuard } from "@/lib/worlds/playtest-guard";
import type { Caller } from "@/lib/shared/caller";
import { getFreshWorldOrThrow, getWorldOrThrow, writeGraph } from "@/lib/worlds/worlds";

/**
 * A world's branching version tree: each version is a full snapshot of the graph; HEAD
 * (`worlds.head_version_id`) is the version the working graph descends from.
 */
export function serializeVersion(version: WorldVersion, headId: string | null) {
  return {
    versionId: version.id,
    title: version.title,
    parentId: version.parentId,
    rev: version.rev,
    createdAt: version.createdAt.toISOString(),
    isHead: version.id === headId,
  };
}

async function getVersionOrThrow(worldId: string, versionId: string): Promise<WorldVersion> {
  const db = await getDb();
  const version = await db.worldVersion.findFirst({ where: { id: versionId, worldId } });
  if (!version) throw notFound("Version");
  return version;
}

/** Snapshots the working graph as a child of HEAD and moves HEAD to it. */
export async function createVersion(caller: Caller, worldId: string, title: string | undefined) {
  const db = await getDb();
  const world = await getFreshWorldOrThrow(caller, worldId);
  const version = await db.$transaction(async (tx) => {
    const created = await tx.worldVersion.create({
      data: { worldId, parentId: world.headVersionId, title: title ?? "", graph: world.graph as Prisma.InputJsonValue, rev: world.rev },
    });
    await tx.world.update({ where: { id: worldId }, data: { headVersionId: created.id } });
    return created;
  });
  forgetWorld(worldId);
  return serializeVersion(version, version.id);
}

export async function listVersions(caller: Caller, worldId: string) {
  const db = await getDb();
  const world = await getWorldOrThrow(caller, worldId);
  const versions = await db.worldVersion.findMany({ where: { worldId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return { versions: versions.map((v) => serializeVersion(v, world.headVersionId)), head: world.headVersionId };
}

/**
 * A version's graph, as the app reads a stored graph (with its states' defaults: an import is
 * stored as sent). A world's first version is written without one while the world's graph is
 * still that version's (lib/worlds/graph-store.ts `insertWorldRow`): then it is the world's.
 */
async function versionGraph(worldId: string, version: WorldVersion): Promise<World> {
  if (version.graph !== null) return withWorldDefaults(version.graph as unknown as WorldInput);
  const text = await readVersionGraphText(worldId, version.id);
  if (text === null) throw notFound("Version");
  return withWorldDefaults(JSON.parse(text) as WorldInput);
}

/** A version with its snapshot (for diffs and previews). */
export async function getVersion(caller: Caller, worldId: string, versionId: string) {
  const world = await getWorldOrThrow(caller, worldId);
  const version = await getVersionOrThrow(worldId, versionId);
  return { ...serializeVersion(version, world.headVersionId), world: await versionGraph(worldId, version) };
}

export async function renameVersion(caller: Caller, worldId: string, versionId: string, title: string) {
  await getWorldOrThrow(caller, worldId);
  await getVersionOrThrow(worldId, versionId);
  const db = await getDb();
  await db.worldVersion.update({ where: { id: versionId }, data: { title } });
  return { ok: true as const, versionId, title };
}

/** Removes a version (not HEAD); its children are re-rooted onto its parent. */
export async function pruneVersion(caller: Caller, worldId: string, versionId: string) {
  const world = await getWorldOrThrow(caller, worldId);
  const version = await getVersionOrThrow(worldId, versionId);
  if (world.headVersionId === versionId)
    throw new ApiError("conflict", "HEAD cannot be pruned; restore or snapshot another version first.");
  const db = await getDb();
  await db.$transaction(async (tx) => {
    await tx.worldVersion.updateMany({ where: { worldId, parentId: versionId }, data: { parentId: version.parentId } });
    await tx.worldVersion.delete({ where: { id: versionId } });
  });
  return { ok: true as const, versionId };
}

/** The working graph becomes the snapshot (a new rev) and HEAD moves to it; the play-throughs are replayed on it. */
export async function restoreVersion(
  caller: Caller,
  worldId: string,
  versionId: string,
  expectedRev: string | undefined,
  options: { requirePlaytests?: boolean } = {},
) {
  await getWorldOrThrow(caller, worldId);
  const version = await getVersionOrThrow(worldId, versionId);
  const snapshot = await versionGraph(worldId, version);
  const guard = await playtestGuard(worldId, options);
  const { row, report } = await writeGraph(caller, worldId, expectedRev, () => ({
    graph: snapshot,
    report: guard.check(snapshot),
    columns: { headVersionId: versionId },
  }));
  return { row, playtests: report };
}

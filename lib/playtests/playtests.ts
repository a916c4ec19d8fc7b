import { getDb, type Prisma } from "@/lib/db";
import { ApiError, notFound } from "@/lib/errors";
import { replayPlaytest } from "@/lib/kernel";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import { MAX_PLAYTESTS_PER_WORLD, type CreatePlaytestBody } from "./requests";
import { toPlaytest } from "./serialize";

/**
 * Recorded play-throughs of a world (docs/api.md "Play-throughs"). One is recorded only
 * when it plays on the graph as it is now: what it records is what the world does, so that a
 * later write that breaks it is the write's fault. Graph writes replay them
 * (lib/worlds/playtest-guard.ts).
 */
export async function createPlaytest(caller: Caller, worldId: string, body: CreatePlaytestBody) {
  const world = await getWorldOrThrow(caller, worldId);
  const broke = replayPlaytest(world.graph, body.steps);
  if (broke) {
    throw new ApiError(
      "validation_failed",
      `The play-through does not play on the current graph (step ${broke.step}: ${broke.reason}); nothing was recorded.`,
      {
        errors: [`steps${broke.step > 0 ? `.${broke.step - 1}` : ""}: ${broke.reason}`],
      },
    );
  }
  const db = await getDb();
  if ((await db.playtest.count({ where: { worldId } })) >= MAX_PLAYTESTS_PER_WORLD) {
    throw new ApiError("conflict", `A world keeps at most ${MAX_PLAYTESTS_PER_WORLD} play-throughs; delete one first.`);
  }
  const steps = body.steps.map(({ event, state }) => ({ event, state }));
  const row = await db.playtest.create({ data: { worldId, name: body.name, steps: steps as Prisma.InputJsonValue } });
  return toPlaytest(row);
}

export async function listPlaytests(caller: Caller, worldId: string) {
  await getWorldOrThrow(caller, worldId);
  const db = await getDb();
  const rows = await db.playtest.findMany({ where: { worldId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { playtests: rows.map(toPlaytest) };
}

export async function deletePlaytest(caller: Caller, worldId: string, playtestId: string) {
  await getWorldOrThrow(caller, worldId);
  const db = await getDb();
  const { count } = await db.playtest.deleteMany({ where: { id: playtestId, worldId } });
  if (count === 0) throw notFound("Play-through");
  return { ok: true as const };
}

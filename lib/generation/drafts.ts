import { createHash } from "node:crypto";
import { getDb } from "@/lib/db";
import type { World } from "@/lib/kernel";

/**
 * Where a durable generation keeps the world its `author` step drafted until the `persist` step
 * stores it (table `world_drafts`). The step memoizes the draft's key, not the graph: an engine
 * sends every memoized result with every request of a run and replays the function for each, so
 * a chapter's parallel paint steps would each carry every drafted world of the campaign so far.
 * The key is the sha256 of the graph's JSON text: a step run twice (a lost result) stores a
 * second draft under its own key, and what the engine memoized always names the draft it saw.
 */
export interface DraftStore {
  save(worldId: string, world: World): Promise<string>;
  load(key: string): Promise<World | null>;
  /** The world is stored: its drafts are no longer needed. */
  drop(worldId: string): Promise<void>;
}

export const storedDrafts: DraftStore = {
  async save(worldId, world) {
    const graph = JSON.stringify(world);
    const id = createHash("sha256").update(graph).digest("hex");
    const db = await getDb();
    await db.worldDraft.upsert({ where: { id }, create: { id, worldId, graph }, update: {} });
    return id;
  },
  async load(key) {
    const db = await getDb();
    const row = await db.worldDraft.findUnique({ where: { id: key }, select: { graph: true } });
    return row ? (JSON.parse(row.graph) as World) : null;
  },
  async drop(worldId) {
    const db = await getDb();
    await db.worldDraft.deleteMany({ where: { worldId } });
  },
};

/** Steps that run inline (nothing memoized, one process) keep the draft in memory. */
export function memoryDrafts(): DraftStore {
  const drafts = new Map<string, World>();
  return {
    async save(worldId, world) {
      drafts.set(worldId, world);
      return worldId;
    },
    async load(key) {
      return drafts.get(key) ?? null;
    },
    async drop(worldId) {
      drafts.delete(worldId);
    },
  };
}

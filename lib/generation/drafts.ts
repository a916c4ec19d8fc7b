import { createHash } from "node:crypto";
import { getDb } from "@/lib/db";
import type { World } from "@/lib/kernel";

/**
 * Where a durable generation keeps the world its `author` step drafted until the `persist` step
 * stores it (table `world_drafts`). The step memoizes the draft's key, not the graph: an engine
 * sends every memoized result with every request of a run and replays the function for each, so
 * a campaign's requests would each carry every drafted world of the campaign so far. Frames
 * painted for a draft wait beside it (table `draft_frames`) until the world is stored.
 * The key is the sha256 of the graph's JSON text: a step run twice (a lost result) stores a
 * second draft under its own key, and what the engine memoized always names the draft it saw.
 */
export interface DraftStore {
  save(worldId: string, world: World): Promise<string>;
  load(key: string): Promise<World | null>;
  /** The frames painted so far for the world, by `frameKey` of what was asked of the painter. */
  paintedFrames(worldId: string): Promise<Map<string, PaintedFrame>>;
  /** A frame is painted and stored: a retried paint step takes it instead of painting again. */
  savePaintedFrame(worldId: string, key: string, frame: PaintedFrame): Promise<void>;
  /** The world is stored: its drafts and their frames are no longer needed. */
  drop(worldId: string): Promise<void>;
}

/** A painted frame as the world will hold it: the hosted image and its scene manifest, if any. */
export type PaintedFrame = { url: string; manifest?: string };

/** The key of a frame: what was asked of the painter (the prompt, the reference), as sha256. */
export function frameKey(request: unknown): string {
  return createHash("sha256").update(JSON.stringify(request)).digest("hex");
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
  async paintedFrames(worldId) {
    const db = await getDb();
    const rows = await db.draftFrame.findMany({ where: { worldId }, select: { key: true, url: true, manifest: true } });
    return new Map(rows.map((row) => [row.key, { url: row.url, ...(row.manifest ? { manifest: row.manifest } : {}) }]));
  },
  async savePaintedFrame(worldId, key, frame) {
    const db = await getDb();
    await db.draftFrame.createMany({ data: [{ worldId, key, url: frame.url, manifest: frame.manifest ?? null }], skipDuplicates: true });
  },
  async drop(worldId) {
    const db = await getDb();
    await db.$transaction([db.worldDraft.deleteMany({ where: { worldId } }), db.draftFrame.deleteMany({ where: { worldId } })]);
  },
};

/** Steps that run inline (nothing memoized, one process) keep the draft in memory. */
export function memoryDrafts(): DraftStore {
  const drafts = new Map<string, World>();
  const frames = new Map<string, PaintedFrame>();
  return {
    async save(worldId, world) {
      drafts.set(worldId, world);
      return worldId;
    },
    async load(key) {
      return drafts.get(key) ?? null;
    },
    async paintedFrames() {
      return new Map(frames);
    },
    async savePaintedFrame(_worldId, key, frame) {
      frames.set(key, frame);
    },
    async drop(worldId) {
      drafts.delete(worldId);
      frames.clear();
    },
  };
}

import type { Prisma, World as StoredWorld } from "@/lib/db/generated/client";
import type { World } from "@/lib/kernel";
import type { GraphPieces } from "./graph-json";

/**
 * A world as the app handles it: the `worlds` row with its graph parsed. The graph is stored as
 * its JSON text in pieces (lib/worlds/graph-json.ts, docs/database.md); every read goes through
 * `toWorldRow`, so no code sees the text, and the pieces as stored travel with the row so the
 * next write can send only the ones it changes.
 */
export type WorldRow = Omit<StoredWorld, "graphPieces"> & { graph: World; pieces: GraphPieces };

/** What a read of a whole world includes: `db.world.findUnique({ where, ...WITH_GRAPH })`. */
export const WITH_GRAPH = { include: { pieces: { select: { key: true, body: true } } } } satisfies Prisma.WorldDefaultArgs;

type StoredWithGraph = Prisma.WorldGetPayload<typeof WITH_GRAPH>;

export function toWorldRow(stored: StoredWithGraph): WorldRow {
  const { pieces, graphPieces, ...columns } = stored;
  const bodies = new Map(pieces.map((piece) => [piece.key, piece.body]));
  const keys = graphPieces;
  const texts = keys.map((key) => {
    const body = bodies.get(key);
    if (body === undefined) throw new Error(`world ${stored.id}: graph piece ${JSON.stringify(key)} is missing`);
    return body;
  });
  return { ...columns, graph: JSON.parse(texts.join("")) as World, pieces: { keys, texts } };
}

import { getDb } from "@/lib/db";
import type { Prisma, World as StoredWorld } from "@/lib/db/generated/client";
import { withWorldDefaults, type World, type WorldInput } from "@/lib/kernel";
import type { GraphPieces } from "./graph-json";

/**
 * A world as the app handles it: the `worlds` row with its graph parsed. The graph is stored as
 * its JSON text in pieces (lib/worlds/graph-json.ts, docs/database.md); every read goes through
 * `toWorldRow`, so no code sees the text, and the pieces as stored travel with the row so the
 * next write can send only the ones it changes.
 */
export type WorldRow = Omit<StoredWorld, "graphPieces"> & { graph: World; pieces: GraphPieces };

/** What a read of a whole world includes: its graph's pieces. */
const WITH_GRAPH = { include: { pieces: { select: { key: true, body: true } } } } satisfies Prisma.WorldDefaultArgs;

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
  // An imported graph is stored as sent; the app reads its states with their defaults.
  return { ...columns, graph: withWorldDefaults(JSON.parse(texts.join("")) as WorldInput), pieces: { keys, texts } };
}

/**
 * The first world `where` matches, with its graph, as of one moment. The row and its pieces
 * are two queries: a write committing between them would leave the row's pieces missing or
 * from a later version (a graph that never existed), so both run in one REPEATABLE READ
 * transaction. It only reads, so it never conflicts with a writer.
 */
export async function findWorldRow(where: Prisma.WorldWhereInput): Promise<WorldRow | null> {
  const db = await getDb();
  const stored = await db.$transaction((tx) => tx.world.findFirst({ where, ...WITH_GRAPH }), { isolationLevel: "RepeatableRead" });
  return stored && toWorldRow(stored);
}

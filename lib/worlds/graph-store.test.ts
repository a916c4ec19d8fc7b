import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyOps, type Op } from "@/lib/kernel";
import { makeLargeWorld } from "@/lib/kernel/fixtures";
import { openTestDatabase, type TestDatabase } from "@/lib/jobs/executor/testing";

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe("graph pieces in the database", () => {
  it("edits write what changed, and a fresh read gives back exactly the edited graph", async () => {
    const { runCliCommand } = await import("@/lib/cli/commands");
    const { getDb } = await import("@/lib/db");
    const { applyOpsToWorld, getFreshWorldOrThrow, insertWorld, newWorldId } = await import("./worlds");
    const boot = (await runCliCommand("bootstrap", { email: `pieces-${Date.now()}@example.com` })) as { appId: string };
    const caller = { appId: boot.appId, mode: "test" as const };
    let expected = makeLargeWorld({ states: 120, events: 400 });
    const { id } = await insertWorld(caller, { id: newWorldId(), graph: expected, source: "import" });
    const ids = Object.keys(expected.scene.states);
    const batches: Op[][] = [
      [{ op: "update_state", id: ids[3]!, patch: { base: "first edit" } }],
      [
        { op: "add_state", id: "cellar", base: "A cellar." },
        { op: "add_event", from: ids[0]!, name: "Go down", to: "cellar", base: "down", hotkey: "F9" },
      ],
      [{ op: "delete_event", from: expected.scene.events[10]!.from, name: expected.scene.events[10]!.name }],
      ids.slice(20, 30).map((s) => ({ op: "update_state", id: s, patch: { base: `batch ${s}` } })),
    ] as Op[][];
    for (const ops of batches) {
      expected = applyOps(expected, ops).world;
      const result = await applyOpsToWorld(caller, id, ops, undefined);
      expect(result.applyErrors).toEqual([]);
    }
    const fresh = await getFreshWorldOrThrow(caller, id);
    expect(fresh.graph).toEqual(expected);
    // No piece is left behind that the row does not list.
    const stored = await (await getDb()).worldGraphPiece.count({ where: { worldId: id } });
    expect(stored).toBe(fresh.pieces.keys.length);
    expect(fresh.pieces.keys.length).toBeGreaterThan(10);
  });

  it("a read during concurrent edits sees one committed version, never a mix of two", async () => {
    // The row and its pieces are two queries; a write committing between them once gave a
    // graph whose pieces were missing (a 500 on PostgreSQL under concurrent writes).
    const { runCliCommand } = await import("@/lib/cli/commands");
    const { applyOpsToWorld, getFreshWorldOrThrow, insertWorld, newWorldId } = await import("./worlds");
    const boot = (await runCliCommand("bootstrap", { email: `pieces-race-${Date.now()}@example.com` })) as { appId: string };
    const caller = { appId: boot.appId, mode: "test" as const };
    let graph = makeLargeWorld({ states: 60, events: 200 });
    const inserted = await insertWorld(caller, { id: newWorldId(), graph, source: "import" });
    const versions = new Map([[inserted.rev, JSON.stringify(graph)]]);
    const ids = Object.keys(graph.scene.states);
    let writing = true;
    const writer = (async () => {
      try {
        for (let i = 0; i < 40; i++) {
          const ops: Op[] = [{ op: "update_state", id: ids[i % ids.length]!, patch: { base: `edit ${i}` } }];
          const result = await applyOpsToWorld(caller, inserted.id, ops, undefined);
          graph = applyOps(graph, ops).world;
          versions.set(result.row.rev, JSON.stringify(graph));
        }
      } finally {
        writing = false;
      }
    })();
    const reads: { rev: string; graph: string }[] = [];
    while (writing) {
      const row = await getFreshWorldOrThrow(caller, inserted.id);
      reads.push({ rev: row.rev, graph: JSON.stringify(row.graph) });
    }
    await writer;
    expect(reads.length).toBeGreaterThan(5);
    for (const read of reads) expect(read.graph).toBe(versions.get(read.rev));
  });
});

import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { makeLargeWorld } from "@/lib/kernel/fixtures";
import { applyMigrations, pgliteRunner } from "@/lib/db/migrate";
import { toWorldRow } from "./row";

const MIGRATIONS = path.resolve("prisma/migrations");
const PIECES_MIGRATION = "20261121102921_world_graph_pieces";
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** The migrations folder up to (and without) `stop`. */
async function migrationsBefore(stop: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pw-pieces-"));
  dirs.push(dir);
  for (const entry of await readdir(MIGRATIONS, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name < stop)
      await cp(path.join(MIGRATIONS, entry.name), path.join(dir, entry.name), { recursive: true });
  }
  return dir;
}

describe("migration to graph pieces", () => {
  it("moves every stored graph into one piece, unchanged", async () => {
    const db = await PGlite.create();
    const log = () => {};
    await applyMigrations(pgliteRunner(db), { dir: await migrationsBefore(PIECES_MIGRATION), log });
    const graph = makeLargeWorld({ states: 30, events: 90 });
    await db.query(`INSERT INTO users (id, email, password_hash) VALUES ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'x')`);
    await db.query(
      `INSERT INTO apps (id, owner_id, name, updated_at) VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'A', now())`,
    );
    await db.query(
      `INSERT INTO worlds (id, app_id, mode, name, graph, rev, updated_at) VALUES ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000002', 'test', 'W', $1::json, 'r1', now())`,
      [JSON.stringify(graph)],
    );

    await applyMigrations(pgliteRunner(db), { log });

    const world = (await db.query<{ graph_pieces: string[] }>(`SELECT graph_pieces FROM worlds`)).rows[0]!;
    const pieces = (await db.query<{ key: string; body: string }>(`SELECT key, body FROM world_graph_pieces`)).rows;
    expect(world.graph_pieces).toEqual(["all"]);
    const row = toWorldRow({ graphPieces: world.graph_pieces, pieces, id: "00000000-0000-4000-8000-000000000003" } as never);
    expect(row.graph).toEqual(graph);
    await db.close();
  });
});

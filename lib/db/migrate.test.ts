import { createHash, randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { applyMigrations, MigrationError, pgliteRunner, pgRunner, type SqlRunner } from "./migrate";

const MIGRATIONS_DIR = path.resolve("prisma/migrations");

interface Row {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}

async function repoMigrationNames(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
}

async function tempMigrations(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "pw-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  await writeFile(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
  return dir;
}

const rowsOf = (runner: SqlRunner) => runner.query<Row>(`SELECT * FROM "_prisma_migrations" ORDER BY started_at, migration_name`);

interface Target {
  name: string;
  open(): Promise<{ runner: SqlRunner; close(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: "PGlite (in memory)",
    async open() {
      const db = new PGlite();
      return { runner: pgliteRunner(db), close: () => db.close() };
    },
  },
];

// PostgreSQL: a throwaway database per test, made through the `postgres` maintenance database.
const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = "/postgres";
  targets.push({
    name: "PostgreSQL",
    async open() {
      const dbName = `pw_migrate_test_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${dbName}"`);
      const url = new URL(databaseUrl);
      url.pathname = `/${dbName}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return {
        runner: pgRunner(client),
        async close() {
          await client.end();
          await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
          await admin.end();
        },
      };
    },
  });
}

describe.each(targets)("applyMigrations on $name", (target) => {
  let runner: SqlRunner;
  let close: (() => Promise<void>) | undefined;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const tempDirs: string[] = [];

  async function open() {
    ({ runner, close } = await target.open());
  }

  afterEach(async () => {
    lines.length = 0;
    await close?.();
    close = undefined;
  });

  afterAll(async () => {
    await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
  });

  it("applies every migration once and records it as Prisma does", async () => {
    await open();
    const names = await repoMigrationNames();
    expect(names.length).toBeGreaterThan(0);

    const first = await applyMigrations(runner, { log }); // default dir: prisma/migrations
    expect(first.applied).toEqual(names);

    const rows = await rowsOf(runner);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      const bytes = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    }

    // The tables exist: the app's schema, not just the bookkeeping.
    const tables = await runner.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name = 'users'`,
    );
    expect(tables[0]?.n).toBe(1);

    const second = await applyMigrations(runner, { log });
    expect(second.applied).toEqual([]);
    expect(await rowsOf(runner)).toHaveLength(names.length);
  });

  it("creates _prisma_migrations with Prisma's exact columns", async () => {
    await open();
    await applyMigrations(runner, { dir: await track(tempMigrations({})), log });
    const columns = await runner.query<{ column_name: string; data_type: string; is_nullable: string; len: number | null }>(
      `SELECT column_name, data_type, is_nullable, character_maximum_length AS len
         FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: "id", data_type: "character varying", is_nullable: "NO", len: 36 },
      { column_name: "checksum", data_type: "character varying", is_nullable: "NO", len: 64 },
      { column_name: "finished_at", data_type: "timestamp with time zone", is_nullable: "YES", len: null },
      { column_name: "migration_name", data_type: "character varying", is_nullable: "NO", len: 255 },
      { column_name: "logs", data_type: "text", is_nullable: "YES", len: null },
      { column_name: "rolled_back_at", data_type: "timestamp with time zone", is_nullable: "YES", len: null },
      { column_name: "started_at", data_type: "timestamp with time zone", is_nullable: "NO", len: null },
      { column_name: "applied_steps_count", data_type: "integer", is_nullable: "NO", len: null },
    ]);
  });

  it("records a failed migration, rolls its script back, and refuses to go on (P3009)", async () => {
    await open();
    const dir = await track(
      tempMigrations({
        "20240101000000_ok": 'CREATE TABLE "a" (id int);',
        "20240102000000_broken": 'CREATE TABLE "b" (id int);\nSELECT * FROM "no_such_table";',
        "20240103000000_later": 'CREATE TABLE "c" (id int);',
      }),
    );

    const failure = await applyMigrations(runner, { dir, log }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as MigrationError).code).toBe("P3018");
    expect((failure as Error).message).toContain("20240102000000_broken");
    expect((failure as Error).message).toContain("no_such_table");

    const rows = await rowsOf(runner);
    expect(rows.map((r) => [r.migration_name, r.applied_steps_count, r.finished_at === null])).toEqual([
      ["20240101000000_ok", 1, false],
      ["20240102000000_broken", 0, true],
    ]);
    expect(rows[1]?.logs).toContain("no_such_table");
    // The broken script ran in a transaction: its first statement is gone too.
    const b = await runner.query<{ t: string | null }>(`SELECT to_regclass('public.b')::text AS t`);
    expect(b[0]?.t).toBeNull();

    const refusal = await applyMigrations(runner, { dir, log }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MigrationError);
    expect((refusal as MigrationError).code).toBe("P3009");
    expect((refusal as Error).message).toMatch(/20240102000000_broken.*failed/);
    expect(await rowsOf(runner)).toHaveLength(2);

    // Once a person marks it rolled back (what `prisma migrate resolve --rolled-back` does) and
    // fixes the file, the next run applies it again alongside the rest.
    await runner.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '20240102000000_broken'`);
    await writeFile(path.join(dir, "20240102000000_broken", "migration.sql"), 'CREATE TABLE "b" (id int);');
    const retry = await applyMigrations(runner, { dir, log });
    expect(retry.applied).toEqual(["20240102000000_broken", "20240103000000_later"]);
  });

  it("warns when an applied migration's file changed, and ignores non-folders", async () => {
    await open();
    const dir = await track(tempMigrations({ "20240101000000_one": 'CREATE TABLE "one" (id int);' }));
    await applyMigrations(runner, { dir, log });
    await writeFile(path.join(dir, "20240101000000_one", "migration.sql"), 'CREATE TABLE "one" (id bigint);');
    await writeFile(path.join(dir, "README.md"), "not a migration");
    const result = await applyMigrations(runner, { dir, log });
    expect(result.applied).toEqual([]);
    expect(lines.some((l) => l.includes("20240101000000_one") && l.includes("checksum"))).toBe(true);
  });

  it("accepts the same file with Windows line endings without a warning", async () => {
    await open();
    const dir = await track(tempMigrations({ "20240101000000_one": 'CREATE TABLE "one" (\n  id int\n);\n' }));
    await applyMigrations(runner, { dir, log });
    await writeFile(path.join(dir, "20240101000000_one", "migration.sql"), 'CREATE TABLE "one" (\r\n  id int\r\n);\r\n');
    lines.length = 0;
    await applyMigrations(runner, { dir, log });
    expect(lines.filter((l) => l.includes("warning"))).toEqual([]);
  });

  it("applies in folder-name order", async () => {
    await open();
    const dir = await track(
      tempMigrations({
        "20240102000000_second": 'ALTER TABLE "t" ADD COLUMN b int;',
        "20240101000000_first": 'CREATE TABLE "t" (a int);',
      }),
    );
    expect((await applyMigrations(runner, { dir, log })).applied).toEqual(["20240101000000_first", "20240102000000_second"]);
  });

  it("fails clearly when the folder is missing", async () => {
    await open();
    await expect(applyMigrations(runner, { dir: "/nonexistent/migrations", log })).rejects.toThrow(/Migrations folder not found/);
  });

  async function track(dir: Promise<string>): Promise<string> {
    const d = await dir;
    tempDirs.push(d);
    return d;
  }
});

describe.runIf(databaseUrl)("applyMigrations on PostgreSQL, concurrently", () => {
  it("serializes two runners with the advisory lock", async () => {
    const target = targets.find((t) => t.name === "PostgreSQL")!;
    const { runner, close } = await target.open();
    // A second connection to the same throwaway database.
    const dbName = (await runner.query<{ d: string }>("SELECT current_database() AS d"))[0]!.d;
    const url = new URL(databaseUrl!);
    url.pathname = `/${dbName}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      const quiet = () => {};
      const [a, b] = await Promise.all([applyMigrations(runner, { log: quiet }), applyMigrations(pgRunner(other), { log: quiet })]);
      const names = await repoMigrationNames();
      expect([...a.applied, ...b.applied].sort()).toEqual(names);
      expect(await rowsOf(runner)).toHaveLength(names.length);
    } finally {
      await other.end();
      await close();
    }
  });
});

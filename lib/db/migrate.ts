// Applies prisma/migrations/*/migration.sql and records them in `_prisma_migrations` exactly as
// `prisma migrate deploy` does, because Prisma's native schema engine cannot run on these
// machines. A database migrated here can later be taken over by `prisma migrate deploy`.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ClientBase } from "pg";

export interface SqlRunner {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

export interface ApplyMigrationsOptions {
  /** Folder holding `<name>/migration.sql`; default `prisma/migrations` under process.cwd(). */
  dir?: string;
  log?: (line: string) => void;
}

// The key `prisma migrate deploy` locks, so our runner and Prisma's never interleave.
const ADVISORY_LOCK_KEY = 72707369;

// Prisma's own DDL for PostgreSQL (sql-schema-connector), column for column.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
  started_at: Date | string;
}

interface MigrationFile {
  name: string;
  script: string;
  checksum: string;
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly code: "P3009" | "P3018" | "MIGRATIONS_DIR",
  ) {
    super(message);
    this.name = "MigrationError";
  }
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

export function pgRunner(client: ClientBase): SqlRunner {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      return (await client.query(sql, params)).rows as T[];
    },
    async exec(sql: string) {
      // No parameters: the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** Lowercase hex sha256 of the file's bytes: what Prisma stores in `checksum`. */
export function checksumOf(script: string | Uint8Array): string {
  return createHash("sha256").update(script).digest("hex");
}

// Prisma also accepts the script with its line endings flipped (git on Windows), so do we.
function checksumMatches(script: string, checksum: string): boolean {
  return [script, script.replace(/\r\n/g, "\n"), script.replace(/\r?\n/g, "\r\n")].some((variant) => checksumOf(variant) === checksum);
}

export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") {
      throw new MigrationError(`Migrations folder not found: ${dir}`, "MIGRATIONS_DIR");
    }
    throw e;
  });
  // Same order as the Prisma CLI (localeCompare on folder names); files such as
  // migration_lock.toml are not folders and drop out here.
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const migrations: MigrationFile[] = [];
  for (const name of names) {
    const file = path.join(dir, name, "migration.sql");
    const bytes = await readFile(file).catch(() => {
      throw new MigrationError(`Migration folder ${name} has no readable migration.sql (${file})`, "MIGRATIONS_DIR");
    });
    migrations.push({ name, script: bytes.toString("utf8"), checksum: checksumOf(bytes) });
  }
  return migrations;
}

function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const pg = e as Error & { code?: string; detail?: string; hint?: string; position?: string };
  return [
    pg.message,
    pg.code ? `Database error code: ${pg.code}` : "",
    pg.detail ? `DETAIL: ${pg.detail}` : "",
    pg.hint ? `HINT: ${pg.hint}` : "",
    pg.position ? `Position: ${pg.position}` : "",
  ]
    .filter(Boolean)
    .join("\n");
}

function formatTime(value: Date | string | null): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

export async function applyMigrations(runner: SqlRunner, opts: ApplyMigrationsOptions = {}): Promise<{ applied: string[] }> {
  // A statically scoped default keeps Next's file tracing to prisma/migrations.
  const dir = opts.dir ? path.resolve(/*turbopackIgnore: true*/ opts.dir) : path.join(process.cwd(), "prisma", "migrations");
  const log = opts.log ?? ((line: string) => console.error(`[migrate] ${line}`));
  const migrations = await readMigrations(dir);

  // Session-level lock: hold the same connection until the unlock (a pg.Client, not a Pool).
  await runner.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
  try {
    await runner.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await runner.query<MigrationRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at, started_at
         FROM "_prisma_migrations" ORDER BY started_at ASC`,
    );
    // Rows marked rolled back (`prisma migrate resolve --rolled-back`) no longer count.
    const live = rows.filter((r) => r.rolled_back_at === null);

    // Like Prisma's P3009: a half-applied migration needs a human before anything else runs.
    const failed = live.filter((r) => r.finished_at === null);
    if (failed.length > 0) {
      const list = failed.map((r) => `The \`${r.migration_name}\` migration started at ${formatTime(r.started_at)} failed`).join("\n");
      throw new MigrationError(
        `P3009: found failed migrations in the target database, new migrations will not be applied.\n${list}\n` +
          "Fix the database by hand, then mark the row rolled back (set rolled_back_at) or delete it, " +
          "or run `prisma migrate resolve` where the Prisma CLI works. See docs/database.md.",
        "P3009",
      );
    }

    const finished = new Map<string, MigrationRow>();
    for (const r of live) finished.set(r.migration_name, r);
    const onDisk = new Set(migrations.map((m) => m.name));
    for (const name of finished.keys()) {
      if (!onDisk.has(name)) log(`warning: migration ${name} is applied in the database but missing from ${dir}`);
    }

    const applied: string[] = [];
    for (const migration of migrations) {
      const row = finished.get(migration.name);
      if (row) {
        if (!checksumMatches(migration.script, row.checksum)) {
          log(`warning: migration ${migration.name} was modified after it was applied (checksum differs)`);
        }
        continue;
      }
      log(`applying ${migration.name}`);
      await applyOne(runner, migration);
      applied.push(migration.name);
    }
    log(applied.length > 0 ? `applied ${applied.length} migration(s)` : "database is up to date");
    return { applied };
  } finally {
    await runner.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`);
  }
}

async function applyOne(runner: SqlRunner, migration: MigrationFile): Promise<void> {
  const id = randomUUID();
  // Recorded before the script runs, outside its transaction, so a failure stays visible.
  await runner.query(
    `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
     VALUES ($1, $2, $3, now(), 0)`,
    [id, migration.checksum, migration.name],
  );
  try {
    await runner.exec("BEGIN");
    await runner.exec(migration.script);
    // Inside the transaction, so the script and its bookkeeping commit together;
    // clock_timestamp() because now() would be the transaction's start.
    await runner.query(`UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await runner.exec("COMMIT");
  } catch (e) {
    await runner.exec("ROLLBACK").catch(() => undefined);
    const logs = `Migration \`${migration.name}\` failed to apply cleanly.\n${describeError(e)}`;
    await runner.query(`UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1`, [id, logs]);
    throw new MigrationError(`P3018: ${logs}`, "P3018");
  }
}

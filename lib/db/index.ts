import path from "node:path";
import { getEnv } from "@/lib/config/env";
import { log } from "@/lib/log";
import { lockDataDir, unlockDataDir } from "./data-dir-lock";
import { PrismaClient, type Prisma } from "./generated/client";
import { applyMigrations, pgliteRunner, pgRunner } from "./migrate";

export type Db = PrismaClient;
/** The client or a transaction's client: domain functions that may run inside a transaction take this. */
export type DbClient = PrismaClient | Prisma.TransactionClient;
export { Prisma } from "./generated/client";
export { isDatabaseUnreachable } from "./unreachable";

const migrationLog = { log: (line: string) => log.info(`migrate: ${line}`) };

/**
 * Change feeds: PostgreSQL NOTIFY channels (fed by triggers in the migrations) that let a server
 * process drop cached rows the moment any process changes them. A watcher is told `onReset`
 * whenever it cannot be sure it saw every change (database closed, listener connection lost),
 * and must then stop trusting what it cached.
 */
export interface ChangeWatcher {
  channel: string;
  onChange(payload: string): void;
  onReset(): void;
}

/**
 * The Prisma client over embedded PGlite (default, data in DATA_DIR/pglite) or PostgreSQL
 * (DATABASE_URL). Created lazily on first use, never at import, so `next build` does not open
 * a database; migrations are applied before the client is handed out.
 */
interface Handle {
  db: PrismaClient;
  engine: "pglite" | "postgres";
  /** A statement straight on the driver, for megabyte parameters Prisma would copy around. */
  execute(sql: string, params: unknown[]): Promise<number>;
  /** The same, returning its rows; `name`: a statement run often, planned once per connection. */
  query(sql: string, params: unknown[], name?: string): Promise<Record<string, unknown>[]>;
  /** Starts delivering NOTIFY payloads of `channel`; false when the feed could not start. */
  listen(channel: string, onPayload: (payload: string) => void, onLost: () => void): Promise<boolean>;
  close(): Promise<void>;
}

const state = globalThis as unknown as {
  __worldsDb?: Promise<Handle>;
  __worldsWatching?: Set<ChangeWatcher>;
  __worldsBeforeClose?: Set<() => Promise<unknown>>;
};
/** Watchers attached to the open handle's feed. */
const watching = (state.__worldsWatching ??= new Set());

async function openPglite(): Promise<Handle> {
  const env = getEnv();
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  lockDataDir(env.dataDir, process.env.WORLDS_SERVER_URL);
  try {
    const pglite = await PGlite.create(path.join(env.dataDir, "pglite"));
    await applyMigrations(pgliteRunner(pglite), migrationLog);
    const db = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    // Named statements prepared (or being prepared) on this connection: callers racing to a name's
    // first use share one PREPARE (two would fail with "already exists").
    const prepared = new Map<string, Promise<unknown>>();
    return {
      db,
      engine: "pglite",
      async execute(sql, params) {
        return (await pglite.query(sql, params)).affectedRows ?? 0;
      },
      async query(sql, params, name) {
        if (!name) return (await pglite.query<Record<string, unknown>>(sql, params)).rows;
        // PGlite plans every statement it is given anew (about a millisecond for a join or a
        // CTE). A named one is prepared once (PREPARE) and run with EXECUTE, whose arguments are
        // literals: the extended protocol does not pass parameters to EXECUTE.
        const execute = `EXECUTE ${name}(${params.map(sqlLiteral).join(", ")})`;
        let ready = prepared.get(name);
        if (!ready) {
          ready = pglite.query(`PREPARE ${name} AS ${sql}`).catch((error: unknown) => {
            prepared.delete(name);
            throw error;
          });
          prepared.set(name, ready);
        }
        await ready;
        return (await pglite.query<Record<string, unknown>>(execute)).rows;
      },
      async listen(channel, onPayload) {
        await pglite.listen(channel, onPayload);
        return true;
      },
      async close() {
        await db.$disconnect();
        await pglite.close();
        unlockDataDir(env.dataDir);
      },
    };
  } catch (error) {
    unlockDataDir(env.dataDir);
    throw error;
  }
}

async function openPostgres(url: string): Promise<Handle> {
  const pg = (await import("pg")).default;
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const migrator = new pg.Client({ connectionString: url });
  await migrator.connect();
  let lz4 = false;
  try {
    await applyMigrations(pgRunner(migrator), migrationLog);
    lz4 = await migrator.query("SET default_toast_compression = 'lz4'").then(
      () => true,
      () => false,
    );
  } finally {
    await migrator.end();
  }
  // Large JSON (a 2 MB world's "Original" version) is compressed with lz4 where the server has
  // it: about 20 ms less per 2 MB written than the default pglz, and faster to read back.
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(lz4 ? { options: "-c default_toast_compression=lz4" } : {}) });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on("error", (error) => log.warn("idle database connection lost", { error: String(error) }));
  const db = new PrismaClient({ adapter: new PrismaPg(pool) });
  // One connection of its own carries every LISTEN of this process.
  let listener: import("pg").Client | undefined;
  const handlers = new Map<string, (payload: string) => void>();
  const lostHandlers = new Set<() => void>();
  return {
    db,
    engine: "postgres",
    async execute(sql, params) {
      return (await pool.query(sql, params)).rowCount ?? 0;
    },
    async query(sql, params, name) {
      // A named statement is prepared once per pooled connection (pg does it).
      return (await pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows as Record<
        string,
        unknown
      >[];
    },
    async listen(channel, onPayload, onLost) {
      try {
        if (!listener) {
          const client = new pg.Client({ connectionString: url });
          client.on("notification", (message) => handlers.get(message.channel)?.(message.payload ?? ""));
          const lose = () => {
            if (listener !== client) return;
            listener = undefined;
            handlers.clear();
            for (const lost of lostHandlers) lost();
            lostHandlers.clear();
          };
          client.on("error", (error) => {
            log.warn("change feed connection lost", { error: String(error) });
            lose();
          });
          client.on("end", lose);
          await client.connect();
          listener = client;
        }
        handlers.set(channel, onPayload);
        lostHandlers.add(onLost);
        await listener.query(`LISTEN ${channel}`);
        return true;
      } catch (error) {
        log.warn("change feed unavailable", { channel, error: String(error) });
        return false;
      }
    },
    async close() {
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
      await db.$disconnect();
      await pool.end();
    },
  };
}

function open(): Promise<Handle> {
  const url = getEnv().DATABASE_URL;
  return url ? openPostgres(url) : openPglite();
}

async function handle(): Promise<Handle> {
  state.__worldsDb ??= open().catch((error: unknown) => {
    state.__worldsDb = undefined; // let the next request try again
    throw error;
  });
  return state.__worldsDb;
}

export async function getDb(): Promise<PrismaClient> {
  return (await handle()).db;
}

/**
 * Runs one parameterized statement ($1, $2, …) on the driver itself and returns its rows
 * (timestamps as Date, json as values). For the few statements every job runs (lib/jobs), where
 * Prisma's per-statement work costs more than the statement.
 */
export async function querySql<T = Record<string, unknown>>(
  sql: string,
  params: unknown[],
  { name }: { name?: string } = {},
): Promise<T[]> {
  if (name !== undefined && !/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  return (await (await handle()).query(sql, params, name)) as T[];
}

/**
 * A value as an SQL literal (for EXECUTE's arguments): strings in the E'' form, which escapes
 * quotes and backslashes whatever `standard_conforming_strings` says; dates as ISO strings;
 * arrays as ARRAY[…]; other objects as JSON text. PostgreSQL casts each to its parameter's type.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) return value.length === 0 ? "'{}'" : `ARRAY[${value.map(sqlLiteral).join(", ")}]`;
  if (typeof value === "string") return quote(value);
  return quote(JSON.stringify(value));
}

function quote(text: string): string {
  if (text.includes("\0")) throw new Error("a NUL character cannot be stored");
  return `E'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

export async function getDbEngine(): Promise<Handle["engine"]> {
  return (await handle()).engine;
}

/**
 * Attaches a watcher to the open database's feed (once). Resolves to
 * whether the watcher is live now; callers cache only while it is.
 */
export async function watchChanges(watcher: ChangeWatcher): Promise<boolean> {
  if (watching.has(watcher)) return true;
  const current = await handle();
  const live = await current.listen(watcher.channel, watcher.onChange, () => {
    watching.delete(watcher);
    watcher.onReset();
  });
  if (live && state.__worldsDb && (await state.__worldsDb) === current) watching.add(watcher);
  return watching.has(watcher);
}

export function isWatching(watcher: ChangeWatcher): boolean {
  return watching.has(watcher);
}

const beforeClose = (state.__worldsBeforeClose ??= new Set());

/** Work to finish while the database is still open (e.g. buffered writes), run by closeDb. */
export function onBeforeCloseDb(task: () => Promise<unknown>): void {
  beforeClose.add(task);
}

/** Closes the client (CLI runs and tests); the next getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  if (state.__worldsDb) for (const task of beforeClose) await task().catch(() => {});
  const current = state.__worldsDb;
  state.__worldsDb = undefined;
  for (const watcher of watching) watcher.onReset();
  watching.clear();
  if (current) await (await current).close();
}

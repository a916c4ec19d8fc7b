/**
 * Test helpers for code that runs jobs: a fresh database (a temporary embedded one, or a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set, as tests/support/test-server.ts
 * does) and polling waits. Never assert durations; wait for conditions.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createTestPostgresDatabase, prepareEmbeddedDatabase } from "@/tests/support/databases";

export interface TestDatabase {
  dataDir: string;
  /** The throwaway PostgreSQL database's URL, when TEST_DATABASE_URL is set. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A throwaway PostgreSQL database beside `baseUrl`'s, dropped (forcefully) by `drop()`. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `worlds_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Points the app at a fresh database (cloned from a migrated template) and data folder and opens it. */
export async function openTestDatabase({
  postgres = Boolean(process.env.TEST_DATABASE_URL),
}: { postgres?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-jobs-test-"));
  const base = process.env.TEST_DATABASE_URL;
  const database = postgres && base ? await createTestPostgresDatabase(base) : undefined;
  if (!database) await prepareEmbeddedDatabase(dataDir);
  Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: process.env.JOBS_TEST_LOG_LEVEL ?? "error" });
  if (database) process.env.DATABASE_URL = database.url;
  else delete process.env.DATABASE_URL;
  for (const name of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_DEV"]) delete process.env[name];
  const { resetEnvCache } = await import("@/lib/config/env");
  const { resetSecretsCache } = await import("@/lib/config/secrets");
  const { getDb } = await import("@/lib/db");
  resetEnvCache();
  resetSecretsCache();
  await getDb();
  return {
    dataDir,
    databaseUrl: database?.url,
    async close() {
      const { closeDb } = await import("@/lib/db");
      await closeDb();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns something other than undefined/false/null; throws after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 30_000, intervalMs = 20, what = "condition" }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A promise the test opens by hand. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

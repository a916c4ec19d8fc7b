/**
 * Test databases cloned from a migrated template instead of created and migrated afresh.
 *
 * Creating an embedded database (PGlite's initdb) costs about four seconds of CPU, and every test
 * server used to pay it; copying a migrated data folder costs a tenth of that. On PostgreSQL a
 * test database is `CREATE DATABASE … TEMPLATE` of a migrated one. Templates are named by a hash
 * of the migrations (and of PGlite's version), so a changed migration makes a new template, and
 * every worker and server process of a run finds the same one: the first to need it makes it.
 * The app still runs its migrations on open, which finds them all applied.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations, pgliteRunner, pgRunner } from "@/lib/db/migrate";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MIGRATIONS = path.join(ROOT, "prisma/migrations");

let migrationsHash: string | undefined;
/** The migrations' names and bytes, and PGlite's version, hashed. */
function templateKey(): string {
  if (migrationsHash) return migrationsHash;
  const hash = createHash("sha256");
  for (const name of fs.readdirSync(MIGRATIONS).sort()) {
    const file = path.join(MIGRATIONS, name, "migration.sql");
    if (!fs.existsSync(file)) continue;
    hash.update(name).update(fs.readFileSync(file));
  }
  const pglite = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
    version: string;
  };
  hash.update(pglite.version);
  return (migrationsHash = hash.digest("hex").slice(0, 16));
}

let embeddedTemplate: Promise<string> | undefined;

/** The migrated PGlite data folder to copy (made once per machine and migration set). */
function pgliteTemplate(): Promise<string> {
  return (embeddedTemplate ??= (async () => {
    const dir = path.join(os.tmpdir(), `worlds-pglite-template-${templateKey()}`);
    if (fs.existsSync(path.join(dir, "ready"))) return dir;
    // Made beside it and renamed into place: a reader never sees half a template.
    const building = `${dir}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.mkdirSync(building, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(building, "pglite"));
    await applyMigrations(pgliteRunner(db), { dir: MIGRATIONS, log: () => {} });
    await db.close();
    fs.writeFileSync(path.join(building, "ready"), "");
    try {
      fs.renameSync(building, dir);
    } catch {
      // Another worker got there first; theirs is the same.
      fs.rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })().catch((error: unknown) => {
    embeddedTemplate = undefined;
    throw error;
  }));
}

/** Gives `dataDir` a migrated embedded database, unless it already holds one (a restart). */
export async function prepareEmbeddedDatabase(dataDir: string): Promise<void> {
  const target = path.join(dataDir, "pglite");
  if (fs.existsSync(target)) return;
  const template = await pgliteTemplate();
  fs.cpSync(path.join(template, "pglite"), target, { recursive: true });
}

const postgresTemplates = new Map<string, Promise<string>>();

/** The migrated database on `baseUrl`'s server to clone, made once per migration set. */
function postgresTemplate(baseUrl: string): Promise<string> {
  let made = postgresTemplates.get(baseUrl);
  if (!made) {
    made = (async () => {
      const name = `worlds_template_${templateKey()}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      try {
        const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
        if (exists.rowCount) return name;
        const building = `worlds_template_building_${randomBytes(6).toString("hex")}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const migrator = new pg.Client({ connectionString: withDatabase(baseUrl, building) });
        await migrator.connect();
        try {
          await applyMigrations(pgRunner(migrator), { dir: MIGRATIONS, log: () => {} });
        } finally {
          await migrator.end();
        }
        try {
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        } catch {
          // Another worker got there first; theirs is the same.
          await admin.query(`DROP DATABASE IF EXISTS ${building}`);
        }
        return name;
      } finally {
        await admin.end();
      }
    })();
    postgresTemplates.set(baseUrl, made);
    made.catch(() => postgresTemplates.delete(baseUrl));
  }
  return made;
}

function withDatabase(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A throwaway PostgreSQL database, migrated (a clone of the template), on `baseUrl`'s server. */
export async function createTestPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await postgresTemplate(baseUrl);
  const name = `worlds_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(baseUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

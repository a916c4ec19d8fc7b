import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { diffMigrationsAgainstSchema } from "./schema-diff";

// Each diff replays the migrations on a fresh in-memory PGlite: a few seconds.
const SLOW = 180_000; // a limit for a loaded machine (each case migrates fresh databases), not a goal

describe("prisma/schema and prisma/migrations", () => {
  it(
    "do not drift (fix: npm run db:diff -- <name>)",
    async () => {
      expect(await diffMigrationsAgainstSchema()).toBe("");
    },
    SLOW,
  );
});

describe("diffMigrationsAgainstSchema", () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it(
    "reports a model that no migration creates",
    async () => {
      dir = await mkdtemp(path.join(tmpdir(), "pw-schema-"));
      // A copy of the schema folder with one more model.
      const schemaPath = path.join(dir, "schema");
      await cp("prisma/schema", schemaPath, { recursive: true });
      await writeFile(path.join(schemaPath, "probe.prisma"), `model DriftProbe {\n  id Int @id\n  @@map("drift_probe")\n}\n`);

      const sql = await diffMigrationsAgainstSchema({ schemaPath });
      expect(sql).toContain('CREATE TABLE "drift_probe"');
      expect(sql).not.toContain('CREATE TABLE "users"');
    },
    SLOW,
  );

  it(
    "reports the whole schema against an empty migrations folder",
    async () => {
      const empty = await mkdtemp(path.join(tmpdir(), "pw-migrations-"));
      try {
        const sql = await diffMigrationsAgainstSchema({ migrationsDir: empty });
        expect(sql).toContain('CREATE TABLE "users"');
      } finally {
        await rm(empty, { recursive: true, force: true });
      }
    },
    SLOW,
  );

  it(
    "fails on a migration that does not apply",
    async () => {
      const broken = await mkdtemp(path.join(tmpdir(), "pw-migrations-"));
      try {
        await writeFile(path.join(broken, "migration_lock.toml"), 'provider = "postgresql"\n');
        await mkdir(path.join(broken, "20240101000000_broken"));
        await writeFile(path.join(broken, "20240101000000_broken", "migration.sql"), "SELECT * FROM no_such_table;");
        await expect(diffMigrationsAgainstSchema({ migrationsDir: broken })).rejects.toThrow(/no_such_table/);
      } finally {
        await rm(broken, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});

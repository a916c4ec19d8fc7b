// `npm run db:diff -- <name>`: write prisma/migrations/<UTC timestamp>_<name>/migration.sql
// with what prisma/schema/*.prisma adds to the migrations. `--check`: exit 1 if they drift.
// Stands in for `prisma migrate dev --create-only`, whose native engine cannot run here.
import { access, mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { diffMigrationsAgainstSchema, MIGRATION_LOCK_CONTENT, MIGRATION_LOCK_FILE } from "../lib/db/schema-diff";

const USAGE = "usage: npm run db:diff -- <migration-name> | --check";

function utcTimestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14); // YYYYMMDDHHMMSS
}

// Folder-safe, like the names `prisma migrate dev` writes.
function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

async function main(args: string[]): Promise<number> {
  const check = args.includes("--check");
  const rest = args.filter((a) => a !== "--check");
  const migrationsDir = path.resolve("prisma/migrations");

  if (check) {
    const sql = await diffMigrationsAgainstSchema({ migrationsDir });
    if (sql === "") {
      console.log("no drift: prisma/schema/*.prisma matches prisma/migrations");
      return 0;
    }
    console.error("prisma/schema/*.prisma and prisma/migrations drift; the missing migration would be:\n");
    console.error(sql);
    console.error("Run `npm run db:diff -- <name>` to write it.");
    return 1;
  }

  const name = slugify(rest.join("_"));
  if (name === "" || rest.some((a) => a.startsWith("-"))) {
    console.error(USAGE);
    return 2;
  }

  const sql = await diffMigrationsAgainstSchema({ migrationsDir });
  if (sql === "") {
    console.log("no changes");
    return 0;
  }

  const folder = `${utcTimestamp(new Date())}_${name}`;
  const existing = (await readdir(migrationsDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
  const last = existing.at(-1);
  // Migrations run in folder-name order; a new one that sorts earlier would run out of turn.
  if (last !== undefined && folder.localeCompare(last) <= 0) {
    console.error(`refusing to write ${folder}: it would sort before the latest migration ${last}`);
    return 1;
  }

  await mkdir(path.join(migrationsDir, folder), { recursive: true });
  await writeFile(path.join(migrationsDir, folder, "migration.sql"), sql);
  const lockPath = path.join(migrationsDir, MIGRATION_LOCK_FILE);
  const hasLock = await access(lockPath).then(
    () => true,
    () => false,
  );
  if (!hasLock) await writeFile(lockPath, MIGRATION_LOCK_CONTENT);

  console.log(`wrote ${path.relative(process.cwd(), path.join(migrationsDir, folder, "migration.sql"))}`);
  // The wasm diff has no data-loss warnings (migrate dev gets those from a live database).
  if (/\bDROP\b/.test(sql)) console.log("note: it drops something; check that no data is lost.");
  console.log("Review it, then commit it with the schema change.");
  return 0;
}

// Exit explicitly: the wasm engine leaves a timer behind that can keep Node alive.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  },
);

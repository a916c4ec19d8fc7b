import path from "node:path";
import { defineConfig } from "prisma/config";

// The native schema engine cannot be downloaded here; pointing Prisma at a stub lets
// `prisma generate` run offline. Migrations go through lib/db/migrate.ts instead.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve("scripts/no-schema-engine.sh");

export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/unused" },
});

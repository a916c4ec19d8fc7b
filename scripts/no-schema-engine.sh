#!/bin/sh
# Stands in for Prisma's native schema engine, which cannot be downloaded on offline machines.
# `prisma generate` only needs the variable to name an existing file; migrations are applied by
# lib/db/migrate.ts and diffed with @prisma/schema-engine-wasm (scripts/db-diff.ts).
echo "The native Prisma schema engine is not used by this project: see docs/database.md" >&2
exit 1

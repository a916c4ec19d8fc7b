-- A world's first version ("Original") is written without its graph, which is the world's own
-- until the world's first graph write copies it in (lib/worlds/graph-store.ts): creating a world
-- writes its graph once, not twice.
-- AlterTable
ALTER TABLE "world_versions" ALTER COLUMN "graph" DROP NOT NULL;

-- A world's graph moves from one `json` value to its JSON text in pieces (lib/worlds/graph-json.ts):
-- an edit of a maximal (2 MB) graph rewrote and re-parsed the whole value; now it rewrites the
-- pieces it changed. Existing graphs become one piece each ("all", as new graphs are stored),
-- cut up by their first edit.

-- CreateTable
CREATE TABLE "world_graph_pieces" (
    "world_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "world_graph_pieces_pkey" PRIMARY KEY ("world_id","key")
);

-- AddForeignKey
ALTER TABLE "world_graph_pieces" ADD CONSTRAINT "world_graph_pieces_world_id_fkey" FOREIGN KEY ("world_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Move the graphs.
INSERT INTO "world_graph_pieces" ("world_id", "key", "body") SELECT "id", 'all', "graph"::text FROM "worlds";

-- AlterTable
ALTER TABLE "worlds" ADD COLUMN "graph_pieces" TEXT[];
UPDATE "worlds" SET "graph_pieces" = ARRAY['all'];
ALTER TABLE "worlds" DROP COLUMN "graph";

-- Pieces are tens of kilobytes: lz4 compresses them quickly; where the server lacks lz4
-- (embedded PGlite), store them uncompressed rather than use slow pglz.
DO $$
BEGIN
  ALTER TABLE "world_graph_pieces" ALTER COLUMN "body" SET COMPRESSION lz4;
EXCEPTION WHEN OTHERS THEN
  ALTER TABLE "world_graph_pieces" ALTER COLUMN "body" SET STORAGE EXTERNAL;
END $$;

-- CreateTable
CREATE TABLE "world_likes" (
    "world_id" UUID NOT NULL,
    "player" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "world_likes_pkey" PRIMARY KEY ("world_id","player")
);

-- CreateIndex
CREATE INDEX "world_likes_player_world_id_idx" ON "world_likes"("player", "world_id");

-- CreateIndex
CREATE INDEX "worlds_explore_new_idx" ON "worlds"("visibility", "mode", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worlds_explore_plays_idx" ON "worlds"("visibility", "mode", "session_count" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "worlds_explore_likes_idx" ON "worlds"("visibility", "mode", "like_count" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "world_likes" ADD CONSTRAINT "world_likes_world_id_fkey" FOREIGN KEY ("world_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Explore's search (docs/explore.md): the words of a public live world's name and description,
-- as the 'simple' configuration reads them (lowercased, no stemming, no stop words, the same in
-- every language). Partial: only what Explore lists is indexed. Prisma has no syntax for an
-- expression index, so it lives here only; the schema diff leaves indexes it does not know alone.
CREATE INDEX "worlds_explore_search_idx" ON "worlds" USING GIN (to_tsvector('simple', "name" || ' ' || "description")) WHERE "visibility" = 'public' AND "mode" = 'live';

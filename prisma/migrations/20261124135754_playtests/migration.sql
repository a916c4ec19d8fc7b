-- Recorded play-throughs of a world (lib/playtests): every graph write replays them (lib/worlds).

-- CreateTable
CREATE TABLE "playtests" (
    "id" UUID NOT NULL,
    "world_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "steps" JSON NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "playtests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "playtests_world_id_created_at_idx" ON "playtests"("world_id", "created_at");

-- AddForeignKey
ALTER TABLE "playtests" ADD CONSTRAINT "playtests_world_id_fkey" FOREIGN KEY ("world_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

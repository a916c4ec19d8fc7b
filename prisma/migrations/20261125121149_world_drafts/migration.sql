-- Drafted worlds of durable generations, kept between their author and persist steps
-- (lib/generation/drafts.ts), so a run's memoized step results stay small.
-- CreateTable
CREATE TABLE "world_drafts" (
    "id" TEXT NOT NULL,
    "world_id" UUID NOT NULL,
    "graph" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "world_drafts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "world_drafts_world_id_idx" ON "world_drafts"("world_id");

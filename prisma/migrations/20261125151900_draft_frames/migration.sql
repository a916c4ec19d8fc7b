-- Frames a durable generation painted for a drafted world, kept until the world is stored
-- (lib/generation/drafts.ts): a retried paint step paints only the frames it does not have.
-- CreateTable
CREATE TABLE "draft_frames" (
    "world_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "manifest" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "draft_frames_pkey" PRIMARY KEY ("world_id","key")
);

-- CreateTable
CREATE TABLE "scenario_batches" (
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "world_id" UUID NOT NULL,
    "rev" TEXT NOT NULL,
    "graph" JSONB NOT NULL,
    "base_url" TEXT NOT NULL,
    "name" TEXT,
    "review" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "items_total" INTEGER NOT NULL,
    "items_done" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "rejected" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "pending_review" INTEGER NOT NULL DEFAULT 0,
    "cancelled" INTEGER NOT NULL DEFAULT 0,
    "job_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scenario_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scenario_clips" (
    "id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "custom_id" TEXT,
    "kind" TEXT NOT NULL,
    "spec" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "states" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "frames" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "preview" TEXT,
    "verification" JSONB,
    "error" TEXT,
    "charged_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scenario_clips_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scenario_clip_charges" (
    "clip_id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "charged_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scenario_clip_charges_pkey" PRIMARY KEY ("clip_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "scenario_batches_app_id_mode_created_at_key" ON "scenario_batches"("app_id", "mode", "created_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "scenario_clips_batch_id_index_key" ON "scenario_clips"("batch_id", "index");

-- CreateIndex
CREATE INDEX "scenario_clip_charges_app_id_mode_day_idx" ON "scenario_clip_charges"("app_id", "mode", "day");

-- AddForeignKey
ALTER TABLE "scenario_batches" ADD CONSTRAINT "scenario_batches_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scenario_clips" ADD CONSTRAINT "scenario_clips_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "scenario_batches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scenario_clip_charges" ADD CONSTRAINT "scenario_clip_charges_clip_id_fkey" FOREIGN KEY ("clip_id") REFERENCES "scenario_clips"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "generation_jobs" (
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'world',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "phase" TEXT,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "world_id" UUID,
    "campaign_id" UUID,
    "acts_done" INTEGER,
    "acts_total" INTEGER,
    "error" TEXT,
    "provider" TEXT,
    "input" JSONB NOT NULL,
    "quota_day" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "generation_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "generation_jobs_app_id_mode_created_at_idx" ON "generation_jobs"("app_id", "mode", "created_at" DESC);

-- AddForeignKey
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

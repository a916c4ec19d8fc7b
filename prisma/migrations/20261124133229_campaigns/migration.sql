-- Campaigns (lib/campaigns, docs/campaigns.md): a book authored into chapter worlds by a
-- durable job. A chapter world names its campaign and chapter on its own row (the World
-- resource's `campaign`); a chapter's `quota_day` is set in the transaction that reserves its
-- generation, so a retried step never reserves twice.

-- AlterTable
ALTER TABLE "worlds" ADD COLUMN     "campaign_chapter" INTEGER,
ADD COLUMN     "campaign_id" UUID;

-- CreateTable
CREATE TABLE "campaigns" (
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'authoring',
    "fidelity" TEXT NOT NULL DEFAULT 'faithful',
    "target_acts" INTEGER,
    "text" TEXT NOT NULL,
    "subject_ref" JSONB,
    "bible" JSONB,
    "job_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_chapters" (
    "campaign_id" UUID NOT NULL,
    "index" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "world_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "quota_day" DATE,
    "authored_at" TIMESTAMPTZ(3),

    CONSTRAINT "campaign_chapters_pkey" PRIMARY KEY ("campaign_id","index")
);

-- CreateIndex
CREATE INDEX "campaigns_app_id_mode_created_at_id_idx" ON "campaigns"("app_id", "mode", "created_at" DESC, "id");

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_chapters" ADD CONSTRAINT "campaign_chapters_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

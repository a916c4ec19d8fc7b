-- AlterTable
ALTER TABLE "campaigns" ADD COLUMN     "reference_quota_day" DATE;

-- AlterTable
ALTER TABLE "scenario_clips" ADD COLUMN     "quota_day" DATE,
ADD COLUMN     "quota_units" INTEGER NOT NULL DEFAULT 0;

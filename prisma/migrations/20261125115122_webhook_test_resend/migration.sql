-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "attempt_limit" INTEGER NOT NULL DEFAULT 3;

-- AlterTable
ALTER TABLE "webhook_delivery_attempts" ADD COLUMN     "response_excerpt" TEXT;

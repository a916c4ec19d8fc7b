-- Chat allowances are per player and per mode (docs/runtime.md "Chat time"): existing rows are
-- live ones (only live turns were ever metered). Only the primary keys are replaced; no row is lost.
-- AlterTable
ALTER TABLE "chat_accounts" DROP CONSTRAINT "chat_accounts_pkey",
ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live',
ADD CONSTRAINT "chat_accounts_pkey" PRIMARY KEY ("app_id", "mode", "user_ref");

-- AlterTable
ALTER TABLE "chat_usage" DROP CONSTRAINT "chat_usage_pkey",
ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'live',
ADD CONSTRAINT "chat_usage_pkey" PRIMARY KEY ("app_id", "mode", "user_ref", "month");

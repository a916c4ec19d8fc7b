-- CreateTable
CREATE TABLE "runtime_sessions" (
    "id" TEXT NOT NULL,
    "world_id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "user_ref" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "play_seconds" INTEGER NOT NULL DEFAULT 0,
    "chat_seconds" INTEGER NOT NULL DEFAULT 0,
    "last_heartbeat_at" TIMESTAMPTZ(3),
    "last_turn_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "runtime_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "character_turns" (
    "seq" BIGSERIAL NOT NULL,
    "character_id" UUID NOT NULL,
    "session_id" TEXT NOT NULL,
    "user_ref" TEXT,
    "role" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "stance" TEXT,
    "emotion" TEXT,
    "affect" JSONB,
    "action" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "character_turns_pkey" PRIMARY KEY ("seq")
);

-- CreateTable
CREATE TABLE "chat_accounts" (
    "app_id" UUID NOT NULL,
    "user_ref" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "credit_seconds" INTEGER NOT NULL DEFAULT 0,
    "free_seconds_used" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_accounts_pkey" PRIMARY KEY ("app_id","user_ref")
);

-- CreateTable
CREATE TABLE "chat_usage" (
    "app_id" UUID NOT NULL,
    "user_ref" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "seconds" INTEGER NOT NULL DEFAULT 0,
    "plan_seconds" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "chat_usage_pkey" PRIMARY KEY ("app_id","user_ref","month")
);

-- CreateIndex
CREATE INDEX "runtime_sessions_world_id_created_at_idx" ON "runtime_sessions"("world_id", "created_at");

-- CreateIndex
CREATE INDEX "character_turns_character_id_user_ref_seq_idx" ON "character_turns"("character_id", "user_ref", "seq");

-- CreateIndex
CREATE INDEX "character_turns_character_id_session_id_seq_idx" ON "character_turns"("character_id", "session_id", "seq");

-- AddForeignKey
ALTER TABLE "runtime_sessions" ADD CONSTRAINT "runtime_sessions_world_id_fkey" FOREIGN KEY ("world_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "character_turns" ADD CONSTRAINT "character_turns_character_id_fkey" FOREIGN KEY ("character_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_accounts" ADD CONSTRAINT "chat_accounts_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_usage" ADD CONSTRAINT "chat_usage_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "runtime_usage" (
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "metric" TEXT NOT NULL,
    "world_id" UUID NOT NULL,
    "seconds" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "runtime_usage_pkey" PRIMARY KEY ("app_id","mode","day","metric","world_id")
);

-- AddForeignKey
ALTER TABLE "runtime_usage" ADD CONSTRAINT "runtime_usage_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill from the sessions so far: each session's seconds on the UTC day it started (the
-- sessions table keeps no finer record; docs/usage.md).
INSERT INTO "runtime_usage" ("app_id", "mode", "day", "metric", "world_id", "seconds")
SELECT "app_id", "mode", ("created_at" AT TIME ZONE 'UTC')::date, 'session_seconds', "world_id", SUM("play_seconds")
FROM "runtime_sessions" WHERE "play_seconds" > 0
GROUP BY 1, 2, 3, 5;

INSERT INTO "runtime_usage" ("app_id", "mode", "day", "metric", "world_id", "seconds")
SELECT "app_id", "mode", ("created_at" AT TIME ZONE 'UTC')::date, 'chat_seconds', "world_id", SUM("chat_seconds")
FROM "runtime_sessions" WHERE "chat_seconds" > 0
GROUP BY 1, 2, 3, 5;

-- CreateTable
CREATE TABLE "worlds" (
    "id" UUID NOT NULL,
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'world',
    "slug" TEXT,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "cover" TEXT NOT NULL DEFAULT '',
    "visibility" TEXT NOT NULL DEFAULT 'private',
    "graph" JSON NOT NULL,
    "rev" TEXT NOT NULL,
    "session_count" INTEGER NOT NULL DEFAULT 0,
    "like_count" INTEGER NOT NULL DEFAULT 0,
    "source" TEXT NOT NULL DEFAULT 'import',
    "forked_from_id" UUID,
    "head_version_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "worlds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "world_versions" (
    "id" UUID NOT NULL,
    "world_id" UUID NOT NULL,
    "parent_id" UUID,
    "title" TEXT NOT NULL DEFAULT '',
    "graph" JSON NOT NULL,
    "rev" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "world_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "app_id" UUID NOT NULL,
    "mode" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "status" INTEGER,
    "body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("app_id","mode","key")
);

-- CreateIndex
CREATE UNIQUE INDEX "worlds_slug_key" ON "worlds"("slug");

-- CreateIndex
CREATE INDEX "worlds_app_id_mode_created_at_id_idx" ON "worlds"("app_id", "mode", "created_at" DESC, "id");

-- CreateIndex
CREATE INDEX "worlds_visibility_mode_idx" ON "worlds"("visibility", "mode");

-- CreateIndex
CREATE INDEX "world_versions_world_id_created_at_idx" ON "world_versions"("world_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");

-- AddForeignKey
ALTER TABLE "worlds" ADD CONSTRAINT "worlds_app_id_fkey" FOREIGN KEY ("app_id") REFERENCES "apps"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "world_versions" ADD CONSTRAINT "world_versions_world_id_fkey" FOREIGN KEY ("world_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

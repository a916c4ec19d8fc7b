-- CreateTable
CREATE TABLE "sim_datasets" (
    "id" UUID NOT NULL,
    "world_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "phase" TEXT,
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "params" JSON NOT NULL,
    "world_rev" TEXT NOT NULL,
    "steps" INTEGER,
    "files" JSON,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sim_datasets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sim_datasets_world_id_created_at_idx" ON "sim_datasets"("world_id", "created_at");

-- AddForeignKey
ALTER TABLE "sim_datasets" ADD CONSTRAINT "sim_datasets_world_id_fkey" FOREIGN KEY ("world_id") REFERENCES "worlds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "job_functions" (
    "id" TEXT NOT NULL,
    "app_id" TEXT NOT NULL,
    "config" JSONB NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_functions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_events" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_runs" (
    "id" TEXT NOT NULL,
    "function_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "event" JSONB NOT NULL,
    "events" JSONB NOT NULL,
    "max_attempts" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "step_count" INTEGER NOT NULL DEFAULT 0,
    "discovered_count" INTEGER NOT NULL DEFAULT -1,
    "discover_at" TIMESTAMPTZ(3),
    "disable_immediate_execution" BOOLEAN NOT NULL DEFAULT false,
    "run_at" TIMESTAMPTZ(3),
    "wake" INTEGER NOT NULL DEFAULT 0,
    "locked_by" TEXT,
    "locked_until" TIMESTAMPTZ(3),
    "result" JSONB,
    "parent_run_id" TEXT,
    "parent_step_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "job_steps" (
    "run_id" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "op" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMPTZ(3),
    "seq" INTEGER,
    "result" JSONB,
    "last_error" JSONB,
    "opts" JSONB,
    "wait_event" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "job_steps_pkey" PRIMARY KEY ("run_id","id")
);

-- CreateIndex
CREATE INDEX "job_functions_app_id_idx" ON "job_functions"("app_id");

-- CreateIndex
CREATE INDEX "job_events_processed_at_received_at_idx" ON "job_events"("processed_at", "received_at");

-- CreateIndex
CREATE INDEX "job_runs_status_run_at_idx" ON "job_runs"("status", "run_at");

-- CreateIndex
CREATE INDEX "job_runs_function_id_status_idx" ON "job_runs"("function_id", "status");

-- CreateIndex
CREATE INDEX "job_runs_parent_run_id_idx" ON "job_runs"("parent_run_id");

-- CreateIndex
CREATE INDEX "job_runs_ended_at_idx" ON "job_runs"("ended_at");

-- CreateIndex
CREATE INDEX "job_steps_wait_event_status_idx" ON "job_steps"("wait_event", "status");

-- AddForeignKey
ALTER TABLE "job_steps" ADD CONSTRAINT "job_steps_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "job_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

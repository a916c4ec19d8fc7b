/**
 * Run state in the app's database (prisma/schema/jobs.prisma). Every change another party may
 * race with is an atomic conditional UPDATE: memoizing a step only while it is outstanding,
 * ending a run only while it is not yet ended.
 */
import { internalEvents } from "inngest";
import { Prisma, querySql, type Db } from "@/lib/db";
import type { JsonError } from "./protocol";
import { ulid } from "./ids";

export type Tx = Prisma.TransactionClient;

export const TERMINAL_STATUSES = ["completed", "failed", "cancelled"] as const;
export const ACTIVE_STATUSES = ["queued", "running", "sleeping", "waiting"] as const;
export const OUTSTANDING_STEP_STATUSES = ["planned", "sleeping", "waiting", "invoking"] as const;
export type RunStatus = (typeof TERMINAL_STATUSES)[number] | (typeof ACTIVE_STATUSES)[number];
export type StepResult = { data: unknown } | { error: JsonError };

/**
 * Runs one statement (`$1`, `$2`, … placeholders) and returns its rows. The statements every job
 * runs (claim, checkpoint, end) go through one of these: straight on the driver of the app's
 * database (`driverSql`), where Prisma's own work per statement would cost more than the
 * statement, or through a given Prisma client (`prismaSql`, e.g. an executor's own `db`).
 */
export type Sql = <T>(text: string, params: unknown[], name?: string) => Promise<T[]>;

/** On the driver; a named statement is planned once (lib/db `querySql`). */
export const driverSql: Sql = (text, params, name) => querySql(text, params, { name });

export function prismaSql(db: Db | Tx): Sql {
  return (text, params) => db.$queryRawUnsafe(text, ...params);
}

export function isTerminal(status: string): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** A transaction with room to wait: with PGlite every transaction queues behind the others. */
export function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(fn, { maxWait: 60_000, timeout: 60_000 });
}

export function asJson(value: unknown): Prisma.InputJsonValue {
  return (value === undefined ? null : value) as Prisma.InputJsonValue;
}

/** An Inngest event as stored and as handed to functions (SDK_SPEC 1.3.4). */
export interface StoredEvent {
  id: string;
  name: string;
  data: Record<string, unknown>;
  ts: number;
  [key: string]: unknown;
}

/** Stores events; one whose id is already stored is dropped (Inngest's event idempotency). */
export async function insertEvents(tx: Tx | Db, events: StoredEvent[], now: Date = new Date()): Promise<number> {
  if (events.length === 0) return 0;
  const { count } = await tx.jobEvent.createMany({
    data: events.map((event) => ({ id: event.id, name: event.name, payload: asJson(event), receivedAt: now })),
    skipDuplicates: true,
  });
  return count;
}

export function internalEvent(name: string, data: Record<string, unknown>, now: number = Date.now()): StoredEvent {
  return { id: ulid(now), name, data, ts: now };
}

/**
 * Memoizes an outstanding step (planned, sleeping, waiting or invoking) with its result and
 * gives it the next place on the run's stack. Returns false if the step was no longer
 * outstanding (someone else memoized it first). `outside`: the caller does not hold the run's
 * lease (an event matched a wait, an invoked run ended), so the run is made due and its holder,
 * if any, is told through `wake`.
 */
export async function memoizeStep(
  tx: Tx | Db,
  runId: string,
  stepId: string,
  result: StepResult,
  { outside, now }: { outside: boolean; now: Date },
): Promise<boolean> {
  const status = "error" in result ? "failed" : "completed";
  // One statement: take the next place on the stack, then memoize the step there if it is
  // still outstanding. (Two racing memoizers may both take a place; the loser's is a harmless
  // gap: places only order the stack.)
  const wake = outside
    ? Prisma.sql`, wake = wake + 1, run_at = CASE WHEN status IN ('completed', 'failed', 'cancelled') THEN run_at ELSE ${now}::timestamptz END`
    : Prisma.empty;
  const changed = await tx.$executeRaw`
    WITH place AS (
      UPDATE job_runs SET step_count = step_count + 1 ${wake}
      WHERE id = ${runId}
        AND EXISTS (SELECT 1 FROM job_steps WHERE run_id = ${runId} AND id = ${stepId} AND status IN ('planned', 'sleeping', 'waiting', 'invoking'))
      RETURNING step_count)
    UPDATE job_steps SET status = ${status}, result = ${JSON.stringify(result)}::jsonb, run_at = NULL, updated_at = ${now},
      seq = (SELECT step_count - 1 FROM place)
    WHERE run_id = ${runId} AND id = ${stepId} AND status IN ('planned', 'sleeping', 'waiting', 'invoking')
      AND EXISTS (SELECT 1 FROM place)`;
  return changed > 0;
}

export type RunWithSteps = Prisma.JobRunGetPayload<{ include: { steps: true } }>;
export type StepRow = RunWithSteps["steps"][number];

interface ClaimedRow {
  id: string;
  function_id: string;
  status: string;
  event: Prisma.JsonValue;
  events: Prisma.JsonValue;
  max_attempts: number;
  attempt: number;
  step_count: number;
  discovered_count: number;
  discover_at: Date | null;
  disable_immediate_execution: boolean;
  run_at: Date | null;
  wake: number;
  locked_by: string | null;
  locked_until: Date | null;
  result: Prisma.JsonValue | null;
  parent_run_id: string | null;
  parent_step_id: string | null;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  steps: StepJson[];
}

/** A job_steps row as `to_jsonb` writes it (timestamps as strings). */
interface StepJson {
  run_id: string;
  id: string;
  name: string;
  op: string;
  status: string;
  attempt: number;
  run_at: string | null;
  seq: number | null;
  result: Prisma.JsonValue | null;
  last_error: Prisma.JsonValue | null;
  opts: Prisma.JsonValue | null;
  wait_event: string | null;
  created_at: string;
  updated_at: string;
}

const instant = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

function fromClaimedRow(row: ClaimedRow): RunWithSteps {
  return {
    id: row.id,
    functionId: row.function_id,
    status: row.status,
    event: row.event,
    events: row.events,
    maxAttempts: row.max_attempts,
    attempt: row.attempt,
    stepCount: row.step_count,
    discoveredCount: row.discovered_count,
    discoverAt: instant(row.discover_at),
    disableImmediateExecution: row.disable_immediate_execution,
    runAt: instant(row.run_at),
    wake: row.wake,
    lockedBy: row.locked_by,
    lockedUntil: instant(row.locked_until),
    result: row.result,
    parentRunId: row.parent_run_id,
    parentStepId: row.parent_step_id,
    createdAt: instant(row.created_at)!,
    startedAt: instant(row.started_at),
    endedAt: instant(row.ended_at),
    steps: row.steps.map((step) => ({
      runId: step.run_id,
      id: step.id,
      name: step.name,
      op: step.op,
      status: step.status,
      attempt: step.attempt,
      runAt: instant(step.run_at),
      seq: step.seq,
      result: step.result,
      lastError: step.last_error,
      opts: step.opts,
      waitEvent: step.wait_event,
      createdAt: instant(step.created_at)!,
      updatedAt: instant(step.updated_at)!,
    })),
  };
}

/**
 * Claims up to `limit` due runs of `functionIds` for `executorId` (a lease until `until`) in one
 * atomic statement (`FOR UPDATE SKIP LOCKED`: a run goes to one claimer), and returns them with
 * their steps as they now stand, so that driving them starts without a read.
 */
export async function claimRuns(
  sql: Sql,
  executorId: string,
  functionIds: string[],
  limit: number,
  now: Date,
  until: Date,
): Promise<RunWithSteps[]> {
  const rows = await sql<ClaimedRow>(
    `UPDATE job_runs SET locked_by = $1, locked_until = $2, status = 'running', started_at = COALESCE(started_at, $3)
    WHERE id IN (
      SELECT id FROM job_runs
      WHERE status IN ('queued', 'running', 'sleeping', 'waiting') AND run_at <= $3
        AND (locked_until IS NULL OR locked_until < $3)
        AND function_id = ANY($4::text[])
      ORDER BY run_at
      LIMIT $5::int
      FOR UPDATE SKIP LOCKED)
    RETURNING job_runs.*, (SELECT COALESCE(jsonb_agg(to_jsonb(s)), '[]'::jsonb) FROM job_steps s WHERE s.run_id = job_runs.id) AS steps`,
    [executorId, until, now, functionIds, limit],
    "jobs_claim",
  );
  return rows.map(fromClaimedRow);
}

/** A step the SDK ran and checkpointed, to be stored memoized. */
export interface CheckpointedStep {
  id: string;
  name: string;
  result: StepResult;
}

/**
 * Memoizes the steps an SDK request checkpointed, in one statement, only while `executorId`
 * holds the run's lease and the run has not ended: each takes the next place on the stack (a
 * step already there keeps its result unless it was still outstanding). Returns how many places
 * were taken, or null when the lease is lost or the run ended (nothing stored: the SDK must stop).
 */
export async function storeCheckpoint(
  sql: Sql,
  runId: string,
  executorId: string,
  steps: CheckpointedStep[],
  now: Date = new Date(),
): Promise<number | null> {
  // One row per step, each result its own parameter (parsed once, as jsonb).
  const params: unknown[] = [runId, executorId, steps.length, now];
  const values = steps.map((step, i) => {
    params.push(step.id, step.name, "error" in step.result ? "failed" : "completed", JSON.stringify(step.result));
    const at = params.length - 3;
    return `(${i}, $${at}::text, $${at + 1}::text, $${at + 2}::text, $${at + 3}::jsonb)`;
  });
  const rows = await sql<{ step_count: number }>(
    `WITH place AS (
      UPDATE job_runs SET step_count = step_count + $3::int, attempt = 0, discover_at = NULL
      WHERE id = $1 AND locked_by = $2 AND status NOT IN ('completed', 'failed', 'cancelled')
      RETURNING step_count),
    stored AS (
      INSERT INTO job_steps (run_id, id, name, op, status, attempt, seq, result, created_at, updated_at)
      SELECT $1, s.id, s.name, 'StepPlanned', s.status, 0, place.step_count - $3::int + s.i, s.result, $4, $4
      FROM place, (VALUES ${values.join(", ")}) AS s(i, id, name, status, result)
      ON CONFLICT (run_id, id) DO UPDATE SET status = excluded.status, result = excluded.result, seq = excluded.seq, run_at = NULL, updated_at = excluded.updated_at
        WHERE job_steps.status IN ('planned', 'sleeping', 'waiting', 'invoking'))
    SELECT step_count FROM place`,
    params,
    `jobs_checkpoint_${steps.length}`,
  );
  return rows.length > 0 ? steps.length : null;
}

/**
 * Ends a run that has not ended yet (one statement, nothing else): its status and result, and,
 * with `releasedBy`, the lease that executor holds on it. Returns false if it had already ended.
 */
export async function endRun(
  sql: Sql,
  runId: string,
  status: (typeof TERMINAL_STATUSES)[number],
  result: StepResult,
  now: Date,
  releasedBy?: string,
): Promise<boolean> {
  const rows = await sql<{ id: string }>(
    `UPDATE job_runs SET status = $2, result = $3::jsonb, ended_at = $4, run_at = NULL,
      locked_by = CASE WHEN locked_by = $5 THEN NULL ELSE locked_by END,
      locked_until = CASE WHEN locked_by = $5 THEN NULL ELSE locked_until END
    WHERE id = $1 AND status NOT IN ('completed', 'failed', 'cancelled')
    RETURNING id`,
    [runId, status, JSON.stringify(result), now, releasedBy ?? null],
    "jobs_end",
  );
  return rows.length > 0;
}

/**
 * Gives up `executorId`'s lease on a run with its next due time and status (an ended run keeps
 * its own). If someone made the run due while it was held (`wake` moved from `wake`), it stays
 * due now. Returns the run's `run_at` as left, or undefined if the lease was not held.
 */
export async function releaseRun(
  sql: Sql,
  runId: string,
  executorId: string,
  { wake, next, status, now }: { wake: number; next: Date | null; status: string; now: Date },
): Promise<Date | null | undefined> {
  const rows = await sql<{ run_at: Date | null }>(
    `UPDATE job_runs SET locked_by = NULL, locked_until = NULL,
      status = CASE WHEN status IN ('completed', 'failed', 'cancelled') THEN status ELSE $3::text END,
      run_at = CASE WHEN status IN ('completed', 'failed', 'cancelled') THEN NULL WHEN wake = $4::int THEN $5::timestamptz ELSE $6::timestamptz END
    WHERE id = $1 AND locked_by = $2
    RETURNING run_at`,
    [runId, executorId, status, wake, next, now],
    "jobs_release",
  );
  const row = rows[0];
  return row ? (row.run_at === null ? null : new Date(row.run_at)) : undefined;
}

export interface RunHead {
  id: string;
  functionId: string;
  event: unknown;
  parentRunId: string | null;
  parentStepId: string | null;
}

/**
 * Ends a run that has not ended yet and emits what Inngest emits for it:
 * `inngest/function.failed` (which starts the function's onFailure handler) or
 * `inngest/function.cancelled` (`inngest/function.finished` is not emitted). A run started by
 * `step.invoke` hands its result to the waiting step of its parent. Returns false if the run
 * had already ended (so each of these happens once). Pass a transaction unless
 * `finishingTouchesMore` is false.
 */
export async function finishRun(
  tx: Tx | Db,
  run: RunHead,
  status: (typeof TERMINAL_STATUSES)[number],
  result: StepResult,
  now: Date = new Date(),
  { releasedBy }: { releasedBy?: string } = {},
): Promise<boolean> {
  // `releasedBy`: the lease holder ending its run gives the lease up in the same statement.
  if (!(await endRun(prismaSql(tx), run.id, status, result, now, releasedBy))) return false;
  const base = { function_id: run.functionId, run_id: run.id, event: run.event };
  if (status === "failed" && "error" in result)
    await insertEvents(tx, [internalEvent(internalEvents.FunctionFailed, { ...base, error: result.error }, now.getTime())], now);
  if (status === "cancelled") await insertEvents(tx, [internalEvent(internalEvents.FunctionCancelled, base, now.getTime())], now);
  if (run.parentRunId && run.parentStepId) {
    const handed: StepResult =
      status === "cancelled" ? { error: { name: "Error", message: `The invoked function run ${run.id} was cancelled` } } : result;
    await memoizeStep(tx, run.parentRunId, run.parentStepId, handed, { outside: true, now });
  }
  return true;
}

/** Whether ending this run writes more than its own row (then do it in a transaction). */
export function finishingTouchesMore(run: RunHead, status: (typeof TERMINAL_STATUSES)[number]): boolean {
  return status !== "completed" || Boolean(run.parentRunId);
}

export function runHead(run: {
  id: string;
  functionId: string;
  event: unknown;
  parentRunId: string | null;
  parentStepId: string | null;
}): RunHead {
  return { id: run.id, functionId: run.functionId, event: run.event, parentRunId: run.parentRunId, parentStepId: run.parentStepId };
}

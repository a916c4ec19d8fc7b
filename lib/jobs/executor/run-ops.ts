/**
 * Storing what a discovery request's answer asks for (docs/jobs.md "The local executor"): each op
 * of a 206 (a step run or failed at once, a step planned, a sleep, a wait, an invoke) becomes a
 * `job_steps` row, and the common answer "I ran the next step" is stored in one statement. The
 * run's driver (run-driver.ts) decides what is due and when; this file only writes.
 */
import { internalEvents } from "inngest";
import { Prisma, type Db } from "@/lib/db";
import { newRunRow } from "./events";
import { ulid } from "./ids";
import { toJsonError, ZFunctionConfig, type JsonError, type Op, type RouteAnswer } from "./protocol";
import { notifyExecutors } from "./registry";
import { asJson, inTransaction, memoizeStep, type RunWithSteps, type StepResult, type StepRow, type Tx } from "./store";
import { resolveInstant } from "./time";

/** What storing ops needs of the run's driver. */
export interface OpsDriver {
  readonly db: Db;
  /** The executor holding the run's lease. */
  readonly executorId: string;
  memoize(runId: string, stepId: string, result: StepResult): Promise<boolean>;
  /** A failed attempt of a step: retried later, or memoized as failed after the last attempt. */
  attemptFailed(run: RunWithSteps, stepId: string, attempt: number, error: JsonError, answer?: RouteAnswer): Promise<void>;
  complete(run: RunWithSteps, data: unknown): Promise<"ended">;
  fail(run: RunWithSteps, error: JsonError): Promise<"ended">;
}

export function unsupportedOpError(op: Op): JsonError {
  return {
    name: "NonRetriableError",
    message: `the local executor does not support ${op.op} (step ${op.displayName ?? op.id}); configure an Inngest server to use it`,
  };
}

const stepName = (op: Op): string => op.displayName ?? op.name ?? "";

interface NewStep {
  op: string;
  status: string;
  runAt: Date | null;
  opts?: unknown;
  waitEvent?: string;
}

/** Stores a step the SDK reported; false when it is already stored (a repeated request). */
async function insertStep(db: Db | Tx, runId: string, op: Op, step: NewStep): Promise<boolean> {
  const { count } = await db.jobStep.createMany({
    data: [
      {
        runId,
        id: op.id,
        name: stepName(op),
        op: step.op,
        status: step.status,
        runAt: step.runAt,
        opts: step.opts === undefined ? Prisma.DbNull : asJson(step.opts),
        waitEvent: step.waitEvent ?? null,
      },
    ],
    skipDuplicates: true,
  });
  return count > 0;
}

/** Applies one op of a discovery answer; true if the run ended. */
export async function applyOp(driver: OpsDriver, run: RunWithSteps, op: Op, answer: RouteAnswer): Promise<boolean> {
  const now = Date.now();
  const planned = (opts?: unknown) =>
    insertStep(driver.db, run.id, op, { op: "StepPlanned", status: "planned", runAt: new Date(now), opts });
  switch (op.op) {
    case "StepRun": // a step the SDK ran at once (immediate execution)
      await planned();
      await driver.memoize(run.id, op.id, { data: op.data ?? null });
      return false;
    case "StepFailed":
      await planned();
      await driver.memoize(run.id, op.id, { error: toJsonError(op.error) });
      return false;
    case "StepError":
      await planned();
      await driver.attemptFailed(run, op.id, run.attempt, toJsonError(op.error), answer);
      return false;
    case "StepPlanned":
      await planned(op.opts ?? undefined);
      return false;
    case "Sleep": {
      const until = resolveInstant(op.opts?.duration ?? op.name, now);
      if (!until) {
        await driver.fail(run, {
          name: "NonRetriableError",
          message: `invalid sleep duration ${JSON.stringify(op.opts?.duration ?? op.name)}`,
        });
        return true;
      }
      await insertStep(driver.db, run.id, op, { op: "Sleep", status: "sleeping", runAt: until });
      return false;
    }
    case "WaitForEvent": {
      const event = typeof op.opts?.event === "string" ? op.opts.event : op.name;
      const timeout = resolveInstant(op.opts?.timeout, now);
      if (!event || !timeout) {
        await driver.fail(run, {
          name: "NonRetriableError",
          message: `waitForEvent needs an event and a timeout (${op.displayName ?? op.id})`,
        });
        return true;
      }
      const opts = { if: op.opts?.if ?? null, timeout: op.opts?.timeout };
      await insertStep(driver.db, run.id, op, { op: "WaitForEvent", status: "waiting", runAt: timeout, waitEvent: event, opts });
      return false;
    }
    case "InvokeFunction":
      await invoke(driver.db, run, op);
      return false;
    case "RunComplete":
      await driver.complete(run, op.data);
      return true;
    default:
      await driver.fail(run, unsupportedOpError(op));
      return true;
  }
}

/** step.invoke: a child run of the target function; its end memoizes this step (store.finishRun). */
async function invoke(db: Db, run: RunWithSteps, op: Op): Promise<void> {
  const now = new Date();
  const functionId = typeof op.opts?.function_id === "string" ? op.opts.function_id : "";
  const payload = (op.opts?.payload ?? {}) as { data?: Record<string, unknown>; v?: string };
  const timeout = resolveInstant(op.opts?.timeout, now.getTime()) ?? null;
  await inTransaction(db, async (tx) => {
    const step = { op: "InvokeFunction", status: "invoking", runAt: timeout, opts: { function_id: functionId } };
    if (!(await insertStep(tx, run.id, op, step))) return;
    const target = await tx.jobFunction.findUnique({ where: { id: functionId } });
    const config = target ? ZFunctionConfig.safeParse(target.config) : undefined;
    if (!config?.success) {
      const error = { name: "Error", message: `could not find function ${functionId} to invoke` };
      await memoizeStep(tx, run.id, op.id, { error }, { outside: false, now });
      return;
    }
    const event = {
      id: ulid(now.getTime()),
      name: internalEvents.FunctionInvoked,
      data: payload.data ?? {},
      ts: now.getTime(),
      ...(payload.v ? { v: payload.v } : {}),
    };
    await tx.jobRun.create({ data: newRunRow({ id: functionId, config: config.data }, event, now, { runId: run.id, stepId: op.id }) });
  });
  notifyExecutors();
}

/**
 * The common answer "I ran the next step, here is its result" in one statement: the step is
 * stored memoized at the next place on the stack and the discovery is recorded, and the run
 * as it now stands is returned so the next request needs no read. Anything unusual (the lease
 * lost, the run ended or woken from outside, the step already there) takes the general path.
 */
export async function memoizeImmediate(driver: OpsDriver, run: RunWithSteps, op: Op, seen: number): Promise<RunWithSteps | void> {
  const now = new Date();
  const result: StepResult = { data: op.data ?? null };
  const name = stepName(op);
  const rows = await driver.db.$queryRaw<{ step_count: number; wake: number; seq: number | null }[]>`
    WITH place AS (
      UPDATE job_runs SET step_count = step_count + 1, discovered_count = ${seen}, attempt = 0, discover_at = NULL
      WHERE id = ${run.id} AND locked_by = ${driver.executorId} AND status NOT IN ('completed', 'failed', 'cancelled')
      RETURNING step_count, wake),
    stored AS (
      INSERT INTO job_steps (run_id, id, name, op, status, attempt, seq, result, created_at, updated_at)
      SELECT ${run.id}, ${op.id}, ${name}, 'StepPlanned', 'completed', 0, step_count - 1, ${JSON.stringify(result)}::jsonb, ${now}, ${now} FROM place
      ON CONFLICT (run_id, id) DO NOTHING
      RETURNING seq)
    SELECT place.step_count, place.wake, (SELECT seq FROM stored) AS seq FROM place`;
  const row = rows[0];
  if (!row) return;
  if (row.seq === null) {
    // The step was already there (a repeated request after a crash): memoize it as usual.
    await driver.memoize(run.id, op.id, result);
    return;
  }
  if (row.wake !== run.wake) return;
  const step: StepRow = {
    runId: run.id,
    id: op.id,
    name,
    op: "StepPlanned",
    status: "completed",
    attempt: 0,
    runAt: null,
    seq: row.seq,
    result: result as Prisma.JsonValue,
    lastError: null,
    opts: null,
    waitEvent: null,
    createdAt: now,
    updatedAt: now,
  };
  return { ...run, stepCount: row.step_count, discoveredCount: seen, attempt: 0, discoverAt: null, steps: [...run.steps, step] };
}

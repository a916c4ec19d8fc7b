/**
 * Driving one claimed run of the local executor through the serve route (Inngest's SDK protocol,
 * docs/jobs.md "The local executor"): what is due now (a planned step, a discovery request, a
 * sleep or wait that is over) is asked of the route, its answer stored (run-ops.ts, store.ts),
 * and the run released with its next `run_at`, or ended. The executor (executor.ts) claims the
 * runs and hands each to `processRun`.
 */
import { headerKeys, queryKeys } from "inngest";
import type { Db } from "@/lib/db";
import { closeDispatch, openDispatch, type Dispatch } from "./dispatch";
import { ulid } from "./ids";
import { callRoute, toJsonError, ZOps, type JsonError, type RouteAnswer, type ServeRoute } from "./protocol";
import { notifyExecutors } from "./registry";
import { applyOp, memoizeImmediate, unsupportedOpError, type OpsDriver } from "./run-ops";
import {
  asJson,
  endRun,
  finishingTouchesMore,
  finishRun,
  inTransaction,
  isTerminal,
  memoizeStep,
  releaseRun,
  runHead,
  type RunHead,
  type RunWithSteps,
  type Sql,
  type StepResult,
  type StepRow,
  type TERMINAL_STATUSES,
} from "./store";
import { parseRetryAfter, retryDelayMs } from "./time";

/** What a run's driver needs of its executor. */
export interface RunDriverContext {
  /** The executor: the holder of the leases (`locked_by`) of the runs it drives. */
  readonly id: string;
  readonly route: ServeRoute;
  readonly db: Db;
  /** The statements every run makes (claim, checkpoint, end, release). */
  readonly sql: Sql;
  readonly signingKey: string;
  /** Longest wait for one answer of the route before it counts as a failed attempt. */
  readonly requestTimeoutMs: number;
  /** Retry delays: the first, doubled per retry, up to the longest. */
  readonly backoff: { baseMs: number; maxMs: number };
  /** Whether the executor serves this function (from its last sync). */
  serves(functionId: string): boolean;
  /** The executor is stopping: runs are released with their state saved. */
  isStopping(): boolean;
  /** A run was released (its slot is free), due at `runAt`. */
  released(runAt: Date | null): void;
}

/** What doing the due work of a run led to: nothing due (false), re-read it (true), the run as it now stands, or the run ended and released. */
type Advanced = boolean | RunWithSteps | "ended";

function noRetry(answer: RouteAnswer): boolean {
  return answer.headers.get(headerKeys.NoRetry) === "true";
}

/**
 * Whether the SDK may run the next step itself in a discovery request (and checkpoint it): not
 * while a step it planned is outstanding. Such a step runs by its own request (`stepId=<hash>`,
 * at its retry time); a discovery finds it unfulfilled and, allowed to, would run it early.
 * Inngest turns immediate execution off for the rest of a run once parallel steps appear
 * (`disableImmediateExecution` records that they did); here a run's discovery never overlaps its
 * step requests, so once the parallel steps are all memoized the run goes back to running its
 * sequential steps in one checkpointed request, instead of two requests (plan, then run), each
 * replaying the whole function, per step.
 */
function immediateExecution(run: RunWithSteps): boolean {
  return !run.steps.some((step) => step.status === "planned");
}

export class RunDriver implements OpsDriver {
  /** Discovery requests sent so far: names each one (`qi_id`). */
  private dispatchSeq = 0;

  constructor(private readonly context: RunDriverContext) {}

  get db(): Db {
    return this.context.db;
  }

  get executorId(): string {
    return this.context.id;
  }

  /** Drives one claimed run until it has nothing due, then releases it with its next `run_at`. */
  async processRun(claimed: RunWithSteps): Promise<void> {
    const runId = claimed.id;
    try {
      // Just claimed, or after a step the SDK ran at once: the run as it now stands is known without a read.
      let carried: RunWithSteps | undefined = claimed;
      for (;;) {
        const run = carried ?? (await this.context.db.jobRun.findUnique({ where: { id: runId }, include: { steps: true } }));
        carried = undefined;
        if (!run || run.lockedBy !== this.context.id) return; // the lease was lost; its new holder owns the run
        if (isTerminal(run.status)) return await this.release(run, null, "ended");
        if (!this.context.serves(run.functionId)) {
          await this.fail(run, { name: "Error", message: `function ${run.functionId} is not served here` });
          return;
        }
        if (this.context.isStopping()) return await this.releaseIdle(run);
        const advanced = await this.advance(run);
        if (advanced === "ended") return; // ended and released in one statement: nothing to re-read
        if (!advanced) return await this.releaseIdle(run);
        if (advanced !== true) carried = advanced;
      }
    } catch (error) {
      // Unexpected (the database): let the run be picked up again shortly.
      const retryAt = new Date(Date.now() + 5000);
      await this.context.db.$executeRaw`
        UPDATE job_runs SET locked_by = NULL, locked_until = NULL, run_at = ${retryAt}
        WHERE id = ${runId} AND locked_by = ${this.context.id} AND status NOT IN ('completed', 'failed', 'cancelled')`.catch(() => 0);
      this.context.released(retryAt);
      throw error;
    }
  }

  /** Does what is due now; false if nothing was, or the run as it now stands when that is known. */
  private async advance(run: RunWithSteps): Promise<Advanced> {
    const now = Date.now();
    let changed = false;
    for (const step of run.steps) {
      if (!step.runAt || step.runAt.getTime() > now) continue;
      if (step.status === "sleeping" || step.status === "waiting") {
        // A sleep is over, or a wait timed out: both are memoized as null (SDK_SPEC 5.3.2–3).
        changed = (await this.memoize(run.id, step.id, { data: null })) || changed;
      } else if (step.status === "invoking") {
        changed =
          (await this.memoize(run.id, step.id, {
            error: { name: "InngestInvokeTimeoutError", message: "Timed out waiting for the invoked function to complete" },
          })) || changed;
      }
    }
    if (changed) return true;
    const due = run.steps.filter((step) => step.status === "planned" && step.runAt && step.runAt.getTime() <= now);
    if (due.length > 0) {
      await Promise.all(due.map((step) => this.executeStep(run, step)));
      return true;
    }
    if (run.stepCount > run.discoveredCount && (!run.discoverAt || run.discoverAt.getTime() <= now)) {
      return await this.discover(run);
    }
    return false;
  }

  /** The call request's body: the memoized steps in stack order. */
  private requestBody(run: RunWithSteps, attempt: number, dispatch?: Dispatch) {
    const memoized = run.steps.filter((step) => step.seq !== null && step.result !== null).sort((a, b) => a.seq! - b.seq!);
    return {
      event: run.event,
      events: run.events,
      steps: Object.fromEntries(memoized.map((step) => [step.id, step.result])),
      ctx: {
        run_id: run.id,
        attempt,
        max_attempts: run.maxAttempts,
        disable_immediate_execution: !immediateExecution(run),
        use_api: false,
        stack: { stack: memoized.map((step) => step.id), current: memoized.length },
        // With these the SDK checkpoints each step it runs (POST /v1/checkpoint/{run}/async, answered
        // by lib/jobs/client.ts) and goes on with the next one in the same request.
        ...(dispatch ? { fn_id: run.functionId, qi_id: dispatch.id } : {}),
      },
    };
  }

  private call(run: RunWithSteps, stepId: string, attempt: number, dispatch?: Dispatch): Promise<RouteAnswer> {
    return callRoute(this.context.route, {
      method: "POST",
      query: { [queryKeys.FnId]: run.functionId, [queryKeys.StepId]: stepId },
      body: this.requestBody(run, attempt, dispatch),
      signingKey: this.context.signingKey,
      headers: { [headerKeys.RequestId]: ulid() },
      timeoutMs: this.context.requestTimeoutMs,
    });
  }

  private retryAt(retry: number, answer?: RouteAnswer): Date {
    const now = Date.now();
    return parseRetryAfter(answer?.headers.get(headerKeys.RetryAfter), now) ?? new Date(now + retryDelayMs(retry, this.context.backoff));
  }

  /** "Run this planned step" (`stepId=<hash>`): StepRun, StepError (retry) or StepFailed. */
  private async executeStep(run: RunWithSteps, step: StepRow): Promise<void> {
    let answer: RouteAnswer;
    try {
      answer = await this.call(run, step.id, step.attempt);
    } catch (error) {
      return this.attemptFailed(run, step.id, step.attempt, toJsonError(error));
    }
    if (answer.status === 206) {
      const ops = ZOps.safeParse(answer.json);
      const op = ops.success ? (ops.data.find((o) => o.id === step.id) ?? ops.data[0]) : undefined;
      if (op?.op === "StepRun") return void (await this.memoize(run.id, step.id, { data: op.data ?? null }));
      if (op?.op === "StepFailed") return void (await this.memoize(run.id, step.id, { error: toJsonError(op.error) }));
      if (op?.op === "StepError") return this.attemptFailed(run, step.id, step.attempt, toJsonError(op.error), answer);
      const unexpected = { name: "Error", message: `unexpected answer for step ${step.name || step.id}: ${answer.text.slice(0, 300)}` };
      return this.attemptFailed(run, step.id, step.attempt, unexpected, answer);
    }
    if (answer.status === 200) return void (await this.complete(run, answer.json)); // the function ended before reaching the step
    if (answer.status === 400 && noRetry(answer)) return void (await this.fail(run, toJsonError(answer.json)));
    const error = toJsonError(answer.json, `the serve route answered ${answer.status}`);
    return this.attemptFailed(run, step.id, step.attempt, error, answer);
  }

  /** Attempt `attempt` of a planned step failed: it is due again after its backoff, or memoized as failed after the last. */
  async attemptFailed(run: RunWithSteps, stepId: string, attempt: number, error: JsonError, answer?: RouteAnswer): Promise<void> {
    const next = attempt + 1;
    if (next >= run.maxAttempts) {
      await this.memoize(run.id, stepId, { error });
      return;
    }
    await this.context.db.jobStep.updateMany({
      where: { runId: run.id, id: stepId, status: "planned" },
      data: { attempt: next, runAt: this.retryAt(next, answer), lastError: asJson(error) },
    });
  }

  /**
   * "What comes next?" (`stepId=step`): 200 done, 206 ops, 500 retry, 400 + no-retry failed.
   * Unless steps it planned are outstanding, the request carries `fn_id` and `qi_id`, and the SDK
   * checkpoints each step it runs (dispatch.ts) and goes on with the next one: one request
   * can run every step of a run and end with a `RunComplete` op.
   */
  private async discover(run: RunWithSteps): Promise<Advanced> {
    const seen = run.stepCount;
    const dispatch = !immediateExecution(run) ? undefined : openDispatch(this.context, `${this.context.id}#${++this.dispatchSeq}`, run.id);
    let answer: RouteAnswer;
    try {
      answer = await this.call(run, "step", run.attempt, dispatch);
    } catch (error) {
      if (dispatch?.halted) return true;
      return this.retryDiscovery(run, toJsonError(error));
    } finally {
      if (dispatch) closeDispatch(dispatch);
    }
    if (dispatch?.unsupported) return this.fail(run, unsupportedOpError(dispatch.unsupported));
    // Told to stop (the lease is lost, the run ended, the executor stops): what is stored is the truth.
    if (dispatch?.halted) return true;
    const placed = dispatch?.placed ?? 0;
    if (answer.status === 200) return this.complete(run, answer.json);
    if (answer.status === 206) {
      const parsed = ZOps.safeParse(answer.json);
      if (!parsed.success)
        return this.retryDiscovery(run, { name: "Error", message: `malformed ops from the serve route: ${answer.text.slice(0, 300)}` });
      const ops = parsed.data;
      const [only] = ops;
      if (ops.length === 1 && only?.op === "RunComplete") return this.complete(run, only.data);
      if (placed === 0 && ops.length === 1 && only?.op === "StepRun") return (await memoizeImmediate(this, run, only, seen)) ?? true;
      for (const op of ops) {
        if (await applyOp(this, run, op, answer)) return "ended";
      }
      // After the ops: a crash in between repeats this request, and its ops are deduplicated. The
      // SDK has seen the steps it checkpointed.
      await this.context.db.jobRun.updateMany({
        where: { id: run.id, lockedBy: this.context.id },
        data: {
          discoveredCount: seen + placed,
          attempt: 0,
          discoverAt: null,
          disableImmediateExecution: run.disableImmediateExecution || ops.length > 1,
        },
      });
      return true;
    }
    if (answer.status === 400 && noRetry(answer)) return this.fail(run, toJsonError(answer.json));
    return this.retryDiscovery(run, toJsonError(answer.json, `the serve route answered ${answer.status}`), answer);
  }

  private async retryDiscovery(run: RunWithSteps, error: JsonError, answer?: RouteAnswer): Promise<Advanced> {
    const next = run.attempt + 1;
    if (next >= run.maxAttempts) return this.fail(run, error);
    await this.context.db.jobRun.updateMany({
      where: { id: run.id, lockedBy: this.context.id },
      data: { attempt: next, discoverAt: this.retryAt(next, answer) },
    });
    return true;
  }

  memoize(runId: string, stepId: string, result: StepResult): Promise<boolean> {
    return memoizeStep(this.context.db, runId, stepId, result, { outside: false, now: new Date() });
  }

  /** Ends the run (if it has not ended yet) and gives its lease up, in one statement when nothing else changes. */
  private async finish(run: RunHead, status: (typeof TERMINAL_STATUSES)[number], result: StepResult): Promise<"ended"> {
    let finished: boolean;
    if (!finishingTouchesMore(run, status)) finished = await endRun(this.context.sql, run.id, status, result, new Date(), this.context.id);
    else {
      finished = await inTransaction(this.context.db, (tx) =>
        finishRun(tx, run, status, result, new Date(), { releasedBy: this.context.id }),
      );
      if (finished) notifyExecutors({ events: true });
    }
    // Ended meanwhile by someone else (cancelled): the lease is still ours to give up.
    if (!finished) await releaseRun(this.context.sql, run.id, this.context.id, { wake: 0, next: null, status: "ended", now: new Date() });
    return "ended";
  }

  complete(run: RunWithSteps, data: unknown): Promise<"ended"> {
    return this.finish(runHead(run), "completed", { data: data === undefined ? null : data });
  }

  fail(run: RunWithSteps, error: JsonError): Promise<"ended"> {
    return this.finish(runHead(run), "failed", { error });
  }

  /** Releases a run with nothing due now: `run_at` becomes its earliest pending time. */
  private async releaseIdle(run: RunWithSteps): Promise<void> {
    const outstanding = run.steps.filter((step) => ["planned", "sleeping", "waiting", "invoking"].includes(step.status));
    const needsDiscovery = run.stepCount > run.discoveredCount;
    if (!needsDiscovery && outstanding.length === 0 && !this.context.isStopping()) {
      // Nothing planned, nothing awaited, nothing new to tell the SDK: it cannot progress.
      await this.fail(run, { name: "Error", message: "the run stopped making progress (no step pending and no new result)" });
      return;
    }
    const times = outstanding.map((step) => step.runAt?.getTime()).filter((t): t is number => t !== undefined);
    if (needsDiscovery) times.push(run.discoverAt?.getTime() ?? Date.now());
    const next = times.length > 0 ? new Date(Math.min(...times)) : null;
    const status =
      needsDiscovery || outstanding.some((s) => s.status === "planned")
        ? "running"
        : outstanding.some((s) => s.status === "sleeping")
          ? "sleeping"
          : "waiting";
    return this.release(run, next, status);
  }

  private async release(run: RunWithSteps, next: Date | null, status: string): Promise<void> {
    this.context.released(
      (await releaseRun(this.context.sql, run.id, this.context.id, { wake: run.wake, next, status, now: new Date() })) ?? null,
    );
  }
}

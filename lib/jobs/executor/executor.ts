/**
 * The local executor: Inngest's executor, in the app, for when no Inngest server is configured.
 * It drives a serve route over the SDK wire protocol (protocol.ts) and keeps run state in the
 * app's database (store.ts), so runs survive restarts. docs/jobs.md describes the behaviour.
 *
 * Scheduling: a pass processes pending events (events.ts), claims due runs up to the free
 * concurrency slots with one atomic `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`
 * (a lease: `locked_by`, `locked_until`, renewed by a heartbeat), and sets one timer for the
 * earliest `run_at` it does not hold. New events and finished runs wake it early.
 */
import os from "node:os";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb, getDbEngine, Prisma, type Db } from "@/lib/db";
import { log } from "@/lib/log";
import { getLocalSigningKey } from "../client";
import { processPendingEvents, newRunRow } from "./events";
import { ulid } from "./ids";
import {
  callRoute,
  syncRoute,
  toJsonError,
  ZFunctionConfig,
  ZOps,
  type FunctionConfig,
  type JsonError,
  type Op,
  type RouteAnswer,
  type ServeRoute,
} from "./protocol";
import { checkpointDispatches, notifyExecutors, runningExecutors, type CheckpointDispatch, type Wakeable, type WakeReason } from "./registry";
import {
  asJson,
  claimRuns,
  driverSql,
  endRun,
  finishingTouchesMore,
  finishRun,
  inTransaction,
  isTerminal,
  memoizeStep,
  prismaSql,
  releaseRun,
  runHead,
  storeCheckpoint,
  type CheckpointedStep,
  type RunHead,
  type RunWithSteps,
  type Sql,
  type StepResult,
  type StepRow,
  type TERMINAL_STATUSES,
} from "./store";
import { parseRetryAfter, resolveInstant, retryDelayMs } from "./time";

export interface LocalExecutorOptions {
  /** The serve route to drive (the app's is `app/api/inngest/route.ts`, handed in by the server start). */
  route: ServeRoute | (() => Promise<ServeRoute>);
  /** Default: `getDb()`. */
  db?: Db;
  /** Default: the local signing key (`getSecrets().inngestSigningKey`), the one the route checks. */
  signingKey?: string;
  /** Runs driven at once. Default `JOBS_CONCURRENCY` or 8. */
  concurrency?: number;
  /** First retry delay, doubled per retry. Default `JOBS_RETRY_BASE_MS` or 15 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 2 h. */
  retryMaxMs?: number;
  /** Lease on a claimed run, renewed every third of it. Default `JOBS_LEASE_MS` or 30 s. */
  leaseMs?: number;
  /** Longest wait for one answer of the route before it counts as a failed attempt. Default 30 min. */
  requestTimeoutMs?: number;
  /** Longest idle sleep between passes (picks up work another process created). Default 30 s. */
  idleCheckMs?: number;
  /** Ended runs and processed events older than this are deleted (hourly). Default 7 days. */
  retentionMs?: number;
  /**
   * Release, at start, leases held by executors not running in this process. Default: true on
   * the embedded database (one process owns it, so such leases are a crashed process's).
   */
  reclaimStaleLeases?: boolean;
}

/** What doing the due work of a run led to: nothing due (false), re-read it (true), the run as it now stands, or the run ended and released. */
type Advanced = boolean | RunWithSteps | "ended";

/** A discovery request in flight, as the SDK's checkpoints see it (`qi_id` names it). */
interface Dispatch extends CheckpointDispatch {
  readonly id: string;
  /** Places on the stack the checkpoints of this request took. */
  placed: number;
  /** The SDK was told to stop (409): the lease is lost, the run ended or the executor is stopping. */
  halted: boolean;
  /** An op the local executor does not support arrived in a checkpoint. */
  unsupported?: Op;
  closed: boolean;
}

/** A checkpoint's body (inngest api.js `checkpointStepsAsync`). */
const ZCheckpoint = z.object({ run_id: z.string(), steps: ZOps }).passthrough();

const UNSUPPORTED_CONFIG = ["batchEvents", "rateLimit", "throttle", "debounce", "concurrency", "idempotency", "priority", "timeouts", "singleton"] as const;
const EVENT_BATCH = 100;
const HOUR = 3_600_000;

function envNumber(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : undefined;
}

function noRetry(answer: RouteAnswer): boolean {
  return answer.headers.get("x-inngest-no-retry") === "true";
}

function unsupportedOpError(op: Op): JsonError {
  return {
    name: "NonRetriableError",
    message: `the local executor does not support ${op.op} (step ${op.displayName ?? op.id}); configure an Inngest server to use it`,
  };
}

export class LocalExecutor implements Wakeable {
  readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly options: LocalExecutorOptions;
  private readonly concurrency: number;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly leaseMs: number;
  private readonly requestTimeoutMs: number;
  private readonly idleCheckMs: number;
  private readonly retentionMs: number;
  private route!: ServeRoute;
  private db!: Db;
  /** The statements every run makes (claim, checkpoint, end, release): on the driver unless a `db` was given. */
  private sql!: Sql;
  private signingKey!: string;
  private functions = new Map<string, FunctionConfig>();
  private readonly active = new Map<string, Promise<void>>();
  /** Runs just claimed, until launched. */
  private timer: NodeJS.Timeout | undefined;
  private timerAt = Infinity;
  private heartbeat: NodeJS.Timeout | undefined;
  private passing: Promise<void> | undefined;
  private again = false;
  /** Something outside this executor's runs may have made runs due (a wake, a timer): the next pass looks. */
  private dirty = true;
  /** The last claim found fewer due runs than free slots, and nothing has changed since. */
  private drained = false;
  /** Stored events may be waiting: set by wakes that say so, by timers (other processes' events) and at start. */
  private eventsPending = true;
  private started = false;
  private stopping = false;
  private dispatchSeq = 0;
  private nextPruneAt = 0;

  constructor(options: LocalExecutorOptions) {
    this.options = options;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? envNumber("JOBS_CONCURRENCY") ?? 8));
    this.backoff = { baseMs: options.retryBaseMs ?? envNumber("JOBS_RETRY_BASE_MS") ?? 15_000, maxMs: options.retryMaxMs ?? 2 * HOUR };
    this.leaseMs = options.leaseMs ?? envNumber("JOBS_LEASE_MS") ?? 30_000;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30 * 60_000;
    this.idleCheckMs = options.idleCheckMs ?? 30_000;
    this.retentionMs = options.retentionMs ?? 7 * 24 * HOUR;
  }

  /** Function ids this executor serves (from its last sync). */
  get functionIds(): string[] {
    return [...this.functions.keys()];
  }

  /** Syncs the route, recovers stale leases, and starts scheduling. */
  async start(): Promise<void> {
    if (this.started) return;
    const route = this.options.route;
    // `serve()`'s result is itself callable: tell a route from a loader by its methods.
    this.route = "POST" in route ? route : await route();
    this.db = this.options.db ?? (await getDb());
    this.sql = this.options.db ? prismaSql(this.options.db) : driverSql;
    this.signingKey = this.options.signingKey ?? getLocalSigningKey();
    await this.sync();
    const reclaim = this.options.reclaimStaleLeases ?? (!this.options.db && (await getDbEngine()) === "pglite");
    if (reclaim) {
      const live = [this.id, ...[...runningExecutors()].map((e) => e.id)];
      const released = await this.db.$executeRaw`
        UPDATE job_runs SET locked_by = NULL, locked_until = NULL
        WHERE locked_by IS NOT NULL AND locked_by NOT IN (${Prisma.join(live)})`;
      if (released > 0) log.info("jobs: released leases of a previous process", { runs: released });
    }
    this.started = true;
    runningExecutors().add(this);
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(1000, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
    log.info("jobs: local executor started", { executor: this.id, functions: this.functionIds.length, concurrency: this.concurrency });
    this.wake();
  }

  /**
   * Stops claiming work, lets the requests in flight finish (each run is released with its
   * state saved, to be picked up by the next executor), and resolves when they have, or after
   * `timeoutMs` (their leases then expire).
   */
  async stop({ timeoutMs = 30_000 }: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    runningExecutors().delete(this);
    if (this.timer) clearTimeout(this.timer);
    const deadline = Date.now() + timeoutMs;
    const settled = async () => {
      await this.passing; // a pass in progress may still launch a run (which then stops at once)
      while (this.active.size > 0) await Promise.allSettled([...this.active.values()]);
    };
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
    if (timer) clearTimeout(timer);
    if (this.timer) clearTimeout(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.active.size > 0) log.warn("jobs: stopped with runs in flight; their leases will expire", { runs: [...this.active.keys()] });
    log.info("jobs: local executor stopped", { executor: this.id });
  }

  /** Asks for a scheduling pass now (new events, a run made due). */
  wake(reason?: WakeReason): void {
    if (reason?.events) this.eventsPending = true;
    this.dirty = true;
    this.schedule();
  }

  /**
   * A run of this executor was released (its slot is free) due at `runAt`: a pass claims it or
   * others, unless the last claim found nothing due and nothing changed since, when the timer,
   * moved earlier if needed, is enough.
   */
  private released(runAt: Date | null): void {
    if (runAt) {
      if (runAt.getTime() <= Date.now()) this.dirty = true;
      else if (runAt.getTime() < this.timerAt && this.started && !this.stopping) this.setTimer(runAt.getTime());
    }
  }

  private schedule(): void {
    if (!this.started || this.stopping) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.pass().finally(() => {
      this.passing = undefined;
      if (this.again) this.schedule(); // woken after the pass's last check
    });
  }

  /** In-band sync: learns the route's functions and records them for event matching. */
  async sync(): Promise<void> {
    const { appId, functions } = await syncRoute(this.route, this.signingKey);
    const now = new Date();
    const ids = functions.map((fn) => fn.id);
    await inTransaction(this.db, async (tx) => {
      for (const fn of functions) {
        await tx.jobFunction.upsert({ where: { id: fn.id }, create: { id: fn.id, appId, config: asJson(fn), syncedAt: now }, update: { appId, config: asJson(fn), syncedAt: now } });
      }
      await tx.jobFunction.deleteMany({ where: { appId, id: { notIn: ids } } });
    });
    this.functions = new Map(functions.map((fn) => [fn.id, fn]));
    for (const fn of functions) {
      const unsupported = UNSUPPORTED_CONFIG.filter((key) => fn[key] !== undefined && fn[key] !== null);
      const crons = fn.triggers.filter((trigger) => "cron" in trigger);
      if (unsupported.length > 0 || crons.length > 0) {
        log.warn("jobs: the local executor ignores some of this function's options", { function: fn.id, options: unsupported, cronTriggers: crons.length });
      }
    }
  }

  private async pass(): Promise<void> {
    try {
      do {
        this.again = false;
        if (this.dirty) this.drained = false;
        this.dirty = false;
        while (this.eventsPending && !this.stopping) {
          this.eventsPending = false;
          const { processed } = await processPendingEvents(this.db, { batch: EVENT_BATCH });
          if (processed === EVENT_BATCH) this.eventsPending = true; // maybe more
        }
        if (this.stopping) return;
        // Only slots freed since a claim that found nothing more: nothing to claim, the timer stands.
        if (this.drained) continue;
        const free = this.concurrency - this.active.size;
        if (free > 0 && this.functions.size > 0) {
          const claimed = await this.claim(free);
          for (const run of claimed) this.launch(run);
          this.drained = claimed.length < free;
        }
        await this.maybePrune();
        if (!this.stopping) await this.scheduleNext();
      } while (this.again && !this.stopping);
    } catch (error) {
      log.error("jobs: scheduling pass failed; retrying in 1 s", { error: error instanceof Error ? error.message : String(error) });
      this.again = false; // no hot loop on a persistent failure: the timer retries
      this.eventsPending = true;
      this.drained = false;
      if (!this.stopping) this.setTimer(Date.now() + 1000);
    }
  }

  private setTimer(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timerAt = Infinity;
      this.wake({ events: true });
    }, Math.max(0, at - Date.now()) + 2);
    this.timer.unref();
  }

  private async scheduleNext(): Promise<void> {
    const now = Date.now();
    let next = Math.min(now + this.idleCheckMs, this.nextPruneAt);
    if (this.active.size < this.concurrency && this.functions.size > 0) {
      const rows = await this.db.$queryRaw<{ next: Date | null }[]>`
        SELECT MIN(CASE WHEN locked_until IS NOT NULL AND locked_until > run_at THEN locked_until ELSE run_at END) AS next
        FROM job_runs
        WHERE status IN ('queued', 'running', 'sleeping', 'waiting') AND run_at IS NOT NULL
          AND function_id IN (${Prisma.join(this.functionIds)})
          AND (locked_by IS NULL OR locked_by <> ${this.id})`;
      const due = rows[0]?.next;
      if (due) next = Math.min(next, new Date(due).getTime());
    }
    this.setTimer(next);
  }

  /** Claims due runs (store.claimRuns), with their steps as they now stand. */
  private claim(limit: number): Promise<RunWithSteps[]> {
    const now = new Date();
    return claimRuns(this.sql, this.id, this.functionIds, limit, now, new Date(now.getTime() + this.leaseMs));
  }

  private launch(claimed: RunWithSteps): void {
    const runId = claimed.id;
    if (this.active.has(runId)) return; // re-claimed after its lease lapsed while still driven here: the driver goes on
    const work = this.processRun(claimed)
      .catch((error: unknown) => log.error("jobs: run processing failed", { runId, error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        this.active.delete(runId);
        this.schedule();
      });
    this.active.set(runId, work);
  }

  private async renewLeases(): Promise<void> {
    if (this.active.size === 0) return;
    try {
      await this.db.$executeRaw`UPDATE job_runs SET locked_until = ${new Date(Date.now() + this.leaseMs)} WHERE locked_by = ${this.id}`;
    } catch (error) {
      log.warn("jobs: could not renew leases", { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private async maybePrune(): Promise<void> {
    const now = Date.now();
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + HOUR;
    const before = new Date(now - this.retentionMs);
    const runs = await this.db.jobRun.deleteMany({ where: { status: { in: ["completed", "failed", "cancelled"] }, endedAt: { lt: before } } });
    const events = await this.db.jobEvent.deleteMany({ where: { processedAt: { lt: before } } });
    if (runs.count + events.count > 0) log.info("jobs: pruned old runs and events", { runs: runs.count, events: events.count });
  }

  // ---- one run ------------------------------------------------------------------------

  /** Drives one claimed run until it has nothing due, then releases it with its next `run_at`. */
  private async processRun(claimed: RunWithSteps): Promise<void> {
    const runId = claimed.id;
    try {
      // Just claimed, or after a step the SDK ran at once: the run as it now stands is known without a read.
      let carried: RunWithSteps | undefined = claimed;
      for (;;) {
        const run = carried ?? (await this.db.jobRun.findUnique({ where: { id: runId }, include: { steps: true } }));
        carried = undefined;
        if (!run || run.lockedBy !== this.id) return; // the lease was lost; its new holder owns the run
        if (isTerminal(run.status)) return await this.release(run, null, "ended");
        if (!this.functions.has(run.functionId)) {
          await this.fail(run, { name: "Error", message: `function ${run.functionId} is not served here` });
          return;
        }
        if (this.stopping) return await this.releaseIdle(run);
        const advanced = await this.advance(run);
        if (advanced === "ended") return; // ended and released in one statement: nothing to re-read
        if (!advanced) return await this.releaseIdle(run);
        if (advanced !== true) carried = advanced;
      }
    } catch (error) {
      // Unexpected (the database): let the run be picked up again shortly.
      const retryAt = new Date(Date.now() + 5000);
      await this.db.$executeRaw`
        UPDATE job_runs SET locked_by = NULL, locked_until = NULL, run_at = ${retryAt}
        WHERE id = ${runId} AND locked_by = ${this.id} AND status NOT IN ('completed', 'failed', 'cancelled')`.catch(() => 0);
      this.released(retryAt);
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
        changed = (await this.memoize(run.id, step.id, { error: { name: "InngestInvokeTimeoutError", message: "Timed out waiting for the invoked function to complete" } })) || changed;
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

  /** The Call Request body (SDK_SPEC 4.4.1): memoized steps in stack order. */
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
        disable_immediate_execution: run.disableImmediateExecution,
        use_api: false,
        stack: { stack: memoized.map((step) => step.id), current: memoized.length },
        // With these the SDK checkpoints each step it runs (POST /v1/checkpoint/{run}/async, answered
        // by lib/jobs/client.ts) and goes on with the next one in the same request.
        ...(dispatch ? { fn_id: run.functionId, qi_id: dispatch.id } : {}),
      },
    };
  }

  private call(run: RunWithSteps, stepId: string, attempt: number, dispatch?: Dispatch): Promise<RouteAnswer> {
    return callRoute(this.route, {
      method: "POST",
      query: { fnId: run.functionId, stepId },
      body: this.requestBody(run, attempt, dispatch),
      signingKey: this.signingKey,
      headers: { "x-request-id": ulid() },
      timeoutMs: this.requestTimeoutMs,
    });
  }

  private retryAt(retry: number, answer?: RouteAnswer): Date {
    const now = Date.now();
    return parseRetryAfter(answer?.headers.get("retry-after"), now) ?? new Date(now + retryDelayMs(retry, this.backoff));
  }

  /** "Run this planned step" (`stepId=<hash>`): StepRun, StepError (retry) or StepFailed. */
  private async executeStep(run: RunWithSteps, step: StepRow): Promise<void> {
    let answer: RouteAnswer;
    try {
      answer = await this.call(run, step.id, step.attempt);
    } catch (error) {
      return this.retryStep(run, step, toJsonError(error));
    }
    if (answer.status === 206) {
      const ops = ZOps.safeParse(answer.json);
      const op = ops.success ? (ops.data.find((o) => o.id === step.id) ?? ops.data[0]) : undefined;
      if (op?.op === "StepRun") return void (await this.memoize(run.id, step.id, { data: op.data ?? null }));
      if (op?.op === "StepFailed") return void (await this.memoize(run.id, step.id, { error: toJsonError(op.error) }));
      if (op?.op === "StepError") return this.retryStep(run, step, toJsonError(op.error), answer);
      return this.retryStep(run, step, { name: "Error", message: `unexpected answer for step ${step.name || step.id}: ${answer.text.slice(0, 300)}` }, answer);
    }
    if (answer.status === 200) return void (await this.complete(run, answer.json)); // the function ended before reaching the step
    if (answer.status === 400 && noRetry(answer)) return void (await this.fail(run, toJsonError(answer.json)));
    return this.retryStep(run, step, toJsonError(answer.json, `the serve route answered ${answer.status}`), answer);
  }

  private async retryStep(run: RunWithSteps, step: StepRow, error: JsonError, answer?: RouteAnswer): Promise<void> {
    const next = step.attempt + 1;
    if (next >= run.maxAttempts) {
      await this.memoize(run.id, step.id, { error });
      return;
    }
    await this.db.jobStep.updateMany({
      where: { runId: run.id, id: step.id, status: "planned" },
      data: { attempt: next, runAt: this.retryAt(next, answer), lastError: asJson(error) },
    });
  }

  /**
   * "What comes next?" (`stepId=step`): 200 done, 206 ops, 500 retry, 400 + no-retry failed.
   * Unless the run plans steps in parallel, the request carries `fn_id` and `qi_id`, and the SDK
   * checkpoints each step it runs (`checkpoint` below) and goes on with the next one: one request
   * can run every step of a run and end with a `RunComplete` op.
   */
  private async discover(run: RunWithSteps): Promise<Advanced> {
    const seen = run.stepCount;
    const dispatch = run.disableImmediateExecution ? undefined : this.openDispatch(run);
    let answer: RouteAnswer;
    try {
      answer = await this.call(run, "step", run.attempt, dispatch);
    } catch (error) {
      if (dispatch?.halted) return true;
      return this.retryDiscovery(run, toJsonError(error));
    } finally {
      if (dispatch) this.closeDispatch(dispatch);
    }
    if (dispatch?.unsupported) return this.fail(run, unsupportedOpError(dispatch.unsupported));
    // Told to stop (the lease is lost, the run ended, the executor stops): what is stored is the truth.
    if (dispatch?.halted) return true;
    const placed = dispatch?.placed ?? 0;
    if (answer.status === 200) return this.complete(run, answer.json);
    if (answer.status === 206) {
      const parsed = ZOps.safeParse(answer.json);
      if (!parsed.success) return this.retryDiscovery(run, { name: "Error", message: `malformed ops from the serve route: ${answer.text.slice(0, 300)}` });
      const ops = parsed.data;
      const [only] = ops;
      if (ops.length === 1 && only?.op === "RunComplete") return this.complete(run, only.data);
      if (placed === 0 && ops.length === 1 && only?.op === "StepRun") return (await this.memoizeImmediate(run, only, seen)) ?? true;
      for (const op of ops) {
        if (await this.applyOp(run, op, answer)) return "ended";
      }
      // After the ops: a crash in between repeats this request, and its ops are deduplicated. The
      // SDK has seen the steps it checkpointed.
      await this.db.jobRun.updateMany({
        where: { id: run.id, lockedBy: this.id },
        data: { discoveredCount: seen + placed, attempt: 0, discoverAt: null, disableImmediateExecution: run.disableImmediateExecution || ops.length > 1 },
      });
      return true;
    }
    if (answer.status === 400 && noRetry(answer)) return this.fail(run, toJsonError(answer.json));
    return this.retryDiscovery(run, toJsonError(answer.json, `the serve route answered ${answer.status}`), answer);
  }

  private openDispatch(run: RunWithSteps): Dispatch {
    const dispatch: Dispatch = {
      id: `${this.id}#${++this.dispatchSeq}`,
      runId: run.id,
      placed: 0,
      halted: false,
      closed: false,
      checkpoint: (payload) => this.checkpoint(dispatch, payload),
    };
    checkpointDispatches().set(dispatch.id, dispatch);
    return dispatch;
  }

  private closeDispatch(dispatch: Dispatch): void {
    dispatch.closed = true;
    checkpointDispatches().delete(dispatch.id);
  }

  /**
   * `POST /v1/checkpoint/{run}/async` of a discovery request in flight: the steps the SDK ran are
   * memoized in one statement while this executor holds the run's lease. 409 stops the SDK (the
   * lease is lost, the run ended or was cancelled, the request is over, or this executor is
   * stopping: then after storing the steps, so that a stop waits for no further step); 500 makes
   * it retry, then answer the executor with the steps instead.
   */
  private async checkpoint(dispatch: Dispatch, payload: unknown): Promise<{ status: number; message?: string }> {
    if (dispatch.closed || dispatch.halted) return { status: 409, message: "this request is over" };
    const parsed = ZCheckpoint.safeParse(payload);
    if (!parsed.success) return { status: 400, message: "malformed checkpoint" };
    const steps: CheckpointedStep[] = [];
    for (const op of parsed.data.steps) {
      const name = op.displayName ?? op.name ?? "";
      if (op.op === "StepRun") steps.push({ id: op.id, name, result: { data: op.data ?? null } });
      else if (op.op === "StepFailed") steps.push({ id: op.id, name, result: { error: toJsonError(op.error) } });
      else {
        dispatch.unsupported = op;
        dispatch.halted = true;
        return { status: 409, message: `the local executor does not support ${op.op}` };
      }
    }
    if (steps.length > 0) {
      let placed: number | null;
      try {
        placed = await storeCheckpoint(this.sql, dispatch.runId, this.id, steps);
      } catch (error) {
        log.warn("jobs: could not store a checkpoint", { runId: dispatch.runId, error: error instanceof Error ? error.message : String(error) });
        return { status: 500, message: "could not store the checkpoint" };
      }
      if (placed === null) {
        dispatch.halted = true;
        return { status: 409, message: "the run is no longer held by this executor" };
      }
      dispatch.placed += placed;
    }
    if (this.stopping) {
      dispatch.halted = true;
      return { status: 409, message: "the executor is stopping" };
    }
    return { status: 200 };
  }

  /**
   * The common answer "I ran the next step, here is its result" in one statement: the step is
   * stored memoized at the next place on the stack and the discovery is recorded, and the run
   * as it now stands is returned so the next request needs no read. Anything unusual (the lease
   * lost, the run ended or woken from outside, the step already there) takes the general path.
   */
  private async memoizeImmediate(run: RunWithSteps, op: Op, seen: number): Promise<RunWithSteps | void> {
    const now = new Date();
    const result: StepResult = { data: op.data ?? null };
    const name = op.displayName ?? op.name ?? "";
    const rows = await this.db.$queryRaw<{ step_count: number; wake: number; seq: number | null }[]>`
      WITH place AS (
        UPDATE job_runs SET step_count = step_count + 1, discovered_count = ${seen}, attempt = 0, discover_at = NULL
        WHERE id = ${run.id} AND locked_by = ${this.id} AND status NOT IN ('completed', 'failed', 'cancelled')
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
      await this.memoize(run.id, op.id, result);
      return;
    }
    if (row.wake !== run.wake) return;
    const step: StepRow = { runId: run.id, id: op.id, name, op: "StepPlanned", status: "completed", attempt: 0, runAt: null, seq: row.seq, result: result as Prisma.JsonValue, lastError: null, opts: null, waitEvent: null, createdAt: now, updatedAt: now };
    return { ...run, stepCount: row.step_count, discoveredCount: seen, attempt: 0, discoverAt: null, steps: [...run.steps, step] };
  }

  private async retryDiscovery(run: RunWithSteps, error: JsonError, answer?: RouteAnswer): Promise<Advanced> {
    const next = run.attempt + 1;
    if (next >= run.maxAttempts) return this.fail(run, error);
    await this.db.jobRun.updateMany({ where: { id: run.id, lockedBy: this.id }, data: { attempt: next, discoverAt: this.retryAt(next, answer) } });
    return true;
  }

  private async insertStep(runId: string, op: Op, data: { op: string; status: string; runAt: Date | null; attempt?: number; opts?: unknown; waitEvent?: string; lastError?: JsonError }): Promise<boolean> {
    const { count } = await this.db.jobStep.createMany({
      data: [
        {
          runId,
          id: op.id,
          name: op.displayName ?? op.name ?? "",
          op: data.op,
          status: data.status,
          runAt: data.runAt,
          attempt: data.attempt ?? 0,
          opts: data.opts === undefined ? Prisma.DbNull : asJson(data.opts),
          waitEvent: data.waitEvent ?? null,
          lastError: data.lastError === undefined ? Prisma.DbNull : asJson(data.lastError),
        },
      ],
      skipDuplicates: true,
    });
    return count > 0;
  }

  /** Applies one op of a discovery answer; true if the run ended. */
  private async applyOp(run: RunWithSteps, op: Op, answer: RouteAnswer): Promise<boolean> {
    const now = Date.now();
    switch (op.op) {
      case "StepRun": // a step the SDK ran at once (immediate execution)
        await this.insertStep(run.id, op, { op: "StepPlanned", status: "planned", runAt: new Date(now) });
        await this.memoize(run.id, op.id, { data: op.data ?? null });
        return false;
      case "StepFailed":
        await this.insertStep(run.id, op, { op: "StepPlanned", status: "planned", runAt: new Date(now) });
        await this.memoize(run.id, op.id, { error: toJsonError(op.error) });
        return false;
      case "StepError": {
        const error = toJsonError(op.error);
        const next = run.attempt + 1;
        await this.insertStep(run.id, op, { op: "StepPlanned", status: "planned", runAt: new Date(now) });
        if (next >= run.maxAttempts) await this.memoize(run.id, op.id, { error });
        else {
          await this.db.jobStep.updateMany({
            where: { runId: run.id, id: op.id, status: "planned" },
            data: { attempt: next, runAt: this.retryAt(next, answer), lastError: asJson(error) },
          });
        }
        return false;
      }
      case "StepPlanned":
        await this.insertStep(run.id, op, { op: "StepPlanned", status: "planned", runAt: new Date(now), opts: op.opts ?? undefined });
        return false;
      case "Sleep": {
        const until = resolveInstant(op.opts?.duration ?? op.name, now);
        if (!until) {
          await this.fail(run, { name: "NonRetriableError", message: `invalid sleep duration ${JSON.stringify(op.opts?.duration ?? op.name)}` });
          return true;
        }
        await this.insertStep(run.id, op, { op: "Sleep", status: "sleeping", runAt: until });
        return false;
      }
      case "WaitForEvent": {
        const event = typeof op.opts?.event === "string" ? op.opts.event : op.name;
        const timeout = resolveInstant(op.opts?.timeout, now);
        if (!event || !timeout) {
          await this.fail(run, { name: "NonRetriableError", message: `waitForEvent needs an event and a timeout (${op.displayName ?? op.id})` });
          return true;
        }
        await this.insertStep(run.id, op, { op: "WaitForEvent", status: "waiting", runAt: timeout, waitEvent: event, opts: { if: op.opts?.if ?? null, timeout: op.opts?.timeout } });
        return false;
      }
      case "InvokeFunction":
        await this.invoke(run, op);
        return false;
      case "RunComplete":
        await this.complete(run, op.data);
        return true;
      default:
        await this.fail(run, unsupportedOpError(op));
        return true;
    }
  }

  /** step.invoke: a child run of the target function; its end memoizes this step (store.finishRun). */
  private async invoke(run: RunWithSteps, op: Op): Promise<void> {
    const now = new Date();
    const functionId = typeof op.opts?.function_id === "string" ? op.opts.function_id : "";
    const payload = (op.opts?.payload ?? {}) as { data?: Record<string, unknown>; v?: string };
    const timeout = resolveInstant(op.opts?.timeout, now.getTime()) ?? null;
    await inTransaction(this.db, async (tx) => {
      const { count } = await tx.jobStep.createMany({
        data: [{ runId: run.id, id: op.id, name: op.displayName ?? op.name ?? "", op: "InvokeFunction", status: "invoking", runAt: timeout, opts: asJson({ function_id: functionId }) }],
        skipDuplicates: true,
      });
      if (count === 0) return;
      const target = await tx.jobFunction.findUnique({ where: { id: functionId } });
      const config = target ? ZFunctionConfig.safeParse(target.config) : undefined;
      if (!config?.success) {
        await memoizeStep(tx, run.id, op.id, { error: { name: "Error", message: `could not find function ${functionId} to invoke` } }, { outside: false, now });
        return;
      }
      const event = { id: ulid(now.getTime()), name: "inngest/function.invoked", data: payload.data ?? {}, ts: now.getTime(), ...(payload.v ? { v: payload.v } : {}) };
      await tx.jobRun.create({ data: newRunRow({ id: functionId, config: config.data }, event, now, { runId: run.id, stepId: op.id }) });
    });
    notifyExecutors();
  }

  private memoize(runId: string, stepId: string, result: StepResult): Promise<boolean> {
    return memoizeStep(this.db, runId, stepId, result, { outside: false, now: new Date() });
  }

  /** Ends the run (if it has not ended yet) and gives its lease up, in one statement when nothing else changes. */
  private async finish(run: RunHead, status: (typeof TERMINAL_STATUSES)[number], result: StepResult): Promise<"ended"> {
    let finished: boolean;
    if (!finishingTouchesMore(run, status)) finished = await endRun(this.sql, run.id, status, result, new Date(), this.id);
    else {
      finished = await inTransaction(this.db, (tx) => finishRun(tx, run, status, result, new Date(), { releasedBy: this.id }));
      if (finished) notifyExecutors({ events: true });
    }
    // Ended meanwhile by someone else (cancelled): the lease is still ours to give up.
    if (!finished) await releaseRun(this.sql, run.id, this.id, { wake: 0, next: null, status: "ended", now: new Date() });
    return "ended";
  }

  private complete(run: RunWithSteps, data: unknown): Promise<"ended"> {
    return this.finish(runHead(run), "completed", { data: data === undefined ? null : data });
  }

  private fail(run: RunWithSteps, error: JsonError): Promise<"ended"> {
    return this.finish(runHead(run), "failed", { error });
  }

  /** Releases a run with nothing due now: `run_at` becomes its earliest pending time. */
  private async releaseIdle(run: RunWithSteps): Promise<void> {
    const outstanding = run.steps.filter((step) => ["planned", "sleeping", "waiting", "invoking"].includes(step.status));
    const needsDiscovery = run.stepCount > run.discoveredCount;
    if (!needsDiscovery && outstanding.length === 0 && !this.stopping) {
      // Nothing planned, nothing awaited, nothing new to tell the SDK: it cannot progress.
      await this.fail(run, { name: "Error", message: "the run stopped making progress (no step pending and no new result)" });
      return;
    }
    const times = outstanding.map((step) => step.runAt?.getTime()).filter((t): t is number => t !== undefined);
    if (needsDiscovery) times.push(run.discoverAt?.getTime() ?? Date.now());
    const next = times.length > 0 ? new Date(Math.min(...times)) : null;
    const status = needsDiscovery || outstanding.some((s) => s.status === "planned") ? "running" : outstanding.some((s) => s.status === "sleeping") ? "sleeping" : "waiting";
    return this.release(run, next, status);
  }

  private async release(run: RunWithSteps, next: Date | null, status: string): Promise<void> {
    this.released((await releaseRun(this.sql, run.id, this.id, { wake: run.wake, next, status, now: new Date() })) ?? null);
  }
}

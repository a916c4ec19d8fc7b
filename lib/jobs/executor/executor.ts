/**
 * The local executor: Inngest's executor, in the app, for when no Inngest server is configured.
 * It drives a serve route over the SDK wire protocol (protocol.ts) and keeps run state in the
 * app's database (store.ts), so runs survive restarts. docs/jobs.md describes the behaviour.
 *
 * Scheduling: a pass processes pending events (events.ts), claims due runs up to the free
 * concurrency slots with one atomic `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`
 * (a lease: `locked_by`, `locked_until`, renewed by a heartbeat), and sets one timer for the
 * earliest `run_at` it does not hold. New events and finished runs wake it early. Each claimed
 * run is driven through the route by a RunDriver (run-driver.ts) until it is released.
 */
import os from "node:os";
import { randomUUID } from "node:crypto";
import { getDb, getDbEngine, Prisma, type Db } from "@/lib/db";
import { log } from "@/lib/log";
import { getLocalSigningKey } from "../client";
import { CronTicks } from "./cron";
import { processPendingEvents } from "./events";
import { syncRoute, type FunctionConfig, type ServeRoute } from "./protocol";
import { runningExecutors, type Wakeable, type WakeReason } from "./registry";
import { RunDriver } from "./run-driver";
import { asJson, claimRuns, driverSql, inTransaction, prismaSql, type RunWithSteps, type Sql } from "./store";

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

const UNSUPPORTED_CONFIG = [
  "batchEvents",
  "rateLimit",
  "throttle",
  "debounce",
  "concurrency",
  "idempotency",
  "priority",
  "timeouts",
  "singleton",
] as const;
const EVENT_BATCH = 100;
const HOUR = 3_600_000;

function envNumber(name: string): number | undefined {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value > 0 ? value : undefined;
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
  /** The next firing of every cron trigger of those functions (cron.ts). */
  private readonly crons = new CronTicks();
  /** Drives each claimed run through the route (run-driver.ts). */
  private driver!: RunDriver;
  /** Runs being driven, until released. */
  private readonly active = new Map<string, Promise<void>>();
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
    this.driver = new RunDriver({
      id: this.id,
      route: this.route,
      db: this.db,
      sql: this.sql,
      signingKey: this.signingKey,
      requestTimeoutMs: this.requestTimeoutMs,
      backoff: this.backoff,
      serves: (functionId) => this.functions.has(functionId),
      isStopping: () => this.stopping,
      released: (runAt) => this.released(runAt),
    });
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
        await tx.jobFunction.upsert({
          where: { id: fn.id },
          create: { id: fn.id, appId, config: asJson(fn), syncedAt: now },
          update: { appId, config: asJson(fn), syncedAt: now },
        });
      }
      await tx.jobFunction.deleteMany({ where: { appId, id: { notIn: ids } } });
    });
    this.functions = new Map(functions.map((fn) => [fn.id, fn]));
    this.crons.reset(functions);
    for (const fn of functions) {
      const unsupported = UNSUPPORTED_CONFIG.filter((key) => fn[key] !== undefined && fn[key] !== null);
      if (unsupported.length > 0)
        log.warn("jobs: the local executor ignores some of this function's options", { function: fn.id, options: unsupported });
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
        // A cron tick that came due starts its run: claim it in this pass.
        if (this.crons.nextAt <= Date.now() && (await this.crons.fire(this.db)) > 0) this.drained = false;
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
    this.timer = setTimeout(
      () => {
        this.timerAt = Infinity;
        this.wake({ events: true });
      },
      Math.max(0, at - Date.now()) + 2,
    );
    this.timer.unref();
  }

  private async scheduleNext(): Promise<void> {
    const now = Date.now();
    let next = Math.min(now + this.idleCheckMs, this.nextPruneAt, this.crons.nextAt);
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
    const work = this.driver
      .processRun(claimed)
      .catch((error: unknown) =>
        log.error("jobs: run processing failed", { runId, error: error instanceof Error ? error.message : String(error) }),
      )
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
    const runs = await this.db.jobRun.deleteMany({
      where: { status: { in: ["completed", "failed", "cancelled"] }, endedAt: { lt: before } },
    });
    const events = await this.db.jobEvent.deleteMany({ where: { processedAt: { lt: before } } });
    if (runs.count + events.count > 0) log.info("jobs: pruned old runs and events", { runs: runs.count, events: events.count });
  }
}

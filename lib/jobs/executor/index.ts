/**
 * The local executor's public API (docs/jobs.md). The server start calls `startLocalExecutor()`
 * with the app's serve route; it does nothing when an Inngest server is configured.
 */
import { getDb } from "@/lib/db";
import { log } from "@/lib/log";
import { isInngestServerConfigured } from "../client";
import { LocalExecutor, type LocalExecutorOptions } from "./executor";
import { notifyExecutors } from "./registry";
import { finishRun, inTransaction, runHead } from "./store";

export { LocalExecutor, type LocalExecutorOptions } from "./executor";
export type { ServeRoute } from "./protocol";

const KEY = Symbol.for("programmable-worlds.jobs.local-executor");
const store = globalThis as unknown as { [KEY]?: Promise<LocalExecutor | undefined> };

/**
 * Starts this process's local executor on the app's serve route (once; later calls return the
 * same one). Resolves to undefined, and starts nothing, when an Inngest server is configured:
 * then the server drives /api/inngest itself.
 */
export function startLocalExecutor(options: LocalExecutorOptions): Promise<LocalExecutor | undefined> {
  if (isInngestServerConfigured()) {
    log.info("jobs: an Inngest server is configured; the local executor stays off");
    return Promise.resolve(undefined);
  }
  store[KEY] ??= (async () => {
    const executor = new LocalExecutor(options);
    await executor.start();
    return executor;
  })().catch((error: unknown) => {
    store[KEY] = undefined;
    throw error;
  });
  return store[KEY];
}

/** Stops the executor `startLocalExecutor` started (letting requests in flight finish). */
export async function stopLocalExecutor(options?: { timeoutMs?: number }): Promise<void> {
  const current = store[KEY];
  store[KEY] = undefined;
  const executor = await current?.catch(() => undefined);
  await executor?.stop(options);
}

/**
 * Cancels a run of the local executor: a queued or sleeping run never continues, a running one
 * stops before its next step (a step already executing finishes). Emits
 * `inngest/function.cancelled`. Returns false if the run is unknown or had already ended.
 *
 * With an Inngest server, runs live there: cancel them portably with a `cancelOn` event on the
 * function (works in both modes), e.g. `cancelOn: [{ event: "x/job.cancelled", match: "data.jobId" }]`.
 */
export async function cancelRun(runId: string, reason = "cancelled"): Promise<boolean> {
  if (isInngestServerConfigured()) {
    throw new Error("cancelRun drives the local executor; with an Inngest server, cancel with a cancelOn event (docs/jobs.md)");
  }
  const db = await getDb();
  const run = await db.jobRun.findUnique({
    where: { id: runId },
    select: { id: true, functionId: true, event: true, parentRunId: true, parentStepId: true },
  });
  if (!run) return false;
  const cancelled = await inTransaction(db, (tx) =>
    finishRun(tx, runHead(run), "cancelled", { error: { name: "RunCancelledError", message: reason } }),
  );
  if (cancelled) notifyExecutors({ events: true });
  return cancelled;
}

export interface JobRunView {
  id: string;
  functionId: string;
  status: string;
  output?: unknown;
  error?: { name: string; message: string };
  attempt: number;
  createdAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  steps: { id: string; name: string; op: string; status: string; attempt: number; lastError: unknown }[];
}

/** A local run and its steps, for operators and tests; null if unknown. */
export async function getJobRun(runId: string): Promise<JobRunView | null> {
  const db = await getDb();
  const run = await db.jobRun.findUnique({ where: { id: runId }, include: { steps: { orderBy: [{ seq: "asc" }, { createdAt: "asc" }] } } });
  if (!run) return null;
  const result = (run.result ?? {}) as { data?: unknown; error?: { name: string; message: string } };
  return {
    id: run.id,
    functionId: run.functionId,
    status: run.status,
    ...("data" in result ? { output: result.data } : {}),
    ...(result.error ? { error: result.error } : {}),
    attempt: run.attempt,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    steps: run.steps.map((step) => ({
      id: step.id,
      name: step.name,
      op: step.op,
      status: step.status,
      attempt: step.attempt,
      lastError: step.lastError,
    })),
  };
}

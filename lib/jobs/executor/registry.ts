/**
 * The executors running in this process. Kept on globalThis: Next.js bundles the
 * instrumentation hook and each route separately, so module state is not shared between a
 * route that sends an event and the executor that must wake up for it.
 */
export interface WakeReason {
  /** New events were stored: process them. */
  events?: boolean;
}

export interface Wakeable {
  readonly id: string;
  wake(reason?: WakeReason): void;
}

const KEY = Symbol.for("programmable-worlds.jobs.executors");
const store = globalThis as unknown as { [KEY]?: Set<Wakeable> };

export function runningExecutors(): Set<Wakeable> {
  store[KEY] ??= new Set();
  return store[KEY];
}

/** Wakes every executor of this process (new events, runs made due). */
export function notifyExecutors(reason?: WakeReason): void {
  for (const executor of runningExecutors()) executor.wake(reason);
}

/**
 * A discovery request in flight whose steps the SDK may checkpoint (Inngest's async
 * checkpointing): the client's fetch (lib/jobs/client.ts) hands each `POST
 * /v1/checkpoint/{runId}/async` to the dispatch named by the request's `qi_id`. Kept on
 * globalThis for the same reason as the executors: the route's bundle and the executor's differ.
 */
export interface CheckpointDispatch {
  readonly runId: string;
  /** Stores the checkpointed steps; answers the HTTP status the SDK gets (409: stop this request). */
  checkpoint(payload: unknown): Promise<{ status: number; message?: string }>;
}

const DISPATCHES = Symbol.for("programmable-worlds.jobs.checkpoint-dispatches");
const dispatchStore = globalThis as unknown as { [DISPATCHES]?: Map<string, CheckpointDispatch> };

export function checkpointDispatches(): Map<string, CheckpointDispatch> {
  dispatchStore[DISPATCHES] ??= new Map();
  return dispatchStore[DISPATCHES];
}

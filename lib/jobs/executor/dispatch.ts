/**
 * A discovery request in flight and the steps the SDK checkpoints during it (Inngest's async
 * checkpointing): the request carries `qi_id` = the dispatch's id, and the client's fetch
 * (lib/jobs/client.ts, through registry.ts) hands each `POST /v1/checkpoint/{run}/async` of it to
 * `checkpoint` below, which memoizes the steps while the executor holds the run's lease.
 */
import { z } from "zod";
import { log } from "@/lib/log";
import { toJsonError, ZOps, type Op } from "./protocol";
import { checkpointDispatches, type CheckpointDispatch } from "./registry";
import { storeCheckpoint, type CheckpointedStep, type Sql } from "./store";

/** What a dispatch needs of its executor. */
export interface DispatchContext {
  /** The executor: the holder of the run's lease. */
  readonly id: string;
  /** The statements of every run (store.ts). */
  readonly sql: Sql;
  /** Whether the executor is stopping (then the SDK is told to stop after each checkpoint). */
  isStopping(): boolean;
}

/** A discovery request in flight, as the SDK's checkpoints see it (`qi_id` names it). */
export interface Dispatch extends CheckpointDispatch {
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

/** Registers a discovery request of `runId`, named `id`, for its checkpoints. */
export function openDispatch(context: DispatchContext, id: string, runId: string): Dispatch {
  const dispatch: Dispatch = {
    id,
    runId,
    placed: 0,
    halted: false,
    closed: false,
    checkpoint: (payload) => checkpoint(context, dispatch, payload),
  };
  checkpointDispatches().set(dispatch.id, dispatch);
  return dispatch;
}

/** The request is over: later checkpoints of it are refused. */
export function closeDispatch(dispatch: Dispatch): void {
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
async function checkpoint(context: DispatchContext, dispatch: Dispatch, payload: unknown): Promise<{ status: number; message?: string }> {
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
      placed = await storeCheckpoint(context.sql, dispatch.runId, context.id, steps);
    } catch (error) {
      log.warn("jobs: could not store a checkpoint", {
        runId: dispatch.runId,
        error: error instanceof Error ? error.message : String(error),
      });
      return { status: 500, message: "could not store the checkpoint" };
    }
    if (placed === null) {
      dispatch.halted = true;
      return { status: 409, message: "the run is no longer held by this executor" };
    }
    dispatch.placed += placed;
  }
  if (context.isStopping()) {
    dispatch.halted = true;
    return { status: 409, message: "the executor is stopping" };
  }
  return { status: 200 };
}

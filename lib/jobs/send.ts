import { ApiError } from "@/lib/errors";
import { inngest } from "./client";

/** What `inngest.send()` takes: an event made by a domain's event type (`someEvent.create(data)`), or several. */
export type JobEvents = Parameters<typeof inngest.send>[0];

/** How a request that could not queue its job says so, and what it undoes first. */
export interface Unqueued {
  /** The subject of the 503's detail: "The campaign", "The batch", … */
  what: string;
  /** Takes back what the request stored for the job (rows, a status flip); runs before the 503. */
  undo?: () => Promise<unknown>;
  /** What the detail says of the undo: "nothing was created". */
  undone?: string;
}

/**
 * Sends the events that start a job. When they cannot be sent (an Inngest server unreachable),
 * `undo` runs, so the request leaves nothing that no run will ever finish, and the request fails
 * with 503 `unavailable`: "<what> could not be queued (<why>); <undone>. Retry shortly."
 * Call it after the transaction that stored the job commits (docs/jobs.md "Writing a function").
 */
export async function sendOrUndo(events: JobEvents, unqueued: Unqueued): Promise<void> {
  try {
    await inngest.send(events);
  } catch (error) {
    await unqueued.undo?.();
    const undone = unqueued.undone ? `; ${unqueued.undone}` : "";
    throw new ApiError("unavailable", `${unqueued.what} could not be queued (${String(error)})${undone}. Retry shortly.`);
  }
}

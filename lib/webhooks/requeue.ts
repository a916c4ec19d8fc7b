import { getDb } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import { log } from "@/lib/log";
import { MAX_ATTEMPTS } from "./deliver";
import { deliveryRequests } from "./emit";

/** Deliveries looked at per start; more are picked up by the next start. */
const BATCH = 1_000;

/**
 * Starts the delivery runs that a crash may have lost: an event is recorded (with its pending
 * deliveries) before the run that delivers it is queued, so a process killed between the two
 * leaves a pending delivery that no run will ever attempt. At server start, every pending
 * delivery that has made no attempt in its current round (none yet, or none since its resend)
 * is queued again with the same Inngest event id as the first time, which the executor (and
 * Inngest) store once: a delivery whose run exists is not started twice.
 */
export async function requeueStrandedDeliveries(): Promise<number> {
  const db = await getDb();
  const pending = await db.webhookDelivery.findMany({
    where: { state: "pending" },
    select: { id: true, attempts: true, attemptLimit: true },
    orderBy: { createdAt: "asc" },
    take: BATCH,
  });
  const byRound = new Map<number, string[]>();
  for (const d of pending) {
    const after = d.attemptLimit - MAX_ATTEMPTS;
    if (d.attempts !== after) continue;
    byRound.set(after, [...(byRound.get(after) ?? []), d.id]);
  }
  let queued = 0;
  for (const [after, ids] of byRound) {
    await inngest.send(deliveryRequests(ids, after));
    queued += ids.length;
  }
  if (queued > 0) log.info("webhooks: queued the runs of deliveries not yet attempted", { deliveries: queued });
  return queued;
}

/**
 * Cron triggers in local mode (docs/jobs.md "Cron triggers"): each executor keeps, for every cron
 * trigger of the functions it serves, the next time it fires; when that time comes it starts the
 * function's run with Inngest's `inngest/scheduled.timer` event (`data: {cron}`). Two executors
 * (two servers on one database) fire the same tick once: the tick's event has an id derived from
 * the function, the expression and the time, and only the executor whose insert of that event
 * lands starts the run, in the same transaction.
 *
 * Expressions are read by croner: five fields (minute to weekday), an optional sixth leading
 * field of seconds, and an optional `TZ=Area/City ` prefix as Inngest writes time zones. Ticks
 * missed while no executor ran are not made up.
 */
import { createHash } from "node:crypto";
import { Cron } from "croner";
import { internalEvents } from "inngest";
import { type Db } from "@/lib/db";
import { log } from "@/lib/log";
import { newRunRow } from "./events";
import type { FunctionConfig } from "./protocol";
import { inTransaction, insertEvents, type StoredEvent } from "./store";

export const SCHEDULED_TIMER_EVENT = internalEvents.ScheduledTimer;

interface Tick {
  fn: FunctionConfig;
  cron: string;
  schedule: Cron;
  /** The next firing, ms since the epoch. */
  next: number;
}

/** `TZ=Europe/Paris 0 9 * * *` → the expression and its time zone. */
function parseCron(expression: string): Cron {
  const match = /^(?:CRON_)?TZ=(\S+)\s+(.+)$/.exec(expression.trim());
  return new Cron(match ? match[2]! : expression.trim(), { paused: true, ...(match ? { timezone: match[1]! } : {}) });
}

function nextAfter(schedule: Cron, after: number): number | undefined {
  return schedule.nextRun(new Date(after))?.getTime();
}

/** The tick's event: the same id for every executor that fires it. */
export function scheduledTimerEvent(functionId: string, cron: string, at: number): StoredEvent {
  const digest = createHash("sha256").update(`${functionId}\n${cron}\n${at}`).digest("hex").slice(0, 32);
  return { id: `cron-${digest}`, name: SCHEDULED_TIMER_EVENT, data: { cron }, ts: at };
}

/** The cron ticks of the functions an executor serves. */
export class CronTicks {
  private ticks: Tick[] = [];

  /** Learns the functions' cron triggers (after a sync); the first firing of each is after `now`. */
  reset(functions: FunctionConfig[], now = Date.now()): void {
    this.ticks = [];
    for (const fn of functions) {
      for (const trigger of fn.triggers) {
        if (!("cron" in trigger) || typeof trigger.cron !== "string") continue;
        try {
          const schedule = parseCron(trigger.cron);
          const next = nextAfter(schedule, now);
          if (next !== undefined) this.ticks.push({ fn, cron: trigger.cron, schedule, next });
        } catch (error) {
          log.warn("jobs: a cron trigger the local executor cannot read never fires", {
            function: fn.id,
            cron: trigger.cron,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  }

  /** The earliest next firing, or Infinity. */
  get nextAt(): number {
    return this.ticks.reduce((min, tick) => Math.min(min, tick.next), Infinity);
  }

  /**
   * Starts a run for every tick due by `now` (one per trigger, however many ticks were missed)
   * and moves each on. Returns how many runs this executor started.
   */
  async fire(db: Db, now = Date.now()): Promise<number> {
    let started = 0;
    for (const tick of this.ticks) {
      if (tick.next > now) continue;
      const at = tick.next;
      tick.next = nextAfter(tick.schedule, Math.max(now, at)) ?? Infinity;
      const event = scheduledTimerEvent(tick.fn.id, tick.cron, at);
      const fired = await inTransaction(db, async (tx) => {
        if ((await insertEvents(tx, [event], new Date(now))) === 0) return false; // another executor fired this tick
        await tx.jobEvent.update({ where: { id: event.id }, data: { processedAt: new Date(now) } });
        await tx.jobRun.create({ data: newRunRow({ id: tick.fn.id, config: tick.fn }, event, new Date(now)) });
        return true;
      });
      if (fired) started++;
    }
    return started;
  }
}

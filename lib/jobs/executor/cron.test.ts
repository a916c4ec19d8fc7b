import { describe, expect, it } from "vitest";
import { CronTicks, scheduledTimerEvent, SCHEDULED_TIMER_EVENT } from "./cron";
import type { FunctionConfig } from "./protocol";

const fn = (id: string, ...crons: string[]): FunctionConfig =>
  ({ id, triggers: crons.map((cron) => ({ cron })), steps: {} }) as FunctionConfig;

describe("cron ticks", () => {
  it("finds each trigger's next firing after now, time zones included", () => {
    const ticks = new CronTicks();
    const now = Date.UTC(2030, 0, 1, 12, 30); // 12:30 UTC, 13:30 in Paris
    ticks.reset([fn("app-hourly", "17 * * * *")], now);
    expect(new Date(ticks.nextAt).toISOString()).toBe("2030-01-01T13:17:00.000Z");
    ticks.reset([fn("app-morning", "TZ=Europe/Paris 0 9 * * *")], now);
    expect(new Date(ticks.nextAt).toISOString()).toBe("2030-01-02T08:00:00.000Z");
    ticks.reset([fn("app-seconds", "*/10 * * * * *"), fn("app-hourly", "17 * * * *")], now);
    expect(new Date(ticks.nextAt).toISOString()).toBe("2030-01-01T12:30:10.000Z");
  });

  it("ignores functions without cron triggers and expressions it cannot read", () => {
    const ticks = new CronTicks();
    ticks.reset(
      [{ id: "app-event", triggers: [{ event: "x/y" }], steps: {} } as FunctionConfig, fn("app-bad", "not a cron")],
      Date.UTC(2030, 0, 1),
    );
    expect(ticks.nextAt).toBe(Infinity);
  });

  it("names a tick's event the same on every executor, and differently per function, expression and time", () => {
    const at = Date.UTC(2030, 0, 1, 13, 17);
    const event = scheduledTimerEvent("app-prune", "17 * * * *", at);
    expect(event).toEqual({
      id: expect.stringMatching(/^cron-[0-9a-f]{32}$/),
      name: SCHEDULED_TIMER_EVENT,
      data: { cron: "17 * * * *" },
      ts: at,
    });
    expect(scheduledTimerEvent("app-prune", "17 * * * *", at).id).toBe(event.id);
    expect(
      new Set([
        event.id,
        scheduledTimerEvent("app-other", "17 * * * *", at).id,
        scheduledTimerEvent("app-prune", "18 * * * *", at).id,
        scheduledTimerEvent("app-prune", "17 * * * *", at + 3_600_000).id,
      ]).size,
    ).toBe(4);
  });
});

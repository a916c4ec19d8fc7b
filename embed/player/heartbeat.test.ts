import { describe, expect, it } from "vitest";
import { DEFAULT_IDLE_MS, heartbeatTiming } from "./heartbeat";

describe("heartbeatTiming", () => {
  it.each([
    ["", 15_000, DEFAULT_IDLE_MS],
    ["hb=1&idle=3", 1_000, 3_000],
    ["hb=300&idle=3600", 300_000, 3_600_000],
    ["hb=0&idle=0", 15_000, DEFAULT_IDLE_MS],
    ["hb=301&idle=3601", 15_000, DEFAULT_IDLE_MS],
    ["hb=x&idle=", 15_000, DEFAULT_IDLE_MS],
  ])("reads %j", (fragment, intervalMs, idleMs) => {
    expect(heartbeatTiming(new URLSearchParams(fragment))).toEqual({ intervalMs, idleMs });
  });
});

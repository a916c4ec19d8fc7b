import { describe, expect, it } from "vitest";
import { isOfKind, QUOTA_LABELS, secondsAxis } from "./format";

describe("usage labels", () => {
  it("writes an axis's ticks in one short, round unit, never two ('1 min 20 s' wrapped and was clipped)", () => {
    const labels = (max: number) => secondsAxis(max).ticks.map(secondsAxis(max).format);
    expect(labels(80)).toEqual(["0 s", "20 s", "40 s", "60 s", "80 s"]);
    expect(labels(200)).toEqual(["0 min", "1 min", "2 min", "3 min", "4 min"]);
    expect(labels(1500)).toEqual(["0 min", "5 min", "10 min", "15 min", "20 min", "25 min"]);
    expect(labels(9000)).toEqual(["0 h", "1 h", "2 h", "3 h"]);
    for (const max of [1, 59, 80, 119, 200, 600, 3599, 7199, 9000, 500_000, 5_000_000]) {
      const axis = secondsAxis(max);
      expect(axis.ticks[axis.ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(axis.ticks.length).toBeLessThanOrEqual(7);
      for (const t of axis.ticks) expect(axis.format(t).length).toBeLessThanOrEqual(7);
      // Labels differ from one tick to the next: no two read alike.
      expect(new Set(axis.ticks.map(axis.format)).size).toBe(axis.ticks.length);
    }
  });

  it("keeps characters out of the per-world charts, and deleted rows among worlds", () => {
    expect(isOfKind({ kind: "character" }, "world")).toBe(false);
    expect(isOfKind({ kind: "world" }, "world")).toBe(true);
    expect(isOfKind({ kind: null }, "world")).toBe(true);
    expect(isOfKind({ kind: "character" }, "character")).toBe(true);
  });

  it("names the route each quota card meters", () => {
    expect(QUOTA_LABELS.seed_frame!.meters).toContain("POST /v1/seed-frame");
    expect(QUOTA_LABELS.seed_frame!.meters).toMatch(/Not the frames painted while a world generates/);
    for (const meta of Object.values(QUOTA_LABELS)) expect(meta.meters).toMatch(/POST \/v1\//);
  });
});

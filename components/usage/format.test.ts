import { describe, expect, it } from "vitest";
import { axisSeconds, isOfKind, QUOTA_LABELS } from "./format";

describe("usage labels", () => {
  it("writes an axis's ticks in one short unit, never two ('1 min 20 s' wrapped and was clipped)", () => {
    expect([0, 40, 80].map(axisSeconds(80))).toEqual(["0 s", "40 s", "80 s"]);
    expect([0, 60, 90, 600].map(axisSeconds(600))).toEqual(["0 min", "1 min", "1.5 min", "10 min"]);
    expect([3600, 9000].map(axisSeconds(9000))).toEqual(["1 h", "2.5 h"]);
    for (const max of [80, 600, 9000, 500_000]) for (const v of [0, max / 3, max / 2, max]) expect(axisSeconds(max)(v).length).toBeLessThanOrEqual(8);
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

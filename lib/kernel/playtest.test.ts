import { describe, expect, it } from "vitest";
import { applyOps } from "./apply-ops";
import { makeLargeWorld, makeSmallWorld } from "./fixtures";
import { replayPlaytest, replayPlaytests } from "./playtest";

const path = [
  { event: "look", state: "a" },
  { event: "go", state: "b" },
  { event: "finish", state: "end" },
];

describe("play-through replay", () => {
  it("passes a path that the graph plays, overrides staying in place", () => {
    expect(replayPlaytest(makeSmallWorld(), path)).toBeNull();
  });

  it.each([
    ["a missing event", [{ op: "delete_event", from: "b", name: "finish" }], 3, /no event "finish" leaves "b"/],
    ["a deleted state on the path", [{ op: "delete_state", id: "b" }], 2, /no event "go" leaves "a"/],
    [
      "a retargeted event",
      [
        { op: "add_state", id: "c" },
        { op: "update_event", from: "a", name: "go", patch: { to: "c" } },
      ],
      2,
      /expected to be in "b".*leads to "c"/,
    ],
    ["an entrance that names no state", [{ op: "set_entrance", state: "ghost" }], 0, /entrance "ghost" names no state/],
  ] as const)("reports %s at the step where it breaks", (_, ops, step, reason) => {
    const world = applyOps(makeSmallWorld(), ops as never).world;
    const broke = replayPlaytest(world, path);
    expect(broke?.step).toBe(step);
    expect(broke?.reason).toMatch(reason);
  });

  it("reports every failing play-through by id and name and counts the others", () => {
    const world = applyOps(makeSmallWorld(), [{ op: "delete_event", from: "b", name: "finish" }]).world;
    const report = replayPlaytests(world, [
      { playtestId: "p1", name: "whole", steps: path },
      { playtestId: "p2", name: "first step", steps: path.slice(0, 2) },
    ]);
    expect(report).toEqual({ passed: 1, failed: [{ playtestId: "p1", name: "whole", step: 3, reason: 'no event "finish" leaves "b"' }] });
    expect(replayPlaytests(world, [])).toEqual({ passed: 0, failed: [] });
  });

  it("walks long paths on a maximal world", () => {
    const world = makeLargeWorld();
    const steps = Array.from({ length: 40 }, (_, i) => ({ event: "onward", state: `state-${i + 1}` }));
    expect(replayPlaytest(world, steps)).toBeNull();
    expect(replayPlaytest(world, [...steps.slice(0, 39), { event: "onward", state: "state-7" }])?.step).toBe(40);
  });
});

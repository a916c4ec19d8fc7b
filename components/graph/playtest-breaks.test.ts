import { describe, expect, it } from "vitest";
import { applyOps } from "@/lib/kernel";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { brokenPlaytests } from "./playtest-breaks";

const walk = {
  playtestId: "p1",
  name: "To the end",
  steps: [
    { event: "look", state: "a" },
    { event: "go", state: "b" },
    { event: "finish", state: "end" },
  ],
};

describe("brokenPlaytests", () => {
  it("is empty while every play-through plays", () => {
    expect(brokenPlaytests(makeSmallWorld(), [walk])).toEqual([]);
  });

  it("points at the state the player was in when the taken event is gone", () => {
    const world = applyOps(makeSmallWorld(), [{ op: "delete_state", id: "b" }]).world;
    expect(brokenPlaytests(world, [walk])).toEqual([
      { playtestId: "p1", name: "To the end", step: 2, reason: 'no event "go" leaves "a"', at: "a", event: null, expectedEvent: "go" },
    ]);
  });

  it("points at the event when it still leaves but leads elsewhere", () => {
    const world = applyOps(makeSmallWorld(), [{ op: "update_event", from: "b", name: "finish", patch: { to: "a" } }]).world;
    const [broken] = brokenPlaytests(world, [walk]);
    expect(broken).toMatchObject({ step: 3, at: "b", event: "finish" });
  });

  it("points at the entrance when it names no state", () => {
    const world = makeSmallWorld();
    const [broken] = brokenPlaytests({ ...world, entrance: { ...world.entrance, state: "gone" } }, [walk]);
    expect(broken).toMatchObject({ step: 0, at: null, event: null });
  });
});

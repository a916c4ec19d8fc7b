import { describe, expect, it } from "vitest";
import { makeEvent, makeSmallWorld, makeState } from "./fixtures";
import { buildGraphIndex, getState, hasState, isEndingState, isOverride, isTransition } from "./graph-index";

describe("buildGraphIndex", () => {
  it("indexes out-edges, in-edges, endings and reachability", () => {
    const w = makeSmallWorld();
    w.scene.states.island = makeState("island");
    w.scene.events.push(makeEvent("island", "swim", "a", "1"), makeEvent("b", "ghost", "nowhere", "2"));
    const g = buildGraphIndex(w);
    expect(g.stateIds).toEqual(["a", "b", "end", "island"]);
    expect(g.outEvents.get("a")).toEqual([0, 1]);
    expect(g.outTransitions.get("a")).toEqual([0]);
    expect(g.inTransitions.get("a")).toEqual([3]);
    expect(g.inTransitions.get("nowhere")).toEqual([4]);
    expect(g.endings).toEqual(["end"]);
    expect(g.entranceValid).toBe(true);
    expect([...g.reachable].sort()).toEqual(["a", "b", "end"]);
  });

  it("reaches nothing from a missing entrance", () => {
    const w = makeSmallWorld();
    w.entrance.state = "constructor";
    const g = buildGraphIndex(w);
    expect(g.entranceValid).toBe(false);
    expect(g.reachable.size).toBe(0);
  });

  it("follows cycles once", () => {
    const w = makeSmallWorld();
    w.scene.events.push(makeEvent("b", "back", "a", "2"));
    expect([...buildGraphIndex(w).reachable].sort()).toEqual(["a", "b", "end"]);
  });
});

describe("graph helpers", () => {
  it("classify events and states", () => {
    const w = makeSmallWorld();
    const [go, look] = w.scene.events;
    expect(isTransition(go!)).toBe(true);
    expect(isOverride(look!)).toBe(true);
    expect(isEndingState(w.scene.states.end!)).toBe(true);
    expect(isEndingState(w.scene.states.a!)).toBe(false);
    expect(hasState(w, "a")).toBe(true);
    expect(hasState(w, "toString")).toBe(false);
    expect(getState(w, "valueOf")).toBeUndefined();
    expect(getState(w, "b")?.id).toBe("b");
  });
});

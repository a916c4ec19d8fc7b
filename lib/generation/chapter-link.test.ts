import { describe, expect, it } from "vitest";
import { checkWorld, type World } from "@/lib/kernel";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { endingLink, linkWinningEnding, winningEndingId } from "./chapter-link";

const next = { campaignId: "c", chapter: 2, worldId: "w2" };

function withEndings(outcomes: ("good" | "bad" | "neutral" | undefined)[]): World {
  const world = makeSmallWorld();
  const end = world.scene.states.end!;
  delete world.scene.states.end;
  world.scene.events = world.scene.events.filter((e) => e.to !== "end");
  outcomes.forEach((outcome, i) => {
    world.scene.states[`end${i}`] = {
      ...end,
      id: `end${i}`,
      ending: { isEnding: true, ...(outcome ? { outcome } : {}), title: "The end", text: "Done" },
    };
    world.scene.events.push({ from: "b", to: `end${i}`, name: `finish ${i}`, base: "x", detail: "y", hotkey: String(i + 2) });
  });
  return world;
}

describe("the chapter link", () => {
  it.each([
    [["bad", "good"], "end1"],
    [["bad", "neutral"], "end1"],
    [["bad", undefined], "end1"],
    [["bad", "bad"], "end0"],
  ] as const)("%j: the winning ending is %s", (outcomes, id) => {
    expect(winningEndingId(withEndings([...outcomes]))).toBe(id);
  });

  it("is carried by the winning ending only, survives the gate, and leaves the input alone", () => {
    const world = withEndings(["bad", "good"]);
    const linked = linkWinningEnding(world, next);
    expect(endingLink(world, "end1")).toBeUndefined();
    expect(endingLink(linked, "end1")).toEqual(next);
    expect(endingLink(linked, "end0")).toBeUndefined();
    const verdict = checkWorld(linked);
    expect(verdict.ok).toBe(true);
    expect(endingLink(verdict.world as World, "end1")).toEqual(next);
  });
});

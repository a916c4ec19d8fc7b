import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { ZCreateBatchBody } from "@/lib/shared/scenario-plan";
import {
  changeableSteps,
  checkPlan,
  clipsOf,
  errorsByClip,
  exitsOf,
  initialPlan,
  newCounterfactual,
  newVariation,
  walkPath,
  withPath,
  type PlanDraft,
} from "./plan-model";

const world = makeSmallWorld();
const plan = (over: Partial<PlanDraft> = {}): PlanDraft => ({ ...initialPlan(world), ...over });

describe("the Scenarios tab's plan", () => {
  it("walks the path as a player would, in place for an event without a target", () => {
    expect(exitsOf(world, "a").map((e) => [e.name, e.to])).toEqual([
      ["go", "b"],
      ["look", null],
    ]);
    const walk = walkPath(world, "a", ["look", "go", "finish"]);
    expect(walk).toMatchObject({ end: "end", broken: null });
    expect(walk.steps.map((s) => [s.from, s.event, s.to, s.inPlace])).toEqual([
      ["a", "look", "a", true],
      ["a", "go", "b", false],
      ["b", "finish", "end", false],
    ]);
    expect(walkPath(world, "a", ["go", "go"]).broken).toEqual({ step: 1, reason: "“b” has no event “go”" });
  });

  it("makes one clip per row, each expecting the end of its own walk, valid for the API's schema", () => {
    const p = plan({
      path: ["go"],
      visible: "fox, fox",
      absent: "dragon",
      clips: [
        newVariation({ timeOfDay: "night", weather: "rain" }),
        { ...newCounterfactual(0), to: "end", base: "The door opens on the ending" },
      ],
    });
    const clips = clipsOf(world, p);
    expect(clips).toEqual([
      {
        customId: "Night, Rain",
        kind: "variation",
        from: "a",
        path: ["go"],
        apply: { timeOfDay: "night", weather: "rain" },
        expect: { reach: "b", visible: ["fox"], absent: ["dragon"] },
      },
      {
        customId: "What if “go” led to end",
        kind: "counterfactual",
        from: "a",
        path: ["go"],
        replace: { event: "go", with: { to: "end", base: "The door opens on the ending" } },
        expect: { reach: "end", visible: ["fox"], absent: ["dragon"] },
      },
    ]);
    const check = checkPlan(world, "w1", p);
    expect(check.plan).toEqual([]);
    expect(check.byClip.size).toBe(0);
    expect(ZCreateBatchBody.parse(check.body)).toEqual(check.body);
  });

  it("names each clip's problems by its index, in words", () => {
    const p = plan({ path: ["go"], clips: [newVariation(), { ...newCounterfactual(0), to: "end" }, newVariation({ timeOfDay: "day" })] });
    const check = checkPlan(world, "w1", p);
    expect(check.body).toBeNull();
    expect(check.byClip.get(0)).toEqual(["Change: choose a weather, a time of day, a variant or a note"]);
    expect(check.byClip.get(1)).toEqual(["What happens instead: write something here"]);
    expect(check.byClip.has(2)).toBe(false);
  });

  it("refuses a counterfactual whose walk cannot go on from the new target", () => {
    const p = plan({ path: ["go", "finish"], clips: [{ ...newCounterfactual(0), to: "a", base: "back to the start" }] });
    expect(checkPlan(world, "w1", p).byClip.get(0)).toEqual(["After the change the walk cannot go on: “a” has no event “finish”."]);
  });

  it("rewrites the event wherever the walk takes it again, and offers only a name's first step", () => {
    const loop = {
      ...world,
      scene: { ...world.scene, events: [...world.scene.events, { from: "b", name: "back", to: "a", base: "", detail: "", hotkey: "2" }] },
    };
    const walk = walkPath(loop, "a", ["go", "back", "go"], { step: 0, to: "end" });
    expect(walk.broken).toEqual({ step: 1, reason: "“end” has no event “back”" });
    const stay = walkPath(loop, "a", ["go", "back", "finish"], { step: 1, to: "b" });
    expect(stay).toMatchObject({ end: "end", broken: null });
    expect(stay.steps.map((s) => [s.to, s.inPlace])).toEqual([
      ["b", false],
      ["b", false],
      ["end", false],
    ]);
    expect(changeableSteps(["go", "back", "go", "finish"])).toEqual([0, 1, 3]);
  });

  it("keeps counterfactuals when the walk shrinks, asking for a step again", () => {
    const p = withPath(plan({ path: ["go", "finish"], clips: [{ ...newCounterfactual(1), to: "a", base: "x" }] }), "a", []);
    expect(p.clips[0]).toMatchObject({ step: 0, to: "" });
    expect(checkPlan(world, "w1", p).byClip.get(0)).toContain("Pick the step of the walk this clip changes.");
  });

  it("reads the API's errors by clip", () => {
    const { byClip, other } = errorsByClip([
      "clips.2.path.1: unknown event “x”",
      "clips[0]: the counterfactual graph fails the gate: E003 x",
      'clips[1]: path[1]: no event "x" leaves "b"',
      'clips[1]: replace.with.to: "z" is no state of the world',
      "worldId: unknown world",
    ]);
    expect(byClip.get(2)).toEqual(["Walk: unknown event “x”"]);
    expect(byClip.get(0)).toEqual(["the counterfactual graph fails the gate: E003 x"]);
    expect(byClip.get(1)).toEqual(['Walk: no event "x" leaves "b"', 'Leads to instead: "z" is no state of the world']);
    expect(other).toEqual(["worldId: unknown world"]);
  });
});

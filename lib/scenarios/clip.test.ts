import { describe, expect, it } from "vitest";
import { makeEvent, makeSmallWorld, makeState } from "@/lib/kernel/fixtures";
import type { World } from "@/lib/kernel";
import { planClip, planClips, type ClipStep } from "./clip";
import { ZClipSpec, type ClipSpec } from "./requests";

/** a → b → end (transitions go, finish), the override look on a, plus a cellar reached from a, and variants. */
function world(): World {
  const w = makeSmallWorld();
  w.scene.states.cellar = makeState("cellar", { base: "A damp cellar", variants: [{ id: "flooded", base: "A flooded cellar" }] });
  w.scene.states.b = makeState("b", { variants: [{ id: "night", base: "The b room at night" }] });
  w.scene.events.push(makeEvent("a", "descend", "cellar", "2"), makeEvent("cellar", "climb", "a", "1"));
  w.scene.events.push(makeEvent("b", "wait", undefined, "w", { kind: "override" }));
  return w;
}

const clip = (raw: Record<string, unknown>): ClipSpec => ZClipSpec.parse(raw);
const states = (steps: ClipStep[]) => steps.map((s) => s.stateId);
const vias = (steps: ClipStep[]) => steps.map((s) => s.via);
const variation = (extra: Record<string, unknown>) => clip({ kind: "variation", apply: { timeOfDay: "night" }, ...extra });

describe("planClip", () => {
  it.each([
    ["an unknown from", variation({ from: "nowhere" }), /from: "nowhere" is no state/],
    [
      "a path event that does not leave the current state",
      variation({ from: "a", path: ["go", "go"] }),
      /path\[1\]: no event "go" leaves "b"/,
    ],
    ["a path event unknown everywhere", variation({ from: "a", path: ["fly"] }), /path\[0\]: no event "fly" leaves "a"/],
    [
      "an expect.reach that is no state",
      variation({ from: "a", path: ["go"], expect: { reach: "moon" } }),
      /expect\.reach: "moon" is no state/,
    ],
    [
      "a variant no state on the path has",
      variation({ from: "a", path: ["go"], apply: { variant: "flooded" } }),
      /apply\.variant: no state on the path \("a", "b"\) has a variant "flooded"/,
    ],
    [
      "a replace.event not on the path",
      clip({ kind: "counterfactual", from: "a", path: ["go"], replace: { event: "finish", with: { base: "b" } } }),
      /replace\.event: "finish" is not on the path/,
    ],
    [
      "a replace.with.to that is no state",
      clip({ kind: "counterfactual", from: "a", path: ["go"], replace: { event: "go", with: { to: "moon", base: "You fly" } } }),
      /replace\.with\.to: "moon" is no state/,
    ],
    [
      "a replaced event that does not leave the state the path is in",
      clip({ kind: "counterfactual", from: "a", path: ["finish"], replace: { event: "finish", with: { to: "b", base: "x" } } }),
      /path\[0\]: no event "finish" leaves "a"/,
    ],
    [
      "a path that no longer holds after the reroute",
      clip({
        kind: "counterfactual",
        from: "a",
        path: ["go", "finish"],
        replace: { event: "go", with: { to: "cellar", base: "The floor gives way" } },
      }),
      /path\[1\]: no event "finish" leaves "cellar"/,
    ],
  ])("refuses %s", (_name, spec, reason) => {
    const result = planClip(world(), spec);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("refuses a counterfactual graph the gate refuses, with its diagnostics", () => {
    // `wait` is marked `kind: "override"`: giving it a target breaks the event's shape (E005).
    const result = planClip(
      world(),
      clip({ kind: "counterfactual", from: "b", path: ["wait"], replace: { event: "wait", with: { to: "a", base: "The wait ends" } } }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toMatch(/fails the gate: E005 override "wait" must not carry to/);
    expect(result.diagnostics?.map((d) => [d.code, d.path])).toEqual([["E005", "scene.events[5].to"]]);
  });

  it("walks a transition path", () => {
    const result = planClip(world(), variation({ from: "a", path: ["go", "finish"], expect: { reach: "end" } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(states(result.plan.steps)).toEqual(["a", "b", "end"]);
    expect(vias(result.plan.steps)).toEqual([null, "go", "finish"]);
    expect(result.plan.steps[1]?.event?.to).toBe("b");
  });

  it("plays an override in place: the state repeats as a step", () => {
    const result = planClip(world(), variation({ from: "a", path: ["look", "go", "wait"] }));
    expect(result.ok && states(result.plan.steps)).toEqual(["a", "a", "b", "b"]);
  });

  it("a clip without a path is its one state", () => {
    const result = planClip(world(), variation({ from: "cellar", apply: { variant: "flooded" } }));
    expect(result.ok && result.plan.steps).toEqual([{ stateId: "cellar", via: null }]);
  });

  it("a variation plays in the world itself", () => {
    const w = world();
    const result = planClip(w, variation({ from: "a", path: ["go"] }));
    expect(result.ok && result.plan.world).toBe(w);
  });

  it("a counterfactual reroutes an event for the clip only", () => {
    const w = world();
    const before = JSON.stringify(w);
    const result = planClip(
      w,
      clip({
        kind: "counterfactual",
        from: "a",
        path: ["go", "climb", "go"],
        replace: { event: "go", with: { to: "cellar", base: "The floor gives way" } },
        expect: { reach: "cellar" },
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // The rewritten `go` leads to the cellar every time the clip takes it.
    expect(states(result.plan.steps)).toEqual(["a", "cellar", "a", "cellar"]);
    expect(result.plan.steps.map((s) => s.replaced === true)).toEqual([false, true, false, false]);
    expect(result.plan.steps[1]?.event?.base).toBe("The floor gives way");
    expect(result.plan.world.scene.events.find((e) => e.from === "a" && e.name === "go")?.to).toBe("cellar");
    expect(JSON.stringify(w)).toBe(before);
  });

  it("a counterfactual may rewrite only the text, and may turn an unmarked override into a transition", () => {
    const text = planClip(
      world(),
      clip({ kind: "counterfactual", from: "a", path: ["go"], replace: { event: "go", with: { base: "You tiptoe" } } }),
    );
    expect(text.ok && [states(text.plan.steps), text.plan.steps[1]?.event?.base]).toEqual([["a", "b"], "You tiptoe"]);
    const look = planClip(
      world(),
      clip({
        kind: "counterfactual",
        from: "a",
        path: ["look", "finish"],
        replace: { event: "look", with: { to: "b", base: "A door opens" } },
      }),
    );
    expect(look.ok && states(look.plan.steps)).toEqual(["a", "b", "end"]);
  });

  it("planClips names the index of the first clip it refuses", () => {
    const result = planClips(world(), [variation({ from: "a" }), variation({ from: "a", path: ["nope"] })]);
    expect(result).toMatchObject({ ok: false, index: 1, reason: 'clips[1]: path[0]: no event "nope" leaves "a"' });
    const fine = planClips(world(), [variation({ from: "a" }), variation({ from: "b" })]);
    expect(fine.ok && fine.plans.length).toBe(2);
  });
});

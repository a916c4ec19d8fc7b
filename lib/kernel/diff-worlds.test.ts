import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Event, World } from "./schema";
import { makeEvent, makeSmallWorld, makeState } from "./fixtures";
import { diffWorlds, isEmptyDiff, jsonEqual } from "./diff-worlds";

const clone = <T>(value: T): T => structuredClone(value);

function edit(world: World, change: (w: World) => void): World {
  const next = clone(world);
  change(next);
  return next;
}

describe("diffWorlds", () => {
  const base = makeSmallWorld();

  it("finds nothing between a world and its copy", () => {
    const diff = diffWorlds(base, clone(base));
    expect(isEmptyDiff(diff)).toBe(true);
    expect(diff).toEqual({
      states: { added: [], removed: [], changed: [] },
      events: { added: [], removed: [], changed: [] },
      world: [],
      total: 0,
    });
  });

  it("ignores the order of object keys", () => {
    const reordered = edit(base, (w) => {
      const a = w.scene.states.a!;
      w.scene.states.a = {
        variants: a.variants,
        ending: a.ending,
        ambient: a.ambient,
        movement: a.movement,
        camera: a.camera,
        base: a.base,
        id: a.id,
      };
    });
    expect(isEmptyDiff(diffWorlds(base, reordered))).toBe(true);
  });

  it("lists added, removed and changed states with the fields that changed", () => {
    const after = edit(base, (w) => {
      w.scene.states.cellar = makeState("cellar");
      delete w.scene.states.b;
      w.scene.states.a!.base = "A different room";
      w.scene.states.a!.ambient.push("a dripping tap");
      w.scene.states.end!.ending.outcome = "bad";
    });
    const diff = diffWorlds(base, after);
    expect(diff.states).toEqual({
      added: ["cellar"],
      removed: ["b"],
      changed: [
        { id: "a", fields: ["ambient", "base"] },
        { id: "end", fields: ["ending"] },
      ],
    });
    expect(diff.total).toBe(4);
  });

  it("treats a state property the kernel does not know like any other field", () => {
    const after = edit(base, (w) => {
      (w.scene.states.a as Record<string, unknown>).image = { src: "https://example.test/a2.png", label: "" };
    });
    expect(diffWorlds(base, after).states.changed).toEqual([{ id: "a", fields: ["image"] }]);
  });

  it("identifies events by (from, name)", () => {
    const after = edit(base, (w) => {
      const events = w.scene.events;
      // a/go retargeted and given a new hotkey; a/look removed; b/look added (same name, other state).
      events[0] = { ...events[0]!, to: "end", hotkey: "g" };
      events.splice(1, 1);
      events.push(makeEvent("b", "look", undefined, "q"));
    });
    const diff = diffWorlds(base, after);
    expect(diff.events).toEqual({
      added: [{ from: "b", name: "look" }],
      removed: [{ from: "a", name: "look" }],
      changed: [{ from: "a", name: "go", to: "end", fields: ["hotkey", "to"] }],
    });
  });

  it("sees an override turned into a transition, and a renamed event as removed plus added", () => {
    const after = edit(base, (w) => {
      const look = w.scene.events[1]!;
      look.to = "b";
      w.scene.events[2] = { ...w.scene.events[2]!, name: "wrap up" };
    });
    const diff = diffWorlds(base, after);
    expect(diff.events.changed).toEqual([{ from: "a", name: "look", to: "b", fields: ["to"] }]);
    expect(diff.events.added).toEqual([{ from: "b", name: "wrap up", to: "end" }]);
    expect(diff.events.removed).toEqual([{ from: "b", name: "finish", to: "end" }]);
  });

  it("does not count moving an event within the list as a change", () => {
    const after = edit(base, (w) => w.scene.events.reverse());
    expect(isEmptyDiff(diffWorlds(base, after))).toBe(true);
  });

  it("lists world-level fields that changed, never id or scene", () => {
    const after = edit(base, (w) => {
      w.id = "another";
      w.name = "Renamed";
      w.entrance.state = "b";
      delete w.subjectRef;
    });
    expect(diffWorlds(base, after).world).toEqual(["entrance", "name", "subjectRef"]);
  });
});

describe("jsonEqual", () => {
  it.each([
    [1, 1, true],
    ["a", "a", true],
    [null, null, true],
    [[1, [2]], [1, [2]], true],
    [{ a: 1, b: 2 }, { b: 2, a: 1 }, true],
    [{ a: 1, b: undefined }, { a: 1 }, true],
    [1, "1", false],
    [null, {}, false],
    [[1, 2], [2, 1], false],
    [[1], { 0: 1 }, false],
    [{ a: 1 }, { a: 1, b: 0 }, false],
  ])("%j vs %j → %s", (a, b, expected) => {
    expect(jsonEqual(a, b)).toBe(expected);
  });
});

describe("diffWorlds properties", () => {
  const id = fc.constantFrom("a", "b", "c", "d", "e");
  const state = fc.record({ id, base: fc.string({ maxLength: 4 }), hot: fc.boolean() });
  const event = fc.record({
    from: id,
    name: fc.constantFrom("go", "look", "run"),
    to: fc.option(id, { nil: undefined }),
    hotkey: fc.constantFrom("", "1", "2"),
  });
  const world = fc
    .record({ states: fc.array(state, { maxLength: 5 }), events: fc.array(event, { maxLength: 8 }), name: fc.constantFrom("x", "y") })
    .map(({ states, events, name }): World => {
      const w = makeSmallWorld();
      w.name = name;
      w.scene.states = Object.fromEntries(states.map((s) => [s.id, makeState(s.id, { base: s.base, ambient: s.hot ? ["hot"] : [] })]));
      w.scene.events = events.map((e): Event => makeEvent(e.from, e.name, e.to, e.hotkey));
      return w;
    });

  it("a world against itself is empty", () => {
    fc.assert(fc.property(world, (w) => isEmptyDiff(diffWorlds(w, clone(w)))));
  });

  it("swapping the sides swaps added and removed and keeps the changed ids", () => {
    fc.assert(
      fc.property(world, world, (a, b) => {
        const ab = diffWorlds(a, b);
        const ba = diffWorlds(b, a);
        expect([...ab.states.added].sort()).toEqual([...ba.states.removed].sort());
        expect(ab.events.added.map((e) => [e.from, e.name]).sort()).toEqual(ba.events.removed.map((e) => [e.from, e.name]).sort());
        expect(ab.states.changed.map((c) => c.id).sort()).toEqual(ba.states.changed.map((c) => c.id).sort());
        expect(ab.total).toBe(ba.total);
      }),
    );
  });

  it("is empty exactly when the scenes and world fields are equal", () => {
    fc.assert(
      fc.property(world, world, (a, b) => {
        const firstOf = (w: World) => {
          const seen = new Map<string, Event>();
          for (const e of w.scene.events) if (!seen.has(`${e.from}\u0000${e.name}`)) seen.set(`${e.from}\u0000${e.name}`, e);
          return seen;
        };
        const same =
          jsonEqual(a.scene.states, b.scene.states) &&
          jsonEqual(Object.fromEntries(firstOf(a)), Object.fromEntries(firstOf(b))) &&
          a.name === b.name;
        expect(isEmptyDiff(diffWorlds(a, b))).toBe(same);
      }),
    );
  });
});

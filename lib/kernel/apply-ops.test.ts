import { describe, expect, it } from "vitest";
import { applyOps } from "./apply-ops";
import { deepFreeze, makeExtendedWorld, makeSmallWorld } from "./fixtures";
import { ZOp, type Op } from "./ops";
import { parseWorld } from "./parse-world";
import type { World } from "./schema";
import { hasErrors, validateWorld } from "./validate-world";

const frozenSmall = (): World => deepFreeze(makeSmallWorld());
const run = (ops: Op[], world: World = frozenSmall()) => {
  for (const op of ops) ZOp.parse(op); // every op used here is a valid API op
  return applyOps(world, ops);
};
const lints = (w: World): string[] => validateWorld(w).map((d) => d.lint);

describe("add_state", () => {
  it("adds a state with defaults for omitted fields", () => {
    const r = run([{ op: "add_state", id: "c", base: "A cave" }]);
    expect(r.applyErrors).toEqual([]);
    expect(r.world.scene.states.c).toEqual({
      id: "c",
      base: "A cave",
      camera: { static: "", dynamic: "" },
      movement: { static: "", dynamic: "" },
      ambient: [],
      ending: { isEnding: false },
      variants: [],
    });
  });

  it("keeps every given field, including slots", () => {
    const r = run([
      {
        op: "add_state",
        id: "c",
        base: "b",
        camera: { static: "s" },
        movement: { static: "ms", dynamic: "md" },
        ambient: ["drip"],
        ending: { isEnding: true, outcome: "bad", title: "t", text: "x" },
        variants: [{ id: "v", base: "vb", weight: 2 }],
        slots: { k: "v" },
      },
    ]);
    expect(r.world.scene.states.c).toMatchObject({
      camera: { static: "s", dynamic: "" },
      ending: { isEnding: true, outcome: "bad" },
      variants: [{ id: "v", base: "vb", weight: 2 }],
      slots: { k: "v" },
    });
  });

  it("refuses an existing id", () => {
    const r = run([{ op: "add_state", id: "a" }]);
    expect(r.applyErrors).toEqual(['ops[0] (add_state): state "a" already exists']);
    expect(r.world.scene.states.a).toEqual(makeSmallWorld().scene.states.a);
  });

  it("adds states named like Object.prototype members", () => {
    const r = run([
      { op: "add_state", id: "constructor" },
      { op: "add_state", id: "toString" },
    ]);
    expect(r.applyErrors).toEqual([]);
    expect(Object.keys(r.world.scene.states)).toEqual(["a", "b", "end", "constructor", "toString"]);
  });
});

describe("update_state", () => {
  it("patches fields and merges camera, movement and ending member by member", () => {
    const r = run([
      {
        op: "update_state",
        id: "a",
        patch: { base: "New", camera: { dynamic: "crane" }, ending: { title: "T" }, ambient: ["wind"], slots: { who: "Al" } },
      },
    ]);
    expect(r.applyErrors).toEqual([]);
    expect(r.world.scene.states.a).toMatchObject({
      base: "New",
      camera: { static: "wide shot", dynamic: "crane" },
      movement: { static: "stands still" },
      ending: { isEnding: false, title: "T" },
      ambient: ["wind"],
      slots: { who: "Al" },
    });
  });

  it("removes slots and an outcome with null", () => {
    const w = run([{ op: "update_state", id: "end", patch: { slots: { a: "b" } } }]).world;
    const r = run([{ op: "update_state", id: "end", patch: { slots: null, ending: { outcome: null } } }], deepFreeze(w));
    expect(r.world.scene.states.end).not.toHaveProperty("slots");
    expect(r.world.scene.states.end?.ending).toEqual({ isEnding: true, title: "The end", text: "You made it" });
  });

  it("renames a state, keeps its position and rewrites entrance and events", () => {
    const r = run([{ op: "update_state", id: "a", patch: { id: "start" } }]);
    expect(r.applyErrors).toEqual([]);
    expect(Object.keys(r.world.scene.states)).toEqual(["start", "b", "end"]);
    expect(r.world.scene.states.start?.id).toBe("start");
    expect(r.world.entrance.state).toBe("start");
    expect(r.world.scene.events.map((e) => [e.from, e.to])).toEqual([
      ["start", "b"],
      ["start", undefined],
      ["b", "end"],
    ]);
    expect(r.notes).toEqual(['ops[0] (update_state): renamed state "a" to "start"; rewrote entrance.state and 2 event(s)']);
    expect(validateWorld(r.world)).toEqual([]);
  });

  it("rewrites incoming transitions on rename", () => {
    const r = run([{ op: "update_state", id: "end", patch: { id: "finale" } }]);
    expect(r.world.scene.events[2]).toMatchObject({ from: "b", to: "finale" });
    expect(validateWorld(r.world)).toEqual([]);
  });

  it("refuses an unknown state and a taken new id", () => {
    const r = run([
      { op: "update_state", id: "zzz", patch: { base: "x" } },
      { op: "update_state", id: "a", patch: { id: "b" } },
    ]);
    expect(r.applyErrors).toEqual(['ops[0] (update_state): no state "zzz"', 'ops[1] (update_state): state "b" already exists']);
    expect(r.world.scene.states.a?.id).toBe("a");
  });

  it("does not treat a prototype member as a state", () => {
    const r = run([{ op: "update_state", id: "constructor", patch: { base: "x" } }]);
    expect(r.applyErrors).toEqual(['ops[0] (update_state): no state "constructor"']);
  });
});

describe("delete_state", () => {
  it("removes the state and every event touching it, and says so in notes", () => {
    const r = run([{ op: "delete_state", id: "a" }]);
    expect(r.applyErrors).toEqual([]);
    expect(Object.keys(r.world.scene.states)).toEqual(["b", "end"]);
    expect(r.world.scene.events.map((e) => e.name)).toEqual(["finish"]);
    expect(r.notes).toEqual([
      'ops[0] (delete_state): deleted state "a" and 2 event(s) touching it: "go" (a→b), "look" (a)',
      'ops[0] (delete_state): deleted state "a" was the entrance; entrance.state now names no state',
    ]);
    expect(lints(r.world)).toContain("entrance-missing");
  });

  it("removes incoming transitions too", () => {
    const r = run([{ op: "delete_state", id: "b" }]);
    expect(r.world.scene.events.map((e) => e.name)).toEqual(["look"]);
  });

  it("can be followed by set_entrance in the same batch", () => {
    const r = run([
      { op: "set_entrance", state: "b" },
      { op: "delete_state", id: "a" },
    ]);
    expect(hasErrors(validateWorld(r.world))).toBe(false);
  });

  it("refuses an unknown state", () => {
    expect(run([{ op: "delete_state", id: "zzz" }]).applyErrors).toEqual(['ops[0] (delete_state): no state "zzz"']);
  });
});

describe("add_event", () => {
  it("adds a transition and an override with defaults", () => {
    const r = run([
      { op: "add_event", from: "b", to: "a", name: "back", hotkey: "2" },
      { op: "add_event", from: "b", name: "wait", base: "time passes", kind: "override" },
    ]);
    expect(r.applyErrors).toEqual([]);
    expect(r.world.scene.events.slice(3)).toEqual([
      { from: "b", to: "a", name: "back", base: "", detail: "", hotkey: "2" },
      { from: "b", name: "wait", base: "time passes", detail: "", hotkey: "", kind: "override" },
    ]);
  });

  it("refuses a duplicate (from, name)", () => {
    const r = run([{ op: "add_event", from: "a", name: "go", to: "end" }]);
    expect(r.applyErrors).toEqual(['ops[0] (add_event): event "go" from "a" already exists']);
    expect(r.world.scene.events).toHaveLength(3);
  });

  it("leaves unknown references to the gate", () => {
    const r = run([{ op: "add_event", from: "nowhere", to: "void", name: "x", base: "b", hotkey: "1" }]);
    expect(r.applyErrors).toEqual([]);
    expect(lints(r.world)).toEqual(expect.arrayContaining(["event-from-unknown", "event-to-unknown"]));
  });
});

describe("update_event", () => {
  it("patches fields of the event identified by (from, name)", () => {
    const r = run([
      { op: "update_event", from: "a", name: "go", patch: { base: "walk", detail: "slowly", hotkey: "w", kind: "transition" } },
    ]);
    expect(r.applyErrors).toEqual([]);
    expect(r.world.scene.events[0]).toEqual({
      from: "a",
      to: "b",
      name: "go",
      base: "walk",
      detail: "slowly",
      hotkey: "w",
      kind: "transition",
    });
  });

  it("turns a transition into an override with to: null and drops the marker with kind: null", () => {
    const w = run([{ op: "update_event", from: "a", name: "go", patch: { kind: "transition" } }]).world;
    const r = run([{ op: "update_event", from: "a", name: "go", patch: { to: null, kind: null } }], deepFreeze(w));
    expect(r.world.scene.events[0]).not.toHaveProperty("to");
    expect(r.world.scene.events[0]).not.toHaveProperty("kind");
  });

  it("renames and moves an event", () => {
    const r = run([{ op: "update_event", from: "a", name: "look", patch: { from: "b", name: "peek" } }]);
    expect(r.world.scene.events[1]).toMatchObject({ from: "b", name: "peek" });
  });

  it("refuses an unknown event and a taken (from, name)", () => {
    const r = run([
      { op: "update_event", from: "a", name: "nope", patch: { base: "x" } },
      { op: "update_event", from: "a", name: "look", patch: { name: "go" } },
      { op: "update_event", from: "b", name: "go", patch: { base: "x" } },
    ]);
    expect(r.applyErrors).toEqual([
      'ops[0] (update_event): no event "nope" from "a"',
      'ops[1] (update_event): event "go" from "a" already exists',
      'ops[2] (update_event): no event "go" from "b"',
    ]);
  });
});

describe("delete_event", () => {
  it("deletes the event identified by (from, name)", () => {
    const r = run([{ op: "delete_event", from: "a", name: "look" }]);
    expect(r.applyErrors).toEqual([]);
    expect(r.world.scene.events.map((e) => e.name)).toEqual(["go", "finish"]);
  });

  it("refuses an unknown event", () => {
    expect(run([{ op: "delete_event", from: "b", name: "look" }]).applyErrors).toEqual(['ops[0] (delete_event): no event "look" from "b"']);
  });
});

describe("set_entrance", () => {
  it("sets the state and merges the image", () => {
    const r = run([{ op: "set_entrance", state: "b", image: { label: "Later" } }]);
    expect(r.applyErrors).toEqual([]);
    expect(r.world.entrance).toEqual({ state: "b", image: { src: "https://example.test/a.png", label: "Later" } });
  });

  it("leaves an unknown state to the gate", () => {
    const r = run([{ op: "set_entrance", state: "nope" }]);
    expect(r.applyErrors).toEqual([]);
    expect(lints(r.world)).toEqual(["entrance-missing"]);
  });
});

describe("set_subject_ref", () => {
  it("sets the reference and keeps the descriptor when none is given", () => {
    const r = run([{ op: "set_subject_ref", imageUrl: "https://example.test/new.png" }]);
    expect(r.world.subjectRef).toEqual({ imageUrl: "https://example.test/new.png", descriptor: "a red fox" });
  });

  it("defaults the descriptor to the world's subject when there was no reference", () => {
    const w = makeSmallWorld();
    delete w.subjectRef;
    const r = run([{ op: "set_subject_ref", imageUrl: "https://example.test/new.png" }], deepFreeze(w));
    expect(r.world.subjectRef).toEqual({ imageUrl: "https://example.test/new.png", descriptor: "a fox" });
  });

  it("takes an explicit descriptor", () => {
    const r = run([{ op: "set_subject_ref", imageUrl: "https://example.test/n.png", descriptor: "a grey fox" }]);
    expect(r.world.subjectRef?.descriptor).toBe("a grey fox");
  });
});

describe("add_variant / remove_variant", () => {
  it("adds and removes a variant", () => {
    const added = run([{ op: "add_variant", state: "a", variant: { id: "night", label: "Night", base: "dark", weight: 2 } }]);
    expect(added.applyErrors).toEqual([]);
    expect(added.world.scene.states.a?.variants).toEqual([{ id: "night", label: "Night", base: "dark", weight: 2 }]);
    const removed = run([{ op: "remove_variant", state: "a", id: "night" }], deepFreeze(added.world));
    expect(removed.applyErrors).toEqual([]);
    expect(removed.world.scene.states.a?.variants).toEqual([]);
  });

  it("refuses an unknown state, a duplicate id and an unknown variant", () => {
    const r = run([
      { op: "add_variant", state: "zzz", variant: { id: "v" } },
      { op: "add_variant", state: "a", variant: { id: "v" } },
      { op: "add_variant", state: "a", variant: { id: "v" } },
      { op: "remove_variant", state: "zzz", id: "v" },
      { op: "remove_variant", state: "a", id: "w" },
    ]);
    expect(r.applyErrors).toEqual([
      'ops[0] (add_variant): no state "zzz"',
      'ops[2] (add_variant): state "a" already has variant "v"',
      'ops[3] (remove_variant): no state "zzz"',
      'ops[4] (remove_variant): state "a" has no variant "w"',
    ]);
    expect(r.world.scene.states.a?.variants).toEqual([{ id: "v" }]);
  });
});

describe("applyOps batches", () => {
  it("applies in order, skips what cannot apply and keeps going", () => {
    const r = run([
      { op: "add_state", id: "c", base: "c" },
      { op: "delete_state", id: "nope" },
      { op: "add_event", from: "c", to: "end", name: "on", base: "x", hotkey: "1" },
      { op: "update_state", id: "c", patch: { id: "cave" } },
    ]);
    expect(r.applyErrors).toEqual(['ops[1] (delete_state): no state "nope"']);
    expect(r.world.scene.events[3]).toMatchObject({ from: "cave", to: "end" });
  });

  it("returns an equal world for an empty batch and leaves the input untouched", () => {
    const input = frozenSmall();
    const before = JSON.stringify(input);
    const r = applyOps(input, []);
    expect(r.world).toEqual(input);
    expect(r.world).not.toBe(input);
    expect(JSON.stringify(input)).toBe(before);
  });

  it("reports an unparsed unknown op instead of throwing", () => {
    const r = applyOps(frozenSmall(), [{ op: "explode" } as unknown as Op]);
    expect(r.applyErrors).toEqual(["ops[0] (explode): unknown op"]);
  });
});

describe("forward compatibility", () => {
  // One op of each kind that touches the objects carrying x-* properties.
  const OPS: Op[] = [
    { op: "add_state", id: "c", base: "c" },
    { op: "update_state", id: "a", patch: { base: "A", camera: { static: "s" }, movement: { dynamic: "d" }, ending: { title: "t" } } },
    { op: "update_state", id: "b", patch: { id: "bee" } },
    { op: "delete_state", id: "c" },
    { op: "add_event", from: "a", to: "end", name: "jump", hotkey: "j" },
    { op: "update_event", from: "a", name: "go", patch: { base: "walk", to: null } },
    { op: "delete_event", from: "a", name: "jump" },
    { op: "set_entrance", state: "a", image: { label: "L" } },
    { op: "set_subject_ref", imageUrl: "https://example.test/x.png" },
    { op: "add_variant", state: "a", variant: { id: "v2" } },
    { op: "remove_variant", state: "end", id: "nope" },
  ];

  const collect = (value: unknown, out: Map<string, unknown> = new Map()): Map<string, unknown> => {
    if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) {
        if (k.startsWith("x-")) out.set(k, v);
        collect(v, out);
      }
    }
    return out;
  };

  it("keeps unknown properties through parseWorld", () => {
    const w = makeExtendedWorld();
    const parsed = parseWorld(JSON.parse(JSON.stringify(w)));
    expect(parsed.ok && parsed.world).toEqual(w);
  });

  // Each op alone, after the ops that create what it needs (those objects carry no x-* props).
  const SETUP: Partial<Record<Op["op"], Op[]>> = {
    delete_state: [{ op: "add_state", id: "c" }],
    delete_event: [{ op: "add_event", from: "a", to: "end", name: "jump", hotkey: "j" }],
    remove_variant: [{ op: "add_variant", state: "end", variant: { id: "nope" } }],
  };
  for (let i = 0; i < OPS.length; i++) {
    const op = OPS[i] as Op;
    it(`keeps unknown properties through ${op.op} #${i}`, () => {
      const input = deepFreeze(makeExtendedWorld());
      const r = run([...(SETUP[op.op] ?? []), op], input);
      expect(r.applyErrors).toEqual([]);
      expect(collect(r.world)).toEqual(collect(input));
    });
  }

  it("keeps unknown properties through the whole batch", () => {
    const input = deepFreeze(makeExtendedWorld());
    const r = run(OPS, input);
    const kept = collect(r.world);
    // Only the objects an op deleted may lose theirs: none of these ops deletes an extended object.
    expect([...kept.keys()].sort()).toEqual([...collect(input).keys()].sort());
  });
});

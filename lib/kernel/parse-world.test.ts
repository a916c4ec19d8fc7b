import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "./fixtures";
import { MAX_ISSUE_MESSAGES, formatPath, parseWorld } from "./parse-world";
import type { WorldInput } from "./schema";
import { withWorldDefaults } from "./state-defaults";

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

describe("parseWorld", () => {
  it("accepts a complete world and returns it unchanged", () => {
    const w = makeSmallWorld();
    expect(parseWorld(json(w))).toEqual({ ok: true, world: w });
  });

  it("accepts a world without subjectRef or slots", () => {
    const w = makeSmallWorld();
    delete w.subjectRef;
    expect(parseWorld(json(w)).ok).toBe(true);
  });

  it("reads every omitted state field but id as its add_state default; an absent ending is not an ending", () => {
    const w = json(makeSmallWorld()) as Record<string, any>;
    w.scene.states.a = { id: "a", camera: { static: "wide" }, mood: "grey" };
    const r = parseWorld(w, { stateDefaults: true });
    expect(r.ok).toBe(true);
    expect(parseWorld(w).ok).toBe(false);
    expect(r.ok && r.world.scene.states.a).toEqual({
      id: "a",
      mood: "grey",
      base: "",
      camera: { static: "wide", dynamic: "" },
      movement: { static: "", dynamic: "" },
      ambient: [],
      ending: { isEnding: false },
      variants: [],
    });
    // Reading a stored world copies only what it completes.
    const stored = withWorldDefaults(w as WorldInput);
    expect(stored.scene.states.b).toBe(w.scene.states.b);
    expect(withWorldDefaults(stored)).toBe(stored);
  });

  it("still refuses a state field of the wrong type", () => {
    const w = json(makeSmallWorld()) as Record<string, any>;
    w.scene.states.a = { id: "a", ending: "yes" };
    const r = parseWorld(w, { stateDefaults: true });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors.join("\n")).toContain("scene.states.a.ending");
  });

  it("returns field-level messages with paths", () => {
    const w = json(makeSmallWorld()) as Record<string, any>;
    w.scene.states.a.camera.static = 3;
    w.scene.events[1].to = null;
    delete w.entrance.image;
    w.scene.states.b.ending.outcome = "great";
    const r = parseWorld(w);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      "entrance.image: required (expected object)",
      "scene.states.a.camera.static: expected string, received number",
      'scene.states.b.ending.outcome: Invalid option: expected one of "good"|"bad"|"neutral"',
      "scene.events[1].to: expected string, received null",
    ]);
  });

  it("rejects non-objects at the root", () => {
    expect(parseWorld("nope")).toEqual({ ok: false, errors: ["(root): expected object, received string"] });
    expect(parseWorld(null)).toEqual({ ok: false, errors: ["(root): expected object, received null"] });
  });

  it("refuses a __proto__ state instead of dropping it", () => {
    const raw = JSON.parse(JSON.stringify(makeSmallWorld()).replace('"states":{', '"states":{"__proto__":{"id":"x"},'));
    const r = parseWorld(raw);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toContain("scene.states.__proto__: reserved state id");
  });

  it("caps the number of messages", () => {
    const w = json(makeSmallWorld()) as Record<string, any>;
    w.scene.events = Array.from({ length: 300 }, () => ({}));
    const r = parseWorld(w);
    expect(!r.ok && r.errors.length).toBe(MAX_ISSUE_MESSAGES + 1);
    expect(!r.ok && r.errors.at(-1)).toMatch(/^…and \d+ more$/);
  });
});

describe("formatPath", () => {
  it("joins keys with dots and indices with brackets", () => {
    expect(formatPath(["scene", "events", 3, "to"])).toBe("scene.events[3].to");
    expect(formatPath([0, "id"], "ops")).toBe("ops[0].id");
    expect(formatPath([])).toBe("");
  });
});

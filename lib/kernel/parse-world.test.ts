import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "./fixtures";
import { MAX_ISSUE_MESSAGES, formatPath, parseWorld } from "./parse-world";

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

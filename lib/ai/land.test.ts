import { describe, expect, it } from "vitest";
import { checkWorld, mockWorld } from "@/lib/kernel";
import { landWorld, parseJsonAnswer } from "./land";
import { AUTHOR_SYSTEM_PROMPT, EXAMPLE_WORLD, repairPrompt } from "./prompts";

const ctx = { worldId: "w-1", placeholderImage: () => "data:image/svg+xml,placeholder" };

describe("parseJsonAnswer", () => {
  it("reads bare JSON, fenced JSON and JSON wrapped in prose", () => {
    expect(parseJsonAnswer('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonAnswer('```json\n{"a":2}\n```')).toEqual({ ok: true, value: { a: 2 } });
    expect(parseJsonAnswer('Sure! Here it is: {"a":3} Enjoy.')).toEqual({ ok: true, value: { a: 3 } });
    expect(parseJsonAnswer("nope")).toMatchObject({ ok: false });
    expect(parseJsonAnswer("")).toEqual({ ok: false, message: "the answer was empty" });
  });
});

describe("landWorld", () => {
  it("normalises only the documented defaults, then gates", () => {
    const world = mockWorld({ premise: "a fox" }) as unknown as Record<string, any>;
    const stripped = structuredClone(world);
    for (const state of Object.values(stripped.scene.states) as Record<string, unknown>[]) {
      delete state.ambient;
      delete state.variants;
      delete state.ending;
      delete state.id;
    }
    stripped.scene.events = stripped.scene.events.map((e: Record<string, unknown>) => ({ ...e, to: e.to ?? null }));
    const landing = landWorld(JSON.stringify({ world: stripped }), ctx);
    expect(landing.ok).toBe(true);
    if (!landing.ok) return;
    expect(landing.world.id).toBe("w-1");
    expect(landing.world.cover).toBe("data:image/svg+xml,placeholder");
    expect(landing.world.entrance.image.src).toBe("data:image/svg+xml,placeholder");
    for (const [key, state] of Object.entries(landing.world.scene.states)) {
      expect(state).toMatchObject({ id: key, ambient: [], variants: [], ending: { isEnding: false } });
    }
    expect(landing.world.scene.events.some((e) => "to" in e && e.to === undefined)).toBe(false);
  });

  it("does not invent content: missing prose or references stay the model's to fix", () => {
    const world = mockWorld({ premise: "a fox" }) as unknown as Record<string, any>;
    const first = Object.keys(world.scene.states)[0]!;
    delete world.scene.states[first].camera;
    expect(landWorld(JSON.stringify(world), ctx)).toMatchObject({
      ok: false,
      problem: "not_world",
      errors: [`scene.states.${first}.camera: required (expected object)`],
    });
    const broken = mockWorld({ premise: "a fox" });
    broken.entrance.state = "nowhere";
    const landing = landWorld(JSON.stringify(broken), ctx);
    expect(landing).toMatchObject({ ok: false, problem: "gate" });
    if (landing.ok) return;
    expect(repairPrompt(landing)).toContain("E001 entrance-missing at entrance.state");
  });
});

describe("prompts", () => {
  it("teaches with an example that passes the gate", () => {
    const verdict = checkWorld(EXAMPLE_WORLD);
    expect(verdict.ok).toBe(true);
    expect(verdict.diagnostics.map((d) => d.lint)).toEqual(["entrance-image-empty"]);
    expect(AUTHOR_SYSTEM_PROMPT).toContain(JSON.stringify(EXAMPLE_WORLD));
  });
});

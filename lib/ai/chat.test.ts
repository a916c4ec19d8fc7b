import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localChat } from "./brain";
import { detectAction, mockChat, nearestStance, normalizeAffect } from "./chat";
import type { ChatInput, Stance } from "./provider";

const STANCES: Stance[] = [
  { id: "calm", label: "Calm", mood: "calm", expression: "a still face" },
  { id: "glad", label: "Glad", mood: "happy", expression: "a smile" },
  { id: "cross", label: "Cross", mood: "angry", expression: "a stare" },
  { id: "low", label: "Low", mood: "sad", expression: "eyes down" },
];

const input = (text: string, overrides: Partial<ChatInput> = {}): ChatInput => ({
  character: {
    name: "Ilse",
    persona: "You are Ilse, a keeper.",
    lore: "The lamp burns whale oil. The tower was built in 1887.",
    greeting: "Mind the stairs.",
    examples: "",
    scene: "",
    style: "",
    stances: STANCES,
  },
  text,
  currentStance: "calm",
  history: [],
  affect: normalizeAffect(undefined),
  ...overrides,
});

describe("affect and stances", () => {
  it("clamps and completes an affect", () => {
    expect(normalizeAffect({ v: 3, a: -7, rapport: 2 })).toEqual({ v: 1, a: -1, d: 0, rapport: 1 });
    expect(normalizeAffect({ v: Number.NaN, d: "x" as unknown as number })).toEqual({ v: 0, a: 0, d: 0, rapport: 0 });
  });

  it("picks the stance whose mood is nearest, keeping the current one when it is close", () => {
    expect(nearestStance(STANCES, { v: 0.7, a: 0.3, d: 0.2, rapport: 0 }).id).toBe("glad");
    expect(nearestStance(STANCES, { v: -0.6, a: -0.4, d: -0.3, rapport: 0 }).id).toBe("low");
    // Between calm and glad, nearer glad but not by much: calm stays.
    expect(nearestStance(STANCES, { v: 0.4, a: -0.05, d: 0.15, rapport: 0 }, "calm").id).toBe("calm");
  });
});

describe("the local brain", () => {
  it("warms to kindness and cools to insults, within its palette", () => {
    const warm = localChat(input("You are wonderful, thank you so much!"));
    expect(warm.stance).toBe("glad");
    expect(warm.affect.v).toBeGreaterThan(0);
    const cold = localChat(input("I hate you, you are useless and stupid", { affect: warm.affect, currentStance: warm.stance }));
    expect(cold.affect.v).toBeLessThan(warm.affect.v);
    expect(cold.affect.rapport).toBeLessThanOrEqual(warm.affect.rapport);
  });

  it("answers questions from the lore and greets with the greeting", () => {
    expect(localChat(input("What does the lamp burn?")).reply).toContain("whale oil");
    expect(localChat(input("Hello!")).reply).toContain("Mind the stairs.");
  });

  it("is deterministic and always lands on the palette with a valid affect", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.double({ min: -5, max: 5, noNaN: true }), (text, v) => {
        const a = localChat(input(text, { affect: normalizeAffect({ v }) }));
        const b = localChat(input(text, { affect: normalizeAffect({ v }) }));
        expect(a).toEqual(b);
        expect(STANCES.map((s) => s.id)).toContain(a.stance);
        expect(a.reply.length).toBeGreaterThan(0);
        for (const x of [a.affect.v, a.affect.a, a.affect.d]) expect(Math.abs(x)).toBeLessThanOrEqual(1);
        expect(a.affect.rapport).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe("the mock brain", () => {
  it("is canned and deterministic", () => {
    expect(mockChat(input("hi"))).toEqual(mockChat(input("hi")));
    expect(mockChat(input("hi")).reply).toMatch(/mock|test-mode/i);
    expect(STANCES.map((s) => s.id)).toContain(mockChat(input("anything at all")).stance);
  });
});

describe("detectAction", () => {
  it.each([
    ["Show me the old map", { type: "show_image", description: "old map" }],
    ["Can you draw a picture of the sea?", { type: "show_image", description: "sea" }],
    ["Please bring me a cup of tea.", { type: "fetch_object", object: "cup of tea" }],
    ["Let's go to the harbor!", { type: "change_location", location: "harbor" }],
    ["Take me to the lantern room", { type: "change_location", location: "lantern room" }],
    ["How are you?", undefined],
    ["I'm getting lost", undefined],
  ])("%s", (text, expected) => {
    expect(detectAction(text)).toEqual(expected);
  });
});

import { describe, expect, it } from "vitest";
import { hueOf } from "@/embed/player/model";
import type { World } from "@/lib/kernel/schema";
import {
  actionNote,
  applyTurn,
  describeFailure,
  initialState,
  MAX_HISTORY,
  MAX_TEXT,
  messageOf,
  readCharacter,
  readTurn,
  stanceView,
  trimHistory,
  turnRequest,
  type CharacterInfo,
  type HistoryEntry,
  type Turn,
} from "./model";

const PORTRAIT = "data:image/svg+xml,%3Csvg%2F%3E";
const WARM_IMG = "https://cdn.example/warm.png";

/** A character's public runtime graph, as GET /v1/runtime/world returns it (brain stripped). */
function characterWorld(overrides: Record<string, unknown> = {}): World {
  const state = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    base: `Ada, ${id}`,
    ambient: [],
    ending: {},
    variants: [],
    label: id,
    ...extra,
  });
  return {
    id: "c-1",
    name: "Ada",
    description: "",
    cover: PORTRAIT,
    entrance: { image: { src: PORTRAIT, label: "Ada" }, state: "neutral" },
    scene: {
      states: {
        neutral: state("neutral"),
        warm: state("warm", { image: { src: WARM_IMG, label: "Warm" } }),
        guarded: state("guarded", { image: { src: "javascript:alert(1)", label: "Guarded" } }),
      },
      events: [],
    },
    character: {
      greeting: "Well met.",
      intro: { kicker: "", title: "Ada", hint: "Ask Ada about engines" },
      stances: [
        { id: "neutral", label: "Neutral", mood: "calm", expression: "a relaxed, attentive face" },
        { id: "warm", label: "Warm", mood: "happy", expression: "a warm, open smile" },
        { id: "guarded", label: "Guarded", mood: "wary", expression: "arms crossed" },
      ],
      entranceState: "neutral",
      ...overrides,
    },
  } as unknown as World;
}

const ada = (overrides?: Record<string, unknown>): CharacterInfo => readCharacter(characterWorld(overrides), "Ada")!;

const turn = (over: Partial<Turn> = {}): Turn => ({
  reply: "Hello there.",
  stance: "warm",
  emotion: "happy",
  affect: { v: 0.3, a: 0.1, d: 0, rapport: 0.2 },
  ...over,
});

describe("readCharacter", () => {
  it("reads the public profile: name, greeting, hint, stances, entrance, safe pictures only", () => {
    expect(ada()).toEqual({
      name: "Ada",
      greeting: "Well met.",
      hint: "Ask Ada about engines",
      stances: [
        { id: "neutral", label: "Neutral", mood: "calm", expression: "a relaxed, attentive face" },
        { id: "warm", label: "Warm", mood: "happy", expression: "a warm, open smile" },
        { id: "guarded", label: "Guarded", mood: "wary", expression: "arms crossed" },
      ],
      entrance: "neutral",
      portrait: PORTRAIT,
      images: { neutral: null, warm: WARM_IMG, guarded: null },
    });
  });

  it("falls back to the first stance for an unknown entrance, skips duplicate and blank ids", () => {
    const c = ada({
      entranceState: "nope",
      stances: [{ id: "warm", label: "Warm" }, { id: "warm", label: "Again" }, { id: " ", label: "Blank" }, { id: "neutral" }],
    });
    expect(c.entrance).toBe("warm");
    expect(c.stances.map((s) => [s.id, s.label])).toEqual([
      ["warm", "Warm"],
      ["neutral", "neutral"],
    ]);
  });

  it("is null for a graph without a stance palette (a plain world)", () => {
    const world = characterWorld();
    delete (world as { character?: unknown }).character;
    expect(readCharacter(world, "Ada")).toBeNull();
    expect(readCharacter(characterWorld({ stances: [] }), "Ada")).toBeNull();
  });
});

describe("stanceView", () => {
  const c = ada();
  it("shows a stance's own picture, the portrait on the entrance stance, else a placeholder hued by the stance id", () => {
    expect(stanceView(c, "warm")).toEqual({
      id: "warm",
      label: "Warm",
      expression: "a warm, open smile",
      image: WARM_IMG,
      hue: hueOf("warm"),
    });
    expect(stanceView(c, "neutral").image).toBe(PORTRAIT);
    expect(stanceView(c, "guarded")).toMatchObject({ image: null, hue: hueOf("guarded") });
  });

  it("shows the entrance stance for an unknown id", () => {
    expect(stanceView(c, "gone").id).toBe("neutral");
  });
});

describe("the conversation state", () => {
  it("starts in the entrance stance, neutral, with the greeting as the character's first line", () => {
    expect(initialState(ada())).toEqual({
      stance: "neutral",
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
      history: [{ role: "character", text: "Well met." }],
    });
    expect(initialState(ada({ greeting: "" })).history).toEqual([]);
  });

  it("sends the stance, the mood and the history it keeps with each turn", () => {
    const c = ada();
    let state = initialState(c);
    expect(turnRequest(state, "Hi")).toEqual({
      text: "Hi",
      currentStance: "neutral",
      history: [{ role: "character", text: "Well met." }],
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
    });

    state = applyTurn(c, state, "Hi", turn());
    expect(state).toEqual({
      stance: "warm",
      affect: { v: 0.3, a: 0.1, d: 0, rapport: 0.2 },
      history: [
        { role: "character", text: "Well met." },
        { role: "user", text: "Hi" },
        { role: "character", text: "Hello there." },
      ],
    });
    expect(turnRequest(state, "And you?")).toMatchObject({
      currentStance: "warm",
      affect: { v: 0.3, rapport: 0.2 },
      history: state.history,
    });
  });

  it("keeps the stance when a reply names one outside the palette, and clamps the mood", () => {
    const c = ada();
    const state = applyTurn(c, initialState(c), "Hi", turn({ stance: "furious", affect: { v: 3, a: -2, d: Number.NaN, rapport: 1.5 } }));
    expect(state.stance).toBe("neutral");
    expect(state.affect).toEqual({ v: 1, a: -1, d: 0, rapport: 1 });
  });

  it("trims the history to the last MAX_HISTORY lines, oldest first, within the server's limits", () => {
    const c = ada({ greeting: "" });
    let state = initialState(c);
    for (let i = 0; i < 40; i++) state = applyTurn(c, state, `q${i}`, turn({ reply: `a${i}` }));
    expect(state.history).toHaveLength(MAX_HISTORY);
    expect(MAX_HISTORY).toBeLessThanOrEqual(50);
    expect(state.history.at(0)).toEqual({ role: "user", text: `q${40 - MAX_HISTORY / 2}` });
    expect(state.history.at(-1)).toEqual({ role: "character", text: "a39" });
    expect(turnRequest(state, "x").history).toHaveLength(MAX_HISTORY);

    const long = applyTurn(c, state, "x".repeat(MAX_TEXT + 10), turn({ reply: "y".repeat(MAX_TEXT + 10) }));
    expect(long.history.every((h) => h.text.length <= MAX_TEXT)).toBe(true);

    const three: HistoryEntry[] = [
      { role: "user", text: "1" },
      { role: "character", text: "2" },
      { role: "user", text: "3" },
    ];
    expect(trimHistory(three, 2)).toEqual(three.slice(1));
    expect(trimHistory(three, 5)).toEqual(three);
  });

  it("sends nothing for blank input, and trims and clips what is typed", () => {
    expect(messageOf("   ")).toBeNull();
    expect(messageOf("  hello \n")).toBe("hello");
    expect(messageOf("z".repeat(MAX_TEXT + 1))).toHaveLength(MAX_TEXT);
  });
});

describe("readTurn", () => {
  it("reads a Character turn, with its action and mock flag", () => {
    expect(
      readTurn({
        reply: "Hi",
        stance: "warm",
        emotion: "happy",
        affect: { v: 0.1, a: 0, d: 0, rapport: 0.05 },
        action: { type: "fetch_object", object: "tea" },
        mock: true,
        schemaVersion: "1.0",
      }),
    ).toEqual({
      reply: "Hi",
      stance: "warm",
      emotion: "happy",
      affect: { v: 0.1, a: 0, d: 0, rapport: 0.05 },
      action: { type: "fetch_object", object: "tea" },
      mock: true,
    });
  });

  it("keeps a show_image picture only when its URL is safe, and drops unknown actions", () => {
    expect(readTurn({ reply: "Look", action: { type: "show_image", description: "a map", url: WARM_IMG } })?.action).toEqual({
      type: "show_image",
      description: "a map",
      url: WARM_IMG,
    });
    expect(readTurn({ reply: "Look", action: { type: "show_image", description: "a map", url: "javascript:alert(1)" } })?.action).toEqual({
      type: "show_image",
      description: "a map",
    });
    expect(readTurn({ reply: "Hm", action: { type: "launch_rocket" } })?.action).toBeUndefined();
  });

  it("is null for what is not a turn", () => {
    expect(readTurn(null)).toBeNull();
    expect(readTurn({ detail: "nope" })).toBeNull();
    expect(readTurn("Hi")).toBeNull();
  });
});

describe("actionNote", () => {
  it("turns each action into a short system line", () => {
    expect(actionNote("Ada", { type: "show_image", description: "lighthouse" })).toEqual({
      text: "Ada shows you a picture: lighthouse",
      image: null,
    });
    expect(actionNote("Ada", { type: "show_image", description: "a map", url: WARM_IMG })).toEqual({
      text: "Ada shows you a picture: a map",
      image: WARM_IMG,
    });
    expect(actionNote("Ada", { type: "show_image", description: "" }).text).toBe("Ada shows you a picture");
    expect(actionNote("Ada", { type: "fetch_object", object: "cup of tea" }).text).toBe("Ada brings you: cup of tea");
    expect(actionNote("Ada", { type: "fetch_object", object: "" }).text).toBe("Ada brings you something");
    expect(actionNote("Ada", { type: "change_location", location: "harbour" }).text).toBe("Ada takes you to: harbour");
    expect(actionNote("Ada", { type: "change_location", location: "" }).text).toBe("Ada takes you somewhere else");
  });
});

describe("describeFailure", () => {
  it.each([
    [0, undefined, { message: "Ada could not be reached. Check your connection and try again.", fatal: false, retry: true }],
    [401, "expired", { message: "This session has ended; reload the page.", fatal: true, retry: false }],
    [404, "Character not found.", { message: "Ada is no longer available here.", fatal: true, retry: false }],
    [402, "The free chat time (3 minutes) is spent.", { message: "The free chat time (3 minutes) is spent.", fatal: false, retry: false }],
    [402, undefined, { message: "There is no chat time left.", fatal: false, retry: false }],
    [429, "Slow down.", { message: "Slow down.", fatal: false, retry: true }],
    [400, "text: too long", { message: "text: too long", fatal: false, retry: false }],
    [
      502,
      "The character could not answer (timeout); nothing was charged.",
      { message: "The character could not answer (timeout); nothing was charged.", fatal: false, retry: true },
    ],
    [500, undefined, { message: "Ada could not answer just now; try again.", fatal: false, retry: true }],
    [418, undefined, { message: "The message could not be sent (HTTP 418).", fatal: false, retry: true }],
  ] as const)("HTTP %i (%s)", (status, detail, expected) => {
    expect(describeFailure(status, detail, "Ada")).toEqual(expected);
  });
});

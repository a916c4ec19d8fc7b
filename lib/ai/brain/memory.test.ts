import { describe, expect, it } from "vitest";
import { localChat } from "./index";
import { remember, toSecondPerson } from "./memory";
import { CAST } from "./sample-cast";

describe("what the brain remembers", () => {
  it("reads the player's name and what they told of themselves from the history", () => {
    const memory = remember(
      [
        { role: "character", text: "Close the door behind you." },
        { role: "user", text: "Hello! My name is Sam, and I keep bees." },
        { role: "character", text: "Hello, Sam." },
      ],
      undefined,
    );
    expect(memory).toMatchObject({ met: true, name: "Sam" });
    expect(memory.told.map((t) => t.text)).toEqual(["you keep bees"]);
  });

  it("reads the client's memory notes: a first turn with notes is not a first meeting", () => {
    const memory = remember([], "The player's name is Ada.\nI am a fisherman from Dunmore.");
    expect(memory).toMatchObject({ met: true, name: "Ada" });
    const { character } = CAST[0]!;
    const turn = localChat({
      character,
      text: "Good evening!",
      currentStance: "calm",
      history: [],
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
      memory: "The player's name is Ada.",
    });
    expect(turn.reply).toMatch(/again|back/i);
    const stranger = localChat({
      character,
      text: "Good evening!",
      currentStance: "calm",
      history: [],
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
    });
    expect(stranger.reply).not.toMatch(/again/i);
    expect(stranger.reply).toContain(character.greeting);
  });

  it("says the player's words back in the second person", () => {
    expect(toSecondPerson("I brought you my father's boat")).toBe("you brought me your father's boat");
    expect(toSecondPerson("I'm a fisherman")).toBe("you are a fisherman");
  });
});

describe("a turn at the limits of the route", () => {
  it("answers a 4,000-character line with 50 history lines of 4,000 characters", () => {
    const { character } = CAST[0]!;
    const long = "What does the lamp burn? ".repeat(160).slice(0, 4000);
    const history = Array.from({ length: 50 }, (_, i) => ({
      role: i % 2 ? "character" : "user",
      text: `My name is Sam ${i}. `.repeat(250).slice(0, 4000),
    }));
    const turn = localChat({
      character,
      text: long,
      currentStance: "calm",
      history,
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
      memory: "x ".repeat(4000),
    });
    expect(turn.reply).toMatch(/paraffin|whale oil/);
    expect(character.stances.map((s) => s.id)).toContain(turn.stance);
  });
});

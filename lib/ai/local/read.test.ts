import { describe, expect, it } from "vitest";
import { readText, thirdPerson } from "./read";
import { extractStory } from "./text";

describe("readText", () => {
  it("finds the subject noun phrase, a given name, an apposition and a first-person self", () => {
    expect(readText("A lighthouse keeper hears a drowned bell ringing under a stormy sea").subject).toBe("the lighthouse keeper");
    expect(readText("A lighthouse keeper named Mara must steal the crown.").subject).toBe("Mara");
    expect(readText("Mara, a retired detective, returns to her hometown.").subject).toBe("Mara");
    expect(readText("In a drowned city, a diver searches for her sister.").subject).toBe("the diver");
    expect(readText("Detective Ruiz chases a thief.").subject).toBe("Detective Ruiz");
    expect(readText("I am a young witch who must cross the frozen lake.").subject).toBe("the young witch");
    const we = readText("Two kids find a talking fox.");
    expect([we.subject, we.subjectPlural]).toEqual(["the two kids", true]);
    const i = readText("I wake up in a hospital.");
    expect([i.subject, i.firstPerson]).toEqual(["", true]);
  });

  it("reduces verbs to their infinitive with their object, and tells whose they are", () => {
    const r = readText("A lighthouse keeper hears a drowned bell ringing under a stormy sea.");
    expect(r.verbs.map((v) => [v.verb, v.third, v.object, v.doer])).toEqual([
      ["hear", "hears", "the drowned bell", ""],
      ["ring", "rings", "under the stormy sea", "the drowned bell"],
    ]);
    expect(readText("She fled to the harbor and caught the last ferry.").verbs.map((v) => v.verb)).toEqual(["flee", "catch"]);
    // "has known": a perfect participle, not an action; "the council votes": the council's.
    const nadia = readText("Nadia learns that the captain has known for years, and the council votes to abandon the rings.");
    expect(nadia.verbs.filter((v) => v.doer === "").map((v) => v.verb)).toEqual(["learn"]);
  });

  it("conjugates the third person", () => {
    expect(["catch", "carry", "go", "be", "have", "play", "fix"].map(thirdPerson)).toEqual([
      "catches",
      "carries",
      "goes",
      "is",
      "has",
      "plays",
      "fixes",
    ]);
  });
});

describe("extractStory", () => {
  it("reads the lighthouse premise into its own places, things and happenings", () => {
    const facts = extractStory("A lighthouse keeper hears a drowned bell ringing under a stormy sea");
    expect(facts.subject).toBe("the lighthouse keeper");
    expect(facts.places).toEqual(["the stormy sea", "the lighthouse"]);
    expect(facts.things).toEqual(["the drowned bell"]);
    expect(facts.actions).toEqual([{ verb: "hear", third: "hears", object: "the drowned bell" }]);
    expect(facts.happenings).toEqual(["the drowned bell rings under the stormy sea"]);
    expect(facts.words).not.toContain("hears");
  });
});

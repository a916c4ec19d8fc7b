import { describe, expect, it } from "vitest";
import { PLACE_KINDS } from "./kinds";
import { getLexicon } from "./lexicon";
import { openWordNet } from "./wordnet";

const lexicon = getLexicon();
const parts = (word: string, context: string[] = []): string[] => {
  const sense = lexicon.pick(word, { context });
  return sense ? lexicon.parts(sense).map((p) => p.lemma) : [];
};

describe("WordNet reader", () => {
  it("finds a lemma by binary search in index.noun, and parses its synsets from data.noun", () => {
    const wordnet = openWordNet();
    const offsets = wordnet.offsetsOf("comet");
    expect(offsets.length).toBe(1);
    const comet = wordnet.synset(offsets[0]!);
    expect(comet.words).toContain("comet");
    expect(comet.lexname).toBe("object");
    expect(comet.gloss).toMatch(/extraterrestrial body/);
    expect(wordnet.offsetsOf("crow's nest").length).toBe(1);
    expect(wordnet.offsetsOf("not-a-word-at-all")).toEqual([]);
    expect(wordnet.offsetsOf("")).toEqual([]);
    // The first and the last lemma of the file are found too.
    expect(wordnet.offsetsOf("'hood").length).toBe(1);
    expect(wordnet.offsetsOf("zyrian").length).toBeGreaterThan(0);
  });
});

describe("lexicon", () => {
  it("reads plurals and irregular forms back to WordNet's base form", () => {
    expect(lexicon.lemmaOf("libraries")).toBe("library");
    expect(lexicon.lemmaOf("wolves")).toBe("wolf");
    expect(lexicon.lemmaOf("caves")).toBe("cave");
    expect(lexicon.lemmaOf("knives")).toBe("knife");
    expect(lexicon.lemmaOf("children")).toBe("child");
    expect(lexicon.lemmaOf("schoolchildren")).toBe("schoolchild");
    expect(lexicon.lemmaOf("constructor")).toBe("constructor");
    expect(lexicon.lemmaOf("toString")).toBeUndefined();
    expect(lexicon.lemmaOf("glimmerblorp")).toBeUndefined();
  });

  it.each([
    ["chef", "person"],
    ["astronaut", "person"],
    ["fox", "animal"],
    ["orchard", "place"],
    ["greenhouse", "structure"],
    ["kitchen", "room"],
    ["ship", "vehicle"],
    ["submarine", "vehicle"],
    ["comet", "celestial"],
    ["sea", "water"],
    ["glacier", "landform"],
    ["bread", "food"],
    ["sword", "weapon"],
    ["lantern", "device"],
    ["teacup", "container"],
    ["storm", "weather"],
    ["crew", "group"],
    ["manuscript", "artifact"],
  ])("knows a %s as a %s", (word, kind) => {
    expect(lexicon.pick(word)?.kind).toBe(kind);
  });

  it("gives a noun its parts, inherited from its kinds", () => {
    // A cathedral is a church: nave, apse, transept, chancel, church tower.
    expect(parts("cathedral")).toEqual(expect.arrayContaining(["nave", "apse", "transept", "chancel", "church tower"]));
    expect(parts("ship")).toEqual(expect.arrayContaining(["deck", "galley", "crow's nest", "cargo area"]));
    expect(parts("castle", ["a", "ruler", "fortified", "it"])).toEqual(expect.arrayContaining(["keep", "turret"]));
    expect(parts("comet")).toEqual(expect.arrayContaining(["coma", "nucleus"]));
  });

  it("picks the sense that fits the other words", () => {
    expect(lexicon.pick("castle", { context: ["chess", "board", "king"] })?.ancestors).toContain("chessman");
    expect(lexicon.pick("castle", { context: ["knight", "siege", "moat"] })?.kind).toBe("structure");
    expect(PLACE_KINDS.has(lexicon.pick("ward", { expect: "place" })!.kind)).toBe(true);
    expect(lexicon.pick("ward")?.kind).toBe("person");
    // A capitalised name's sense only when the text capitalises it.
    expect(lexicon.pick("zeppelin")?.kind).toBe("vehicle");
    // A sense WordNet's corpus never saw does not win on concreteness alone ("thunder" the drug).
    expect(lexicon.pick("thunder")?.kind).toBe("sound");
  });

  it("finds the compound a phrase ends in", () => {
    expect(lexicon.headOf("the old space station")).toBe("space station");
    expect(lexicon.headOf("a floating night market")).toBe("market");
    expect(lexicon.headOf("the lubber's hole")).toBe("lubber's hole");
  });
});

import { describe, expect, it } from "vitest";
import type { Bible } from "../provider";
import { chapterBible, fullName } from "./act";

const bible: Bible = {
  title: "The Lamplighter of Vell",
  protagonist: "Ines",
  setting: "Dunmere, the marsh",
  tone: "ominous",
  characters: ["Ines", "Pell", "Tobias Fenn", "Ines Marrow", "Dunmere"],
  places: ["Dunmere", "the marsh", "Harrow Quay"],
  motifs: [],
  summary: "",
  provider: "local",
};

describe("the local author's view of one chapter", () => {
  it("names the protagonist in full when the book does", () => {
    expect(fullName("Ines", ["Pell", "Ines Marrow", "Ines Marrow Senior"])).toBe("Ines Marrow");
    expect(fullName("the keeper", ["the keeper of the light"])).toBe("the keeper");
    expect(fullName("Pell", ["Ines Marrow"])).toBe("Pell");
  });

  it("keeps only the places and people the chapter names, never a place as a person", () => {
    const seen = chapterBible(bible, { index: 1, title: "Two", text: "Tobias Fenn poled through the marsh toward the road to Dunmere." });
    expect(seen.places).toEqual(["Dunmere", "the marsh"]);
    expect(seen.characters).toEqual(["Tobias Fenn"]);
    expect(seen.protagonist).toBe("Ines Marrow");
  });
});

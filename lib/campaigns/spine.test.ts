import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { segmentText, type Bible } from "@/lib/ai";
import { actCount, actForAuthor, groupActs, planSpine, renumberHeading } from "./spine";

const BOOK = fs.readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/the-lamplighter-of-vell.md"), "utf8");
const chapter = (i: number, chars: number) => ({
  index: i,
  title: `Chapter ${i + 1}`,
  text: Array.from(
    { length: Math.ceil(chars / 100) },
    (_, k) => `Paragraph ${k} of chapter ${i + 1} walks on past the harbor wall and back.`,
  ).join("\n\n"),
});

describe("the story spine", () => {
  it.each([
    [4, null, 4],
    [4, 2, 2],
    [4, 12, 12],
    [1, null, 2],
    [20, null, 12],
  ])("%i segments, target %s → %i acts", (segments, target, acts) => {
    expect(actCount(segments, target)).toBe(acts);
    expect(
      groupActs(
        Array.from({ length: segments }, (_, i) => chapter(i, 6000)),
        target,
      ),
    ).toHaveLength(acts);
  });

  it("keeps the book's order and text when merging", () => {
    const segments = Array.from({ length: 6 }, (_, i) => chapter(i, 2000));
    const acts = groupActs(segments, 3);
    expect(acts.map((a) => a.text).join("\n\n")).toBe(segments.map((s) => s.text).join("\n\n"));
  });

  it("never splits a short act just to reach the target, but always makes two", () => {
    expect(groupActs([chapter(0, 300)], 6)).toHaveLength(2);
    expect(groupActs([{ index: 0, title: "Chapter 1", text: "One sentence only" }], null).map((a) => a.text)).toEqual([
      "One sentence only",
      "One sentence only",
    ]);
  });

  it("titles each act of the fixture book with its own people or places", () => {
    const spine = planSpine(segmentText(BOOK), 4);
    expect(spine.map((a) => a.index)).toEqual([1, 2, 3, 4]);
    expect(spine.map((a) => a.title)).toEqual([
      "Chapter One: The Night the Lamps Went Out: Ines Marrow",
      "Chapter Two: The Road Through Greyfen Marsh",
      "Chapter Three: The Tollhouse at Dunmere",
      "Chapter Four: The Widow's Lantern",
    ]);
    expect(spine[1]!.summary).toMatch(/^Tobias Fenn poled his flat boat through Greyfen Marsh/);
  });

  it("gives the author the act's text when faithful, the premise and the act's opening in spirit", () => {
    const [act] = planSpine(segmentText(BOOK), 4);
    const bible = { summary: "A lamplighter and a smuggler." } as Bible;
    expect(actForAuthor(act!, bible, "faithful").text).toBe(act!.text);
    expect(actForAuthor(act!, bible, "spirit").text).toBe(`A lamplighter and a smuggler.\n\n${act!.summary}`);
  });

  it("numbers a heading as the act it titles, in the heading's own style", () => {
    expect(renumberHeading("Chapter Three: The Marsh", 2)).toBe("Chapter Two: The Marsh");
    expect(renumberHeading("CHAPTER IV", 2)).toBe("CHAPTER II");
    expect(renumberHeading("Part 7. The Quay", 3)).toBe("Part 3. The Quay");
    expect(renumberHeading("Chapter Two", 2)).toBe("Chapter Two");
    expect(renumberHeading("Chaptering the Storm", 2)).toBe("Chaptering the Storm");
    expect(renumberHeading("Book of Lamps", 2)).toBe("Book of Lamps");
  });
});

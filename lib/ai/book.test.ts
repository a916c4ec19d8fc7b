import { describe, expect, it } from "vitest";
import { checkWorld } from "@/lib/kernel";
import { isHeading, MAX_CHAPTERS, proceduralBible, segmentText } from "./book";
import { createLocalProvider } from "./local";
import { createMockProvider } from "./mock";

const BOOK = `The Salt Lamp

CHAPTER I
The Climb

Mara climbed to the lighthouse at dusk. She had to light the great lamp before the storm reached Port Ellis. Captain Hale watched her from the harbor.

CHAPTER II
The Bell

In the drowned cathedral, Mara searched for the silver bell among the pews. The water was cold and black.

CHAPTER III
The Storm

Mara rang the silver bell from the cliff, and the ships of Port Ellis turned toward the light.
`;

describe("segmentText", () => {
  it("splits at headings, keeping a title line under the heading", () => {
    const chapters = segmentText(BOOK);
    expect(chapters.map((c) => c.title)).toEqual(["CHAPTER I: The Climb", "CHAPTER II: The Bell", "CHAPTER III: The Storm"]);
    expect(chapters.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(chapters[0]!.text.startsWith("Mara climbed")).toBe(true);
    expect(chapters[1]!.text).toContain("silver bell");
    expect(chapters[1]!.text).not.toContain("Port Ellis");
  });

  it("recognises common heading styles and nothing else", () => {
    for (const h of ["Chapter 3", "CHAPTER IV. The Sea", "## Part Two", "XII.", "7", "Prologue", "Book One", "Act 2"])
      expect(isHeading(h)).toBe(true);
    for (const l of ["Mara climbed.", "I", "chapter and verse were quoted", "", "Part of the problem", "mid"])
      expect(isHeading(l), l).toBe(l === "I");
  });

  it("skips a table of contents and bodiless headings", () => {
    const text = "Contents\nChapter 1\nChapter 2\n\nChapter 1\n\nThe fox ran.\n\nChapter 2\n\nThe fox slept.";
    expect(segmentText(text).map((c) => c.text)).toEqual(["The fox ran.", "The fox slept."]);
  });

  it("splits at scene breaks, or by size, when there are no headings", () => {
    expect(segmentText("One scene.\n\n* * *\n\nAnother scene.").map((c) => c.title)).toEqual(["Part 1", "Part 2"]);
    const long = Array.from({ length: 30 }, (_, i) => `Paragraph ${i}${" word".repeat(120)}`).join("\n\n");
    const parts = segmentText(long);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.text).join("\n\n")).toBe(long);
    expect(segmentText("Just a short text.")).toEqual([{ index: 0, title: "Chapter 1", text: "Just a short text." }]);
    expect(segmentText("  \n ")).toEqual([]);
  });

  it("merges adjacent chapters to stay within the cap", () => {
    const text = Array.from({ length: 30 }, (_, i) => `Chapter ${i + 1}\n\nBody ${i + 1}.`).join("\n\n");
    const chapters = segmentText(text);
    expect(chapters.length).toBeLessThanOrEqual(MAX_CHAPTERS);
    expect(chapters.map((c) => c.text).join("\n\n")).toBe(Array.from({ length: 30 }, (_, i) => `Body ${i + 1}.`).join("\n\n"));
    expect(segmentText(text, { maxChapters: 4 })).toHaveLength(4);
  });
});

describe("proceduralBible", () => {
  it("distils title, protagonist, places and tone from the text", () => {
    const bible = proceduralBible(BOOK);
    expect(bible.title).toBe("The Salt Lamp");
    expect(bible.protagonist).toBe("Mara");
    expect(bible.characters).toContain("Captain Hale");
    expect(bible.places).toEqual(expect.arrayContaining(["the lighthouse", "Port Ellis", "the drowned cathedral"]));
    expect(bible.summary.startsWith("Mara climbed to the lighthouse at dusk.")).toBe(true);
    expect(typeof bible.tone).toBe("string");
  });
});

describe("book pipeline (segment → bible → author one act → gate)", () => {
  it("local: the first chapter becomes one gate-clean world that keeps the bible", async () => {
    const local = createLocalProvider();
    const result = await local.authorWorld({ worldId: "w-book", text: BOOK, pov: "third_person_shoulder" });
    expect(result).toMatchObject({ ok: true, attempts: 1, provider: "local" });
    expect(checkWorld(result.world).diagnostics).toEqual([]);
    expect(result.world.name).toBe("The Salt Lamp: CHAPTER I: The Climb");
    expect(result.world.slots).toEqual({ hero: "Mara" });
    const scene = JSON.stringify(result.world.scene);
    expect(scene).toContain("the lighthouse");
    expect(scene).not.toContain("silver bell");
  });

  it("local: every chapter authors its own act (what campaigns will call)", async () => {
    const local = createLocalProvider();
    const chapters = await local.segmentBook(BOOK);
    const bible = await local.writeBible(BOOK);
    expect(bible.provider).toBe("local");
    const worlds = await Promise.all(chapters.map((c, i) => local.authorAct(bible, c, { worldId: `w-${i}`, pov: "first_person" })));
    expect(worlds).toHaveLength(3);
    for (const w of worlds) expect(checkWorld(w.world).ok).toBe(true);
    expect(new Set(worlds.map((w) => w.world.name)).size).toBe(3);
    expect(JSON.stringify(worlds[1]!.world.scene)).toContain("silver bell");
  });

  it("mock: the same stages, deterministic", async () => {
    const mock = createMockProvider();
    const chapters = await mock.segmentBook(BOOK);
    const bible = await mock.writeBible(BOOK);
    const a = await mock.authorAct(bible, chapters[1]!, { worldId: "w", pov: "first_person" });
    const b = await mock.authorAct(bible, chapters[1]!, { worldId: "w", pov: "first_person" });
    expect(JSON.stringify(a.world)).toBe(JSON.stringify(b.world));
    expect(a.world.name).toBe("The Salt Lamp: CHAPTER II: The Bell");
  });
});

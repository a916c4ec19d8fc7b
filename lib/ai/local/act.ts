import type { World } from "@/lib/kernel";
import type { Bible, Chapter } from "../provider";
import { buildLocalWorld, type LocalAuthorInput } from "./author";
import { getLexicon } from "@/lib/lexicon";
import { readChapter } from "./chapter-read";
import { buildChapterWorld } from "./chapter-world";
import { extractStory, truncate } from "./text";

// One act of a book for the local author: the bible narrowed to what the chapter itself names,
// so that each chapter is built from its own places and people (not from the whole book's list
// pasted into every chapter), with the protagonist under the fullest name the book gives them.

const mentions = (text: string, name: string): boolean => text.toLowerCase().includes(name.replace(/^(the|a|an)\s+/i, "").toLowerCase());

/** "Ines" → "Ines Marrow" when the book names her so; otherwise the protagonist as given. */
export function fullName(protagonist: string, people: readonly string[]): string {
  if (!/^\p{Lu}/u.test(protagonist) || protagonist.includes(" ")) return protagonist;
  const longer = people.filter((p) => p.startsWith(`${protagonist} `) && p.split(" ").every((w) => /^\p{Lu}/u.test(w)));
  return longer.sort((a, b) => a.length - b.length)[0] ?? protagonist;
}

/** The bible as one chapter sees it: its protagonist, and only the places and people the chapter names. */
export function chapterBible(bible: Bible, chapter: Chapter): Bible {
  const facts = extractStory(chapter.text);
  const placeNames = new Set(facts.places.map((p) => p.toLowerCase()));
  const places = bible.places.filter((p) => mentions(chapter.text, p));
  // A name the chapter uses as a place is not a person ("the road to Dunmere").
  const characters = bible.characters.filter(
    (c) => mentions(chapter.text, c) && !placeNames.has(c.toLowerCase()) && !places.some((p) => p.toLowerCase() === c.toLowerCase()),
  );
  const protagonist = fullName(bible.protagonist, [...bible.characters, ...facts.people]);
  return { ...bible, protagonist, places, characters, setting: places.slice(0, 3).join(", ") || bible.setting };
}

/** What a `spirit` chapter's description says first: it is invented, not the book's events. */
export const SPIRIT_NOTE = "In the spirit of the book: its premise and tone, with invented events.";

/**
 * One chapter of a book as a world (a CPU worker-pool task). `faithful` (the default): the
 * chapter's own scenes, people and climax in the book's order (chapter-world.ts). `spirit`: the
 * local author invents a world from the premise and the chapter's opening, with the bible
 * narrowed to the chapter, and its description says so.
 */
export function buildLocalAct(input: {
  bible: Bible;
  chapter: Chapter;
  act: Omit<LocalAuthorInput, "text" | "bible" | "chapterTitle">;
}): World {
  const { bible, chapter, act } = input;
  const followed = chapter.fidelity === "spirit" ? null : buildChapterWorld({ ...act, text: chapter.text, title: chapter.title, bible });
  if (followed) return followed;
  if (chapter.fidelity === "spirit") {
    // The premise's places and things, as the book reads them, are no one to talk to or follow ("Carrow", "the Lune").
    const kinds = readChapter([bible.summary, chapter.text].join("\n\n"), getLexicon(), { hero: bible.protagonist }).kinds;
    const notPeople = [
      ...[...kinds.entries()].filter(([, k]) => k !== "person").map(([n]) => n),
      ...bible.places.filter((p) => /^\p{Lu}/u.test(p)),
    ];
    const world = buildLocalWorld({
      ...act,
      text: chapter.text,
      bible: chapterBible(bible, chapter),
      chapterTitle: chapter.title,
      notPeople,
    });
    return { ...world, description: truncate(`${SPIRIT_NOTE} ${world.description ?? ""}`.trim(), 280) };
  }
  // A chapter too short to follow: the local author builds it from what it names.
  return buildLocalWorld({ ...act, text: chapter.text, bible: chapterBible(bible, chapter), chapterTitle: chapter.title });
}

import { getLexicon } from "@/lib/lexicon";
import { proceduralBible, segmentText } from "../book";
import type { Bible } from "../provider";
import { readChapter } from "./chapter-read";

/**
 * The local provider's bible: the procedural one, with its people and places read as the
 * chapters read them (chapter-read.ts): people are the names the book's chapters make someone
 * (never "Christmas", never a pronoun), places the settings its narration is at, most often first,
 * so that no person is a place ("Hamlet's Father") and no place a passing word ("the simile").
 * A CPU worker-pool task.
 */
export function localBible(text: string): Omit<Bible, "provider"> {
  const bible = proceduralBible(text);
  const lexicon = getLexicon();
  const people = new Map<string, number>();
  const places = new Map<string, number>();
  for (const chapter of segmentText(text)) {
    const span = readChapter(chapter.text, lexicon, { hero: bible.protagonist });
    for (const b of span.beats) {
      for (const p of b.people) people.set(p, (people.get(p) ?? 0) + 1);
      for (const s of b.settings) places.set(s.place, (places.get(s.place) ?? 0) + 1);
    }
  }
  const ranked = (counts: Map<string, number>): string[] =>
    [...counts.entries()]
      .filter(([, n]) => n >= 2)
      .sort((a, b) => b[1] - a[1])
      .map(([name]) => name);
  // "Ilse" is "Ilse Varga" when the book gives her the longer name.
  const characters = ranked(people).filter(
    (p, _, all) => p.includes(" ") || all.filter((q) => q.startsWith(`${p} `) || q.endsWith(` ${p}`)).length !== 1,
  );
  const settings = ranked(places).filter((p) => !people.has(p));
  if (characters.length === 0 && settings.length === 0) return bible;
  const keptCharacters = [
    ...characters,
    ...bible.characters.filter((c) => !places.has(c) && !characters.includes(c) && /^\p{Lu}/u.test(c)),
  ].slice(0, 6);
  const keptPlaces = [...settings, ...bible.places.filter((p) => !people.has(p) && !settings.includes(p) && places.has(p))].slice(0, 6);
  const named = keptPlaces.length > 0 ? keptPlaces : bible.places.filter((p) => !people.has(p));
  return {
    ...bible,
    characters: keptCharacters.length > 0 ? keptCharacters : bible.characters,
    places: named,
    setting: named.length === 0 ? bible.setting : named.slice(0, 3).join(", "),
  };
}

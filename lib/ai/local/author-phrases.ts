// Small phrase tools of the local author (author.ts, author-events.ts): slugs, objects without
// their preposition, word overlap, seeded shuffles and picks.
import type { Prng } from "@/lib/kernel";
import { restates } from "./prose";
import { isFunctionWord } from "./read";
import type { Action } from "./text";

export const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** ASCII slug of a noun phrase ("the Café Ñandú" → "cafe-nandu"), at most 24 characters, the head kept. */
export function slug(text: string): string {
  const words = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, "-")
    .split("-")
    .filter((w) => w !== "" && !/^(the|a|an)$/.test(w));
  // "a crossroads in the cherry orchard" → "crossroads-in-orchard": the place's own words, then the whole's head.
  const joint = words.findIndex((w, i) => i > 0 && i < words.length - 1 && isFunctionWord(w));
  if (words.join("-").length > 24 && joint > 0) words.splice(joint + 1, words.length - joint - 2);
  while (words.length > 1 && words.join("-").length > 24) words.shift();
  // Never "of-underground-city" for "the dead furnaces of the underground city".
  while (words.length > 1 && isFunctionWord(words[0] as string)) words.shift();
  return words.join("-").slice(0, 24);
}

/** "to the lantern room" → "the lantern room": an action's object without its preposition. */
export const objectPhrase = (object: string): string => {
  const [first, ...rest] = object.split(" ");
  return rest.length > 0 && first !== undefined && isFunctionWord(first) && !/^(the|a|an)$/i.test(first) ? rest.join(" ") : object;
};
export const bare = (phrase: string): string => phrase.replace(/^(the|a|an)\s+/i, "");
export const isProperName = (p: string): boolean => !/^(the|a|an)\s/i.test(p);
export const actionPhrase = (a: Action): string => (a.object === "" ? a.verb : `${a.verb} ${a.object}`);
/** The content words of a phrase, for keeping two phrases of one sentence apart. */
export const contentWords = (phrase: string): Set<string> =>
  new Set(
    phrase
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !isFunctionWord(w) && w !== "the")
      .map((w) => (w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w)),
  );
export const overlaps = (a: string, b: string): boolean => [...contentWords(a)].some((w) => contentWords(b).has(w));

export function shuffle<T>(items: readonly T[], rng: Prng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export function uniqueBy(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => item.trim() !== "" && !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
}

/** A seeded pick from a list a filter may have emptied: the fallback then. */
export const pickOr = (rng: Prng, items: readonly string[], fallback: string): string => (items.length > 0 ? rng.pick(items) : fallback);

/** The first sentence of some candidates that says no word twice (else the first). */
export function firstFine(candidates: ReadonlyArray<() => string>): string {
  let first: string | undefined;
  for (const make of candidates) {
    const text = make();
    first ??= text;
    if (!text.split(/(?<=[.!?])\s+/).some((sentence) => restates(sentence, isFunctionWord))) return text;
  }
  return first ?? "";
}

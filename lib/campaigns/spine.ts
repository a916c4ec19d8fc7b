import { readChapter } from "@/lib/ai/local/chapter-read";
import { capitalize, cleanText, sentences, truncate } from "@/lib/ai/local/text";
import { getLexicon } from "@/lib/lexicon";
import type { Bible, Chapter } from "@/lib/ai";
import { MAX_ACTS, MIN_ACTS, type Fidelity } from "./requests";

/**
 * The story spine: the book's segments grouped (or split) into MIN_ACTS..MAX_ACTS acts, guided by
 * `target_acts`, each with a title that names its own people or places and a summary of its
 * opening. Pure and deterministic: a job that plans it again plans the same acts.
 */
export interface Act {
  /** 1-based. */
  index: number;
  title: string;
  summary: string;
  text: string;
}

/** An act shorter than this is not split further to reach a target. */
const MIN_SPLIT_CHARS = 1_200;

function merge(a: Chapter, b: Chapter): Chapter {
  return { index: a.index, title: a.title, text: `${a.text}\n\n${b.text}` };
}

/** Splits at the paragraph (else sentence) boundary nearest the middle; null when it cannot. */
function split(chapter: Chapter): [Chapter, Chapter] | null {
  const paragraphs = chapter.text.split(/\n\s*\n/).filter((p) => p.trim() !== "");
  const pieces = paragraphs.length >= 2 ? paragraphs : sentences(chapter.text);
  if (pieces.length < 2) return null;
  const total = pieces.reduce((n, p) => n + p.length, 0);
  let at = 1;
  for (let run = 0, i = 0; i < pieces.length - 1; i++) {
    run += (pieces[i] as string).length;
    at = i + 1;
    if (run >= total / 2) break;
  }
  const glue = paragraphs.length >= 2 ? "\n\n" : " ";
  return [
    { index: chapter.index, title: chapter.title, text: pieces.slice(0, at).join(glue) },
    { index: chapter.index, title: `${chapter.title} (continued)`, text: pieces.slice(at).join(glue) },
  ];
}

/** The act count: `target_acts` when given, else the book's own chapter count, within MIN_ACTS..MAX_ACTS. */
export function actCount(segments: number, targetActs: number | null): number {
  return Math.max(MIN_ACTS, Math.min(MAX_ACTS, targetActs ?? segments));
}

/** Groups or splits the segments into the acts of the spine (order kept). */
export function groupActs(segments: Chapter[], targetActs: number | null): Chapter[] {
  let acts = segments.filter((s) => s.text.trim() !== "");
  const target = actCount(acts.length, targetActs);
  // Too many: merge the adjacent pair that is shortest together.
  while (acts.length > target) {
    let best = 0;
    for (let i = 1; i < acts.length - 1; i++)
      if (acts[i]!.text.length + acts[i + 1]!.text.length < acts[best]!.text.length + acts[best + 1]!.text.length) best = i;
    acts = [...acts.slice(0, best), merge(acts[best]!, acts[best + 1]!), ...acts.slice(best + 2)];
  }
  // Too few: split the longest while it is long enough (always down to the minimum of two).
  while (acts.length < target) {
    let longest = 0;
    acts.forEach((a, i) => (a.text.length > acts[longest]!.text.length ? (longest = i) : undefined));
    const chosen = acts[longest]!;
    const halves = acts.length < MIN_ACTS || chosen.text.length >= MIN_SPLIT_CHARS ? split(chosen) : null;
    if (!halves) break;
    acts = [...acts.slice(0, longest), ...halves, ...acts.slice(longest + 1)];
  }
  // A book too short to split still makes two acts: the second retells it.
  while (acts.length < MIN_ACTS) acts.push({ index: acts.length, title: `Part ${acts.length + 1}`, text: acts[0]?.text ?? "" });
  return acts.map((a, i) => ({ ...a, index: i }));
}

/** A heading that says nothing but its number ("Chapter 3", "Part Two", "XII."). */
const bareHeading = (title: string): boolean =>
  /^(?:(?:chapter|part|book|act)\s+\S+|[ivxlcdm]+|\d+|prologue|epilogue)\.?(?:\s*\(continued\))?$/i.test(title.trim());

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word of the heading the act's text capitalises mid-sentence: a name ("Greyfen", "Widow's"). */
function headingNamesSomething(heading: string, text: string): boolean {
  const words = heading.replace(/^(?:chapter|part|book|act|stave|canto)\s+\S+[:.]?\s*/i, "").split(/\s+/);
  // A heading set in capitals ("MARLEY'S GHOST") is read as its words ("Marley's Ghost").
  const named = words.map((w) => (/\p{Ll}/u.test(w) ? w : w.charAt(0) + w.slice(1).toLowerCase()));
  return named.some((w) => /^\p{Lu}[\p{L}'’]{2,}$/u.test(w) && new RegExp(`[\\p{Ll},;] ${escape(w)}(?![\\p{L}])`, "u").test(text));
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

function roman(n: number): string {
  return [
    ["x", 10],
    ["ix", 9],
    ["v", 5],
    ["iv", 4],
    ["i", 1],
  ].reduce(
    (out, [letters, value]) => {
      let rest = out.rest;
      let text = out.text;
      while (rest >= (value as number)) {
        text += letters as string;
        rest -= value as number;
      }
      return { text, rest };
    },
    { text: "", rest: n },
  ).text;
}

/**
 * The heading numbered as the act it titles: acts merge and split the book's chapters, so the
 * book's "Chapter Three: The Marsh" may open the second act ("Chapter Two: The Marsh"). The
 * number keeps its style (digits, a word, roman numerals); anything else is kept as it is.
 */
export function renumberHeading(heading: string, ordinal: number): string {
  return heading.replace(/^((?:chapter|part|book|act)\s+)(\d+|[ivxlcdm]+|[a-z]+)(?=[:.\s]|$)/i, (whole, keyword: string, token: string) => {
    const lower = token.toLowerCase();
    const styled = /^\d+$/.test(token)
      ? String(ordinal)
      : NUMBER_WORDS.includes(lower)
        ? NUMBER_WORDS[ordinal]
        : /^[ivxlcdm]+$/.test(lower)
          ? roman(ordinal)
          : undefined;
    if (styled === undefined || ordinal > 12) return whole;
    const cased =
      token === token.toUpperCase()
        ? styled.toUpperCase()
        : /^\p{Lu}/u.test(token)
          ? styled.charAt(0).toUpperCase() + styled.slice(1)
          : styled;
    return `${keyword}${cased}`;
  });
}

/** The act's title: its heading when that names one of its people or places, else the heading with its main place or person. */
export function actTitle(act: Chapter, ordinal: number): string {
  const heading = renumberHeading(cleanText(act.title), ordinal) || `Chapter ${ordinal}`;
  if (!bareHeading(heading) && headingNamesSomething(heading, act.text)) return truncate(heading, 100);
  // The act's own people and the places its narration is at (not a place it names in passing or in talk).
  const span = readChapter(act.text, getLexicon());
  const count = (name: string): number =>
    span.beats.filter((b) => b.people.includes(name) || b.settings.some((s) => s.place === name)).length;
  const byCount = (names: string[]): string[] => [...names].sort((a, b) => count(b) - count(a));
  // Named twice at least: never a place the act names once, in passing.
  const twice = (names: string[]): string[] => byCount(names).filter((n) => count(n) >= 2);
  const place = twice(span.places.filter((p) => /\p{Lu}/u.test(p)))[0] ?? twice(span.places)[0];
  const person = twice(span.people)[0];
  const named = place && person ? `${person} at ${place}` : (place ?? person);
  return truncate(named ? `${heading}: ${capitalize(named)}` : heading, 100);
}

/** The first sentences of the act, at most 280 characters. */
export function actSummary(act: Chapter): string {
  return truncate(sentences(act.text).slice(0, 2).join(" "), 280);
}

/** The spine of a book: its acts with titles and summaries. */
export function planSpine(segments: Chapter[], targetActs: number | null): Act[] {
  return groupActs(segments, targetActs).map((act, i) => ({
    index: i + 1,
    title: actTitle(act, i + 1),
    summary: actSummary(act),
    text: act.text,
  }));
}

/**
 * What the author gets for one act. `faithful`: the act's own text (its events and settings).
 * `spirit`: the book's premise (the bible's summary) and the act's opening only, so the author
 * keeps the names and tone and invents the rest.
 */
export function actForAuthor(act: Act, bible: Bible, fidelity: Fidelity): Chapter {
  const text = fidelity === "faithful" ? act.text : [bible.summary, act.summary].filter((s) => s.trim() !== "").join("\n\n") || act.text;
  return { index: act.index - 1, title: act.title, text, fidelity };
}

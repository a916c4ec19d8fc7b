// Text analysis for the local author: the protagonist, places, people, actions and things of a
// premise or a chapter, read with compromise (read.ts) and sorted with word lists. Deterministic.

import { readText, thirdPerson, type NounTest, type Reading } from "./read";
export type { NounInfo, NounTest } from "./read";
import { PLACE_NAME_HEADS, PLACE_NOUNS, ROLE_NOUNS, SPATIAL, STOPWORDS, TIME_NOUNS, TONE_WORDS } from "./words";

export const TONES = ["ominous", "bright", "wistful", "wondrous", "tense", "quiet"] as const;
export type Tone = (typeof TONES)[number];

export interface Action {
  /** Infinitive ("steal", "hear"). */
  verb: string;
  /** Present third person singular ("steals", "hears"). */
  third: string;
  /** "the crown", "to the lantern room", "Mara"; empty when the verb stood alone. */
  object: string;
}

export interface StoryFacts {
  /** The subject noun phrase of the first clause: the protagonist ("the lighthouse keeper", "Mara"); "". */
  subject: string;
  /** The subject is plural ("the two kids", "we"): verbs agree with it. */
  subjectPlural: boolean;
  /** Told as "I" or "we". */
  firstPerson: boolean;
  /** What the text's things do on their own: "the drowned bell rings under the stormy sea". */
  happenings: string[];
  /** Adjectives of the text ("stormy", "drowned"), in order of appearance. */
  modifiers: string[];
  /** "the old lighthouse", "Lisbon"; most mentioned first. */
  places: string[];
  /** "Mara", "Captain Ahab", "the detective"; most mentioned first. */
  people: string[];
  actions: Action[];
  /** "the crown", "a map"; in order of appearance. */
  things: string[];
  /** Distinct nouns, in order of appearance. */
  words: string[];
  tone: Tone;
}

const MAX_SCANNED_CHARS = 40_000;
const MAX_WORD_CHARS = 24;

export { thirdPerson };

/** The dominant tone of some words; `quiet` when none of the word lists match. */
export function detectTone(words: readonly string[]): Tone {
  let best: Tone = "quiet";
  let bestCount = 0;
  for (const tone of TONES) {
    if (tone === "quiet") continue;
    const lexicon = TONE_WORDS[tone];
    let count = 0;
    for (const w of words) if (lexicon.has(w)) count++;
    if (count > bestCount) {
      best = tone;
      bestCount = count;
    }
  }
  return best;
}

/**
 * User text made safe for prose: no template braces (they would read as `{slot}`s), no control,
 * format, surrogate or unassigned code points (PostgreSQL's jsonb refuses NUL and lone
 * surrogates), whitespace collapsed.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[{}\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` code points, cut at a word boundary when one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

export const capitalize = (s: string): string => {
  const first = Array.from(s)[0];
  return first === undefined ? s : first.toUpperCase() + s.slice(first.length);
};

/**
 * Blank lines and short unpunctuated lines (titles, headings) end a sentence; other line breaks
 * are hard wraps inside one.
 */
function lineBreaksAsSentences(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const t = line.trim();
      if (t === "") return "";
      return t.length <= 60 && !/[.!?,;:]$/.test(t) ? `${t}.` : t;
    })
    .filter((t) => t !== "")
    .join(" ");
}

class Counter {
  private readonly counts = new Map<string, { label: string; count: number; first: number }>();
  private order = 0;
  add(label: string): void {
    const key = label.toLowerCase();
    const hit = this.counts.get(key);
    if (hit) hit.count++;
    else this.counts.set(key, { label, count: 1, first: this.order++ });
  }
  /** Adds with the lowest rank (after every counted label). */
  addLast(label: string): void {
    if (!this.has(label)) this.counts.set(label.toLowerCase(), { label, count: 0, first: this.order++ });
  }
  has(label: string): boolean {
    return this.counts.has(label.toLowerCase());
  }
  delete(label: string): void {
    this.counts.delete(label.toLowerCase());
  }
  ranked(): string[] {
    return [...this.counts.values()].sort((a, b) => b.count - a.count || a.first - b.first).map((e) => e.label);
  }
  inOrder(): string[] {
    return [...this.counts.values()].sort((a, b) => a.first - b.first).map((e) => e.label);
  }
}

/** Prepositions after which a proper name is a place ("the ships of Port Ellis", "to Lisbon"). */
const PLACE_PREPS = new Set(["to", "from", "of", "at", "in"]);

const ASCII_WORD = /^[\p{L}\p{M}'’-]+$/u;

/** Reads places, people, actions and things out of a premise or a chapter (see read.ts). */
export function extractStory(source: string, isNoun?: NounTest): StoryFacts {
  return readStory(source, isNoun).facts;
}

/** extractStory, with the reading it made (the local author reads a premise's cast from the same one). */
export function readStory(source: string, isNoun?: NounTest): { facts: StoryFacts; reading: Reading } {
  const text = cleanText(lineBreaksAsSentences(source.slice(0, MAX_SCANNED_CHARS)));
  const reading = readText(text, isNoun);
  const places = new Counter();
  const people = new Counter();
  const things = new Counter();
  const nouns = new Counter();
  const modifiers = new Counter();

  const subjectKey = reading.subject.toLowerCase();
  const aliases = new Set(reading.aliases.map((a) => a.toLowerCase()));
  for (const np of reading.phrases) {
    if (aliases.has(np.label.toLowerCase())) continue;
    // "in love", "at birth": a bare noun after a preposition is an idiom unless it names a place.
    if (np.bare && np.prep !== "" && !PLACE_NOUNS.has(np.head) && !ROLE_NOUNS.has(np.head)) continue;
    if (Array.from(np.core).length > 60 || np.core.split(" ").some((w) => Array.from(w).length > MAX_WORD_CHARS)) continue;
    const first = np.core.split(" ")[0]?.toLowerCase() ?? "";
    const placeName =
      np.proper && (PLACE_NAME_HEADS.has(first) || np.place || (np.prep !== "" && (SPATIAL.has(np.prep) || PLACE_PREPS.has(np.prep))));
    const person =
      !placeName && (ROLE_NOUNS.has(np.head) || (np.person && !PLACE_NOUNS.has(np.head)) || np.label.toLowerCase() === subjectKey);
    const place =
      !person &&
      (placeName ||
        PLACE_NOUNS.has(np.head) ||
        np.place ||
        (np.proper && (np.prep !== "" || PLACE_NAME_HEADS.has(first))) ||
        (np.prep !== "" && SPATIAL.has(np.prep) && !TIME_NOUNS.has(np.head)));
    if (person) people.add(np.label);
    else if (place) places.add(np.label);
    else if (np.proper) people.add(np.label);
    else if (!TIME_NOUNS.has(np.head)) things.add(np.label);
    // Prose nouns and place adjectives come from places and things, never from people
    // ("the retired rooftop", "the murmur of the detective").
    if (!person && !np.proper) {
      for (const m of np.modifiers) modifiers.add(m);
      if (
        !np.plural &&
        !TIME_NOUNS.has(np.head) &&
        ASCII_WORD.test(np.head) &&
        Array.from(np.head).length >= 3 &&
        Array.from(np.head).length <= MAX_WORD_CHARS &&
        !STOPWORDS.has(np.head)
      )
        nouns.add(np.head);
    }
  }
  const compounds = new Counter();
  for (const s of reading.sentences) {
    for (const w of s.words) {
      if (
        Array.from(w.lower).length < 3 ||
        Array.from(w.lower).length > MAX_WORD_CHARS ||
        !ASCII_WORD.test(w.lower) ||
        STOPWORDS.has(w.lower)
      )
        continue;
      if (w.pos === "noun" && PLACE_NOUNS.has(w.lower)) compounds.add(w.lower);
    }
  }

  // A place noun inside another phrase ("a lighthouse keeper") is a place of the story too.
  for (const n of compounds.inOrder()) {
    if (PLACE_NOUNS.has(n) && ![...places.inOrder(), ...things.inOrder()].some((p) => p.toLowerCase().endsWith(` ${n}`)))
      places.addLast(`the ${n}`);
  }

  const actions: Action[] = [];
  const seen = new Set<string>();
  for (const v of reading.verbs) {
    if (v.doer !== "" || v.verb === "name" || v.verb === "call" || v.object.toLowerCase() === subjectKey) continue;
    const key = `${v.verb} ${v.object}`.toLowerCase();
    if (seen.has(key) || actions.length >= 16) continue;
    seen.add(key);
    actions.push({ verb: v.verb, third: v.third, object: v.object });
  }
  const happenings = reading.verbs
    .filter((v) => v.doer !== "" && v.doer.toLowerCase() !== subjectKey)
    .map((v) => `${v.doer} ${v.doerPlural ? v.verb : v.third}${v.object ? ` ${v.object}` : ""}`);

  // A capitalised name the text writes after "the" ("the Saltworks", "the Gannet") names a
  // place or a thing, not a person.
  for (const p of people.ranked()) {
    if (/^\p{Lu}/u.test(p) && text.includes(`the ${p}`)) {
      people.delete(p);
      places.add(`the ${p}`);
    }
  }
  // Keep places, people and things disjoint.
  for (const p of people.ranked()) if (places.has(p)) places.delete(p);
  for (const p of places.ranked()) if (things.has(p)) things.delete(p);
  for (const p of people.ranked()) if (things.has(p)) things.delete(p);

  const facts: StoryFacts = {
    subject: reading.subject,
    subjectPlural: reading.subjectPlural,
    firstPerson: reading.firstPerson,
    places: places.ranked().slice(0, 12),
    people: people.ranked().slice(0, 8),
    actions,
    happenings: happenings.slice(0, 8),
    things: things.inOrder().slice(0, 12),
    words: nouns.inOrder().slice(0, 32),
    modifiers: modifiers.inOrder().slice(0, 16),
    tone: detectTone(reading.sentences.flatMap((x) => x.words.map((w) => w.lower))),
  };
  return { facts, reading };
}

/** Splits prose into sentences (for summaries). */
export function sentences(text: string): string[] {
  return cleanText(text)
    .split(/(?<=[.!?…])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

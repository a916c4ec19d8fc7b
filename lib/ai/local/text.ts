// Small, dependency-free text analysis for the local author: places, people, actions and things
// from a premise or a chapter, with regex-free token walking and word lists. Deterministic.

import { ACTION_VERBS, COMMON_CAPS, DETERMINERS, IRREGULAR, MOTION, PARTICLES, PLACE_NAME_HEADS, PLACE_NOUNS, ROLE_NOUNS, SPATIAL, STOPWORDS, TIME_NOUNS, TITLES, TONE_WORDS } from "./words";

export const TONES = ["ominous", "bright", "wistful", "wondrous", "tense", "quiet"] as const;
export type Tone = (typeof TONES)[number];

export interface Action {
  /** Base form from the verb list ("steal"). */
  verb: string;
  /** "the crown", "Mara"; empty when the verb stood alone. */
  object: string;
}

export interface StoryFacts {
  /** "the old lighthouse", "Lisbon"; most mentioned first. */
  places: string[];
  /** "Mara", "Captain Ahab", "the detective"; most mentioned first. */
  people: string[];
  actions: Action[];
  /** "the crown", "a map"; in order of appearance. */
  things: string[];
  /** Distinct content words, in order of appearance. */
  words: string[];
  tone: Tone;
}

const MAX_SCANNED_CHARS = 40_000;
const MAX_WORD_CHARS = 24;
const MAX_PHRASE_WORDS = 3;

const VOWELS = "aeiou";
const isConsonant = (c: string | undefined): boolean => c !== undefined && /[a-z]/.test(c) && !VOWELS.includes(c);

/** The present third person singular: "catch" → "catches", "carry" → "carries". */
export function thirdPerson(verb: string): string {
  const special: Record<string, string> = { have: "has", do: "does", go: "goes", be: "is" };
  if (Object.prototype.hasOwnProperty.call(special, verb)) return special[verb] as string;
  if (/(s|x|z|ch|sh|o)$/.test(verb)) return `${verb}es`;
  if (verb.endsWith("y") && isConsonant(verb.charAt(verb.length - 2))) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function regularForms(base: string): string[] {
  const out = [base, thirdPerson(base)];
  const last = base.charAt(base.length - 1);
  const cvc = base.length <= 4 && isConsonant(last) && !"wxy".includes(last) && VOWELS.includes(base.charAt(base.length - 2)) && isConsonant(base.charAt(base.length - 3));
  if (base.endsWith("e")) {
    out.push(`${base}d`, `${base.slice(0, -1)}ing`);
  } else if (last === "y" && isConsonant(base.charAt(base.length - 2))) {
    out.push(`${base.slice(0, -1)}ied`, `${base}ing`);
  } else {
    out.push(`${base}ed`, `${base}ing`);
    if (cvc) out.push(`${base}${last}ed`, `${base}${last}ing`);
  }
  return out;
}

const VERB_FORMS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const base of ACTION_VERBS) {
    for (const form of [...regularForms(base), ...(IRREGULAR[base] ?? [])]) if (!map.has(form)) map.set(form, base);
  }
  return map;
})();


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

interface Token {
  text: string;
  lower: string;
  cap: boolean;
  sentenceStart: boolean;
  punct: boolean;
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*|[.!?;:,\n"“”()]/gu;
  let sentenceStart = true;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const raw = m[0];
    if (/^[.!?;:,\n"“”()]$/.test(raw)) {
      out.push({ text: raw, lower: raw, cap: false, sentenceStart: false, punct: true });
      if (/[.!?\n]/.test(raw)) sentenceStart = true;
      continue;
    }
    const word = Array.from(raw).slice(0, MAX_WORD_CHARS).join("");
    const first = Array.from(word)[0] ?? "";
    const cap = first !== first.toLowerCase() && first === first.toUpperCase();
    out.push({ text: word, lower: word.toLowerCase(), cap, sentenceStart, punct: false });
    sentenceStart = false;
  }
  return out;
}

class Counter {
  private readonly counts = new Map<string, { label: string; count: number; first: number }>();
  private order = 0;
  add(label: string, weight = 1): void {
    const key = label.toLowerCase();
    const hit = this.counts.get(key);
    if (hit) hit.count += weight;
    else this.counts.set(key, { label, count: weight, first: this.order++ });
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

const isWord = (t: Token | undefined): t is Token => t !== undefined && !t.punct;

/**
 * Blank lines and short unpunctuated lines (titles, headings) end a sentence; other line breaks
 * are hard wraps inside one.
 */
function lineBreaksAsSentences(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const t = line.trim();
      if (t === "") return ".";
      return t.length <= 60 && !/[.!?,;:]$/.test(t) ? `${t} .` : t;
    })
    .join(" ");
}

/** Reads places, people, actions and things out of a premise or a chapter. */
export function extractStory(source: string): StoryFacts {
  const text = cleanText(lineBreaksAsSentences(source.slice(0, MAX_SCANNED_CHARS)));
  const tokens = tokenize(text);
  const lowerSeen = new Set<string>();
  for (const t of tokens) if (!t.punct && !t.cap) lowerSeen.add(t.lower);

  const places = new Counter();
  const people = new Counter();
  const things = new Counter();
  const words = new Counter();
  const actions: Action[] = [];
  const actionKeys = new Set<string>();

  // A capitalised word that may start a name: never a common word; at a sentence start only
  // when the text never uses it in lower case (then it is not an ordinary word).
  const nameLike = (t: Token | undefined): boolean =>
    isWord(t) &&
    t.cap &&
    !COMMON_CAPS.has(t.lower) &&
    !STOPWORDS.has(t.lower) &&
    !/^[IVXLCDM]+$/.test(t.text) &&
    (!t.sentenceStart || (!lowerSeen.has(t.lower) && !VERB_FORMS.has(t.lower) && !/(ing|ly)$/.test(t.lower)));

  /** A capitalised run from i ("Captain Ahab", "New Lisbon"); [label, next index]. */
  const nameRun = (i: number): [string, number] => {
    const parts: string[] = [];
    let j = i;
    while (parts.length < 3 && isWord(tokens[j]) && (tokens[j] as Token).cap && !COMMON_CAPS.has((tokens[j] as Token).lower)) {
      parts.push((tokens[j] as Token).text);
      j++;
    }
    return [parts.join(" "), j];
  };

  /** Words of a determiner phrase from i, stopping at stopwords, verbs and punctuation. */
  const phrase = (i: number): [string[], number] => {
    const parts: string[] = [];
    let j = i;
    while (parts.length < MAX_PHRASE_WORDS) {
      const t = tokens[j];
      if (!isWord(t) || STOPWORDS.has(t.lower) || DETERMINERS.has(t.lower)) break;
      if (parts.length > 0 && VERB_FORMS.has(t.lower)) break;
      parts.push(t.cap && !t.sentenceStart ? t.text : t.lower);
      j++;
    }
    return [parts, j];
  };

  const classify = (parts: string[], prep: string | null): "place" | "person" | "thing" => {
    const head = (parts[parts.length - 1] as string).toLowerCase();
    if (ROLE_NOUNS.has(head)) return "person";
    if (PLACE_NOUNS.has(head)) return "place";
    if (prep !== null && SPATIAL.has(prep)) return "place";
    return "thing";
  };

  for (const t of tokens) {
    if (!t.punct && !STOPWORDS.has(t.lower) && !DETERMINERS.has(t.lower) && Array.from(t.lower).length >= 3 && !VERB_FORMS.has(t.lower)) {
      words.add(t.lower);
    }
  }

  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.punct) continue;
    const prev = i > 0 ? tokens[i - 1] : undefined;
    const prep = isWord(prev) && (SPATIAL.has(prev.lower) || MOTION.has(prev.lower)) ? prev.lower : null;

    // "the old lighthouse", "a map", "the detective": a determiner phrase.
    if (DETERMINERS.has(t.lower)) {
      const [parts, next] = phrase(i + 1);
      if (parts.length > 0) {
        const kind = classify(parts, prep);
        const article = t.lower === "a" || t.lower === "an" ? (kind === "thing" ? t.lower : "the") : "the";
        const label = `${article} ${parts.join(" ")}`;
        if (kind === "place") places.add(label);
        else if (kind === "person") people.add(label);
        else if (!TIME_NOUNS.has((parts[parts.length - 1] as string).toLowerCase())) things.add(label);
        i = next - 1;
      }
      continue;
    }

    // Names: after a place preposition a capitalised run is a place, otherwise a person.
    if (nameLike(t)) {
      if (TITLES.has(t.lower)) {
        const [label, next] = nameRun(i);
        if (next > i + 1) {
          people.add(label);
          i = next - 1;
          continue;
        }
      }
      const [label, next] = nameRun(i);
      if (label !== "") {
        const parts = label.split(" ");
        const placeName =
          prep !== null ||
          (parts.length > 1 && PLACE_NAME_HEADS.has((parts[0] as string).toLowerCase())) ||
          PLACE_NOUNS.has((parts[parts.length - 1] as string).toLowerCase());
        if (placeName) places.add(label);
        else people.add(label);
        i = next - 1;
      }
      continue;
    }

    // Actions: a verb from the list with what it acts on.
    const verb = VERB_FORMS.get(t.lower);
    if (verb !== undefined) {
      let object = "";
      let j = i + 1;
      if (isWord(tokens[j]) && PARTICLES.has((tokens[j] as Token).lower)) j++;
      const nextToken = tokens[j];
      if (isWord(nextToken) && DETERMINERS.has(nextToken.lower)) {
        const [parts] = phrase(j + 1);
        if (parts.length > 0) object = `${nextToken.lower === "a" || nextToken.lower === "an" ? nextToken.lower : "the"} ${parts.join(" ")}`;
      } else if (nameLike(nextToken) || (isWord(nextToken) && nextToken.cap && !nextToken.sentenceStart && !COMMON_CAPS.has(nextToken.lower))) {
        object = nameRun(j)[0];
      }
      const key = `${verb} ${object}`.toLowerCase();
      if (!actionKeys.has(key) && actions.length < 16) {
        actionKeys.add(key);
        actions.push({ verb, object });
      }
    }
  }

  // A name seen both as a place and as a person is whichever it was called more often; keep
  // places and people disjoint.
  for (const p of people.ranked()) if (places.has(p)) places.delete(p);
  for (const p of places.ranked()) if (things.has(p)) things.delete(p);
  for (const p of people.ranked()) if (things.has(p)) things.delete(p);

  const allWords = words.inOrder();
  return {
    places: places.ranked().slice(0, 12),
    people: people.ranked().slice(0, 8),
    actions,
    things: things.inOrder().slice(0, 12),
    words: allWords.slice(0, 32),
    tone: detectTone(tokens.filter((x) => !x.punct).map((x) => x.lower)),
  };
}

/** Splits prose into sentences (for summaries). */
export function sentences(text: string): string[] {
  return cleanText(text)
    .split(/(?<=[.!?…])\s+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

// One chapter of a book read as the book tells it: its sentences in order, who is named in each
// (people: names the book capitalises mid-sentence and the lexicon or the tagger calls someone,
// never a pronoun or a contraction), where each happens (settings: a noun whose lexicon kind is
// a place or a structure, or a proper name the narration goes to, at or through, never a place
// only spoken of in dialogue or in passing), what is done to which things, and where the
// chapter's climax is. Pure and deterministic; compromise tags the words, WordNet (lib/lexicon)
// says what the nouns are.

import nlp from "compromise";
import { BEING_KINDS, PLACE_KINDS, THING_KINDS, type Kind, type Lexicon } from "@/lib/lexicon";
import { FUNCTION_WORDS, verbInfinitive } from "./read";

export type NameKind = "person" | "place" | "thing";

export interface Beat {
  /** Index in `ChapterSpan.beats`. */
  index: number;
  paragraph: number;
  /** The book's sentence, dialogue and all, on one line. */
  text: string;
  /** The sentence holds dialogue. */
  spoken: boolean;
  /** Where the sentence falls in the chapter: 0 at its first character, 1 at its last. */
  at: number;
  /** People named in its narration (full names). */
  people: string[];
  /** Those of them who do something in it (a verb of theirs, or a line they say): the ones there to talk to. */
  actors: string[];
  /** Places the narration is at, goes to or through (settings), with the verb that takes it there and who is there ("he", "Tomas", "the clerk"; "" when the sentence does not say). */
  settings: { place: string; verb: string; prep: string; doer: string }[];
  /** Things acted on: the verb's infinitive and the thing's phrase ("take", "the boathook"). */
  deeds: { verb: string; object: string; kind: NameKind }[];
  /** Time of day or weather words the sentence itself says ("dusk", "snow"). */
  conditions: string[];
}

export interface Deed {
  /** Infinitive. */
  verb: string;
  /** What it acts on, as the book says it, a pronoun replaced by the name it stands for ("Tomas"); "" for none. */
  object: string;
  /** Who does it, when the sentence names them. */
  doer: string;
}

export interface ChapterSpan {
  /** People in order of first mention; the hero included when named. */
  people: string[];
  /** Settings in order of first arrival. */
  places: string[];
  /** Things acted on, in order. */
  things: string[];
  /** What each name is. */
  kinds: Map<string, NameKind>;
  /** The lexicon kind of each setting's head noun (what it looks like, how one goes in). */
  placeKinds: Map<string, Kind>;
  beats: Beat[];
  /** The climax's beat. */
  climax: number;
  /** The climax's deed: its strongest verb and what it acts on ("ring", "the great bell, Old Gideon"). */
  deed: Deed | undefined;
}

/** Words capitalised for other reasons than naming someone or somewhere. */
const NOT_NAMES = new Set(
  `i oh ah ha yes no well why what how now nay alas lo amen sir madam god heaven heavens lord christ christmas easter
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september
  october november december english french german latin spanish italian christian mr mrs miss ms dr st mister mistress`
    .split(/\s+/)
    .filter(Boolean),
);
/** Words that make the name they lead a person's ("Brother Aldo", "Mrs. Cratchit", "Tiny Tim"). */
const TITLES = new Set(
  "mr mr. mrs mrs. miss ms ms. dr dr. brother sister father mother uncle aunt captain lady lord sir master mistress old young tiny little saint st st. doctor professor madame monsieur dame".split(
    " ",
  ),
);
/** Place nouns that are a part or a side of somewhere, never somewhere to be. */
const NOT_SETTINGS = new Set(
  "post posts pole poles pillar pillars column columns beam beams rail rails fence fences door doors window windows wall walls floor ceiling roof corner scene direction state base works resort resorts transport transports own side top bottom edge middle end front back way face air rate place part point distance course line surface interior exterior half spot area level bed fire stair stairs step steps threshold hearth chimney grate".split(
    " ",
  ),
);
/** Prepositions that put the narration somewhere. */
const LOCATIVE = new Set(
  "in into inside within at to toward towards on onto upon through across along up down over under beneath below above beyond past near around among amid behind before from out".split(
    " ",
  ),
);
/** Verbs that take their object somewhere as a direct object ("reached Hollow Gate", "entered the crypt"). */
const REACH = new Set("reach enter cross climb leave approach board descend ascend gain mount".split(" "));
/** Verbs that send a thing somewhere, not the one who does it ("pinned to a post", "threw it into the ravine"). */
const PUT_VERBS = new Set(
  "pin nail tie throw toss hurl put place lay set hang fix attach bind press seal drop fling cast send push lock shut".split(" "),
);
/** Verbs of a deed that turns a story: what a climax is made of. */
export const STRONG_VERBS = new Set(
  `ring seize grasp clutch strike fall flee break burst tear fight kill die drown rescue save pull drag shut escape
  vanish scream cry shriek plead beg kneel weep sob shatter explode collapse plunge leap rush throw hurl free release
  confess reveal read discover win lose catch stab shoot destroy dissolve shrink sink vow
  promise forgive embrace kiss marry refuse defy raise crush throw`
    .split(/\s+/)
    .filter(Boolean),
);
/** A paragraph that opens by leaping forward in time is the aftermath, not the turn ("In the spring…"). */
const AFTERMATH =
  /^(?:in the (?:spring|summer|autumn|winter|years?|days?|weeks?|months?) (?:that )?(?:after|followed|later)?|in the (?:spring|summer|autumn|winter)\b|years? (?:later|after|passed)|long after|afterwards?\b|ever after|from that (?:day|night|time)|some (?:days|weeks|months|years) later|and so\b)/i;
/** A sentence that leaps forward in time ("In the spring…"): the aftermath, after the climax. */
export const isAftermath = (sentence: string): boolean => AFTERMATH.test(sentence);
/** Words of the hour and the sky a sentence may say. */
const CONDITIONS =
  /\b(dawn|daybreak|sunrise|morning|noon|midday|afternoon|dusk|twilight|sunset|evening|night|midnight|snow|snowing|rain|raining|fog|foggy|mist|misty|frost|frosty|ice|icy|frozen|storm|wind|windy|thunder|lightning|hail|sleet|moonlight|sunshine|sunlight)\b/gi;

const capitalised = (w: string): boolean => /^\p{Lu}/u.test(w);
const isFunction = (w: string): boolean => Object.values(FUNCTION_WORDS).some((s) => s.has(w.toLowerCase()));
/** "I'll", "I'm", "don't", "we've": a contraction, never a name. */
const CONTRACTION = /['’](?:ll|m|re|ve|d|t)$/i;

interface Term {
  text: string;
  lower: string;
  tags: Set<string>;
  post: string;
  pre: string;
}

/** Splits a paragraph into sentences, keeping "Mr." and "Mrs." inside theirs. */
function splitSentences(paragraph: string): string[] {
  const protectedText = paragraph.replace(/\b(Mr|Mrs|Ms|Dr|St|Mt)\./g, "$1\u0000");
  return protectedText
    .split(/(?<=[.!?]["”’']?)\s+(?=["“‘']?[\p{Lu}\d])/u)
    .map((s) => s.replace(/\u0000/g, ".").trim())
    .filter((s) => /\p{L}/u.test(s));
}

/** The narration of a paragraph: dialogue (between double quotes) blanked, so that a place spoken of is not a place gone to. */
function narrationMask(paragraph: string): boolean[] {
  const mask: boolean[] = [];
  let inQuote = false;
  for (const ch of paragraph) {
    if (ch === "“") inQuote = true;
    if (ch === '"') inQuote = !inQuote;
    mask.push(!inQuote && ch !== '"' && ch !== "”");
    if (ch === "”") inQuote = false;
  }
  return mask;
}

const stripPossessive = (w: string): string => w.replace(/['’]s$/i, "").replace(/s['’]$/i, "s");

/** The lexicon's first sense kind of a noun, or undefined. */
function firstKind(lexicon: Lexicon, word: string): Kind | undefined {
  const lemma = lexicon.lemmaOf(word.toLowerCase()) ?? lexicon.lemmaOf(word.toLowerCase().split(/[-\s]/).pop() ?? "");
  if (lemma === undefined) return undefined;
  return lexicon.senses(lemma).find((x) => !x.proper)?.kind;
}
const beingAmongFirst = (lexicon: Lexicon, word: string): boolean => {
  const lemma = lexicon.lemmaOf(word.toLowerCase());
  return (
    lemma !== undefined &&
    lexicon
      .senses(lemma)
      .filter((s) => !s.proper)
      .slice(0, 3)
      .some((s) => s.kind === "person")
  );
};

/** A place noun: its first sense is a place or a structure (or a room, a landform, water, a vehicle), and it is not a mere side of one. */
export function isPlaceNoun(lexicon: Lexicon, head: string): boolean {
  const h = head.toLowerCase();
  if (NOT_SETTINGS.has(h)) return false;
  const kind = firstKind(lexicon, h);
  return kind !== undefined && PLACE_KINDS.has(kind);
}

interface Evidence {
  person: number;
  place: number;
  thing: number;
  count: number;
}

export interface ReadChapterOptions {
  /** The book's protagonist, counted as a person wherever named. */
  hero?: string;
  /** The chapter's heading: what its climax answers, with its opening. */
  title?: string;
  /** Names the book (or the chapters before) already made people. */
  knownPeople?: readonly string[];
}

/** Reads one chapter's text (already clean: see book-text.ts). */
export function readChapter(text: string, lexicon: Lexicon, options: ReadChapterOptions = {}): ChapterSpan {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter((p) => p !== "");
  const total = Math.max(
    1,
    paragraphs.reduce((n, p) => n + p.length + 2, 0),
  );
  // Words the chapter capitalises mid-sentence: the only capitalised sentence openers that can be names.
  const midCaps = new Set([...text.matchAll(/[\p{Ll},;:—] (\p{Lu}[\p{L}'’]+)/gu)].map((m) => stripPossessive(m[1] as string)));
  const known = new Set([options.hero ?? "", ...(options.knownPeople ?? [])].filter(Boolean).map((n) => n.toLowerCase()));

  type RawBeat = { paragraph: number; text: string; spoken: boolean; at: number; terms: Term[] };
  const raw: RawBeat[] = [];
  let offset = 0;
  paragraphs.forEach((paragraph, p) => {
    const mask = narrationMask(paragraph);
    let cursor = 0;
    for (const sentence of splitSentences(paragraph)) {
      const start = paragraph.indexOf(sentence, cursor);
      const from = start < 0 ? cursor : start;
      cursor = from + sentence.length;
      const chars = Array.from(sentence);
      // Array.from and the mask both walk code points; `from` is in UTF-16 units, close enough for prose.
      const narration = chars.map((c, k) => (mask[from + k] === false ? " " : c)).join("");
      const spoken = narration.replace(/\s+/g, " ").trim().length < sentence.replace(/\s+/g, " ").trim().length - 2;
      const doc = nlp(narration.replace(/\s+/g, " "));
      const json = doc.json({ terms: { tags: true } }) as { terms: { text: string; pre: string; post: string; tags: string[] }[] }[];
      const terms = json
        .flatMap((s) => s.terms)
        .filter((t) => /[\p{L}\p{N}]/u.test(t.text))
        .map((t) => ({ text: t.text, lower: t.text.toLowerCase(), tags: new Set(t.tags), post: t.post, pre: t.pre }));
      raw.push({ paragraph: p, text: sentence, spoken, at: (offset + from) / total, terms });
    }
    offset += paragraph.length + 2;
  });

  // Names: runs of capitalised words ("Brother Aldo", "Marguerite Sallow", "Ghost of Christmas Past"), with their evidence.
  const evidence = new Map<string, Evidence>();
  const runsOf = (terms: Term[]): { name: string; start: number; end: number }[] => {
    const runs: { name: string; start: number; end: number }[] = [];
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i] as Term;
      if (!capitalised(t.text) || CONTRACTION.test(t.text)) continue;
      let j = i;
      const words: string[] = [];
      while (j < terms.length) {
        const x = terms[j] as Term;
        if (capitalised(x.text) && !CONTRACTION.test(x.text)) {
          words.push(x.text.replace(/\.$/, "") + (/^\./.test(x.post) && /^(Mr|Mrs|Ms|Dr|St)$/.test(x.text) ? "." : ""));
          j++;
          // "Marley's Ghost": a name's possessive runs on into a capitalised being.
          const next = terms[j];
          const owns =
            /['’]s$/.test(x.text) &&
            next !== undefined &&
            capitalised(next.text) &&
            beingAmongFirst(lexicon, next.lower) &&
            !/[,;:!?.—]/.test(x.post);
          if (
            (/['’]s$/.test(x.text) && !owns) ||
            /[,;:!?.—]/.test(x.post.replace(/^\.(?=\s*$)/, (m) => (/^(Mr|Mrs|Ms|Dr|St)$/.test(x.text) ? "" : m)))
          )
            break;
          continue;
        }
        // "Ghost of Christmas Past": "of" between capitalised words.
        if (x.lower === "of" && words.length > 0 && capitalised(terms[j + 1]?.text ?? "") && !/[,;:!?.]/.test(terms[j - 1]?.post ?? ",")) {
          words.push("of");
          j++;
          continue;
        }
        break;
      }
      const notName = (w: string): boolean =>
        NOT_NAMES.has(w.toLowerCase().replace(/\.$/, "")) || NOT_NAMES.has(w.toLowerCase().replace(/s$/, ""));
      while (words.length > 0 && (words[words.length - 1] === "of" || notName(words[words.length - 1] as string))) words.pop();
      while (
        words.length > 0 &&
        ((NOT_NAMES.has((words[0] as string).toLowerCase().replace(/\.$/, "")) && !TITLES.has((words[0] as string).toLowerCase())) ||
          isFunction(words[0] as string))
      )
        words.shift();
      // "Whereat Scrooge", "Then Bob": a sentence's capitalised first word that is no name elsewhere.
      const rest = stripPossessive(words.slice(1).join(" "));
      if (
        i === 0 &&
        words.length > 1 &&
        !midCaps.has(words[0] as string) &&
        !TITLES.has((words[0] as string).toLowerCase()) &&
        !isPlaceNoun(lexicon, rest.split(" ").pop() ?? "") &&
        (["Adverb", "Conjunction", "Adjective", "Preposition", "Determiner", "Expression"].some((tag) => t.tags.has(tag)) ||
          midCaps.has(rest) ||
          known.has(rest.toLowerCase()))
      )
        words.shift();
      // "called Scrooge Scrooge": a word said twice is one name.
      const deduped = words.filter((w, k) => w !== words[k - 1]);
      const name = stripPossessive(deduped.join(" ").trim());
      if (name !== "" && !isFunction(name) && !/^(?:[IVXLCDM]+|\d+)$/.test(name)) runs.push({ name, start: i, end: j });
      i = Math.max(i, j - 1);
    }
    return runs;
  };

  const note = (name: string, kind: keyof Omit<Evidence, "count">, weight: number): void => {
    const e = evidence.get(name) ?? { person: 0, place: 0, thing: 0, count: 0 };
    e[kind] += weight;
    evidence.set(name, e);
  };

  const runsByBeat = raw.map((b) =>
    runsOf(b.terms).filter((r) => {
      const first = r.name.split(" ")[0] as string;
      // A sentence's first word is a name only when the chapter capitalises it mid-sentence too.
      return (
        r.start > 0 ||
        midCaps.has(first) ||
        midCaps.has(r.name.split(" ").pop() as string) ||
        known.has(r.name.toLowerCase()) ||
        TITLES.has(first.toLowerCase())
      );
    }),
  );
  raw.forEach((b, k) => {
    for (const r of runsByBeat[k] as { name: string; start: number; end: number }[]) {
      const words = r.name.split(" ");
      const head = (words[words.length - 1] as string).toLowerCase();
      const e = evidence.get(r.name) ?? { person: 0, place: 0, thing: 0, count: 0 };
      e.count++;
      evidence.set(r.name, e);
      const terms = b.terms.slice(r.start, r.end);
      if (known.has(r.name.toLowerCase())) note(r.name, "person", 5);
      if (terms.some((t) => t.tags.has("Person") || t.tags.has("FirstName") || t.tags.has("LastName") || t.tags.has("Honorific")))
        note(r.name, "person", 1);
      if (TITLES.has((words[0] as string).toLowerCase()) && words.length > 1) note(r.name, "person", 3);
      const headKind = firstKind(lexicon, head);
      // A name WordNet knows as a place ("London", "Great Britain", "Camden Town" is not, but its "Town" is).
      const named = lexicon.senses(r.name.toLowerCase())[0];
      if (named && named.proper && PLACE_KINDS.has(named.kind)) note(r.name, "place", 6);
      if (words.length > 1 && isPlaceNoun(lexicon, head)) note(r.name, "place", 4);
      else if (beingAmongFirst(lexicon, head) || (headKind !== undefined && BEING_KINDS.has(headKind))) note(r.name, "person", 2);
      // Apposition: "the great bell, Old Gideon", "her old mule Pepper", "the river Morrow".
      const before = b.terms[r.start - 1];
      if (before && !capitalised(before.text) && before.tags.has("Noun")) {
        const kind = firstKind(lexicon, before.lower);
        if (kind && BEING_KINDS.has(kind)) note(r.name, "person", 5);
        else if (kind && PLACE_KINDS.has(kind)) note(r.name, "place", 5);
        else if (kind && THING_KINDS.has(kind)) note(r.name, "thing", 5);
      }
      // "the Lune", "the Gannet": a name the book writes after "the" is a place or a thing, unless the lexicon says someone ("the Ghost").
      if (before?.lower === "the" && words.length === 1 && !beingAmongFirst(lexicon, head)) {
        const afterThe = b.terms[r.end];
        const prepBefore = b.terms[r.start - 2]?.lower ?? "";
        const placeLike = (afterThe !== undefined && isPlaceNoun(lexicon, afterThe.lower)) || LOCATIVE.has(prepBefore);
        note(r.name, placeLike ? "place" : "thing", placeLike ? 2 : 1);
      }
      // After a preposition of place in the narration: a place ("to Brennock", "at Kettle Ford").
      const prep = before?.lower ?? "";
      if (LOCATIVE.has(prep) && prep !== "to") note(r.name, "place", 1.5);
      if (prep === "to" && !/^(said|spoke|talked|called|cried|turned|went)$/.test(b.terms[r.start - 2]?.lower ?? ""))
        note(r.name, "place", 0.5);
      // Doing something: the name right before a verb ("Tomas ran", "said Tomas").
      const after = b.terms[r.end];
      if (after && after.tags.has("Verb") && !after.tags.has("Gerund")) note(r.name, "person", 1);
      if (before && /^(said|asked|cried|replied|answered|told|called)$/.test(before.lower)) note(r.name, "person", 2);
    }
  });

  // Short forms: "Ilse" is "Ilse Varga" when only one longer name starts or ends with it.
  const names = [...evidence.keys()];
  const fullOf = new Map<string, string>();
  for (const n of names) {
    if (n.includes(" ")) continue;
    const longer = names.filter(
      (m) =>
        m !== n && !TITLES.has(m.split(" ")[0]!.toLowerCase()) && (m.startsWith(`${n} `) || m.endsWith(` ${n}`)) && !m.includes(" of "),
    );
    if (longer.length === 1) fullOf.set(n, longer[0] as string);
  }
  const full = (n: string): string => fullOf.get(n) ?? n;
  const merged = new Map<string, Evidence>();
  for (const [n, e] of evidence) {
    const f = full(n);
    const m = merged.get(f) ?? { person: 0, place: 0, thing: 0, count: 0 };
    merged.set(f, { person: m.person + e.person, place: m.place + e.place, thing: m.thing + e.thing, count: m.count + e.count });
  }
  const kinds = new Map<string, NameKind>();
  for (const [n, e] of merged) {
    const best = Math.max(e.person, e.place, e.thing);
    if (best <= 0) continue;
    // A capitalised common noun ("Nature", "Weather", "Saturdays") names no one unless the lexicon says it is someone.
    if (!n.includes(" ") && !known.has(n.toLowerCase())) {
      const kind = firstKind(lexicon, n);
      if (
        kind === "time" ||
        (kind !== undefined && !PLACE_KINDS.has(kind) && !BEING_KINDS.has(kind) && !beingAmongFirst(lexicon, n) && e.person < 3)
      )
        continue;
    }
    kinds.set(n, e.place === best && e.place > e.person ? "place" : e.thing === best && e.thing > e.person ? "thing" : "person");
  }
  const heroFull = options.hero ? full(options.hero) : undefined;
  if (heroFull) kinds.set(heroFull, "person");

  // "the Tank", "the Porch": a place name the chapter mostly writes after "the" keeps it.
  const withThe = (name: string): string => {
    if (name.includes(" ")) return name;
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const led = text.match(new RegExp(`\\b[Tt]he ${esc}\\b`, "gu"))?.length ?? 0;
    const all = text.match(new RegExp(`\\b${esc}\\b`, "gu"))?.length ?? 0;
    return led * 2 > all ? `the ${name}` : name;
  };
  // Common-noun settings, deeds and conditions, beat by beat.
  const placeKinds = new Map<string, Kind>();
  const beats: Beat[] = raw.map((b, index) => {
    const people: string[] = [];
    const actors: string[] = [];
    const settings: Beat["settings"] = [];
    const deeds: Beat["deeds"] = [];
    for (const r of runsByBeat[index] as { name: string; start: number; end: number }[]) {
      const n = full(r.name);
      const kind = kinds.get(n);
      if (kind === "person" && !people.includes(n)) people.push(n);
      // "Tomas ran", "said the Spirit", "Bob took Tiny Tim": doing something, or spoken to, here.
      const after = b.terms[r.end];
      const before = b.terms[r.start - 1];
      const acts =
        (after !== undefined && after.tags.has("Verb") && !/['’]s$/.test(b.terms[r.end - 1]?.text ?? "")) ||
        (before !== undefined &&
          /^(said|asked|cried|replied|answered|returned|told|called|whispered|shouted|exclaimed|took|followed|met|found|led|helped|thanked|kissed|embraced)$/.test(
            before.lower,
          ));
      if (kind === "person" && acts && !actors.includes(n)) actors.push(n);
    }
    const terms = b.terms;
    let lastVerb = "";
    let lastVerbAt = -5;
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i] as Term;
      if (t.tags.has("Verb") && !t.tags.has("Auxiliary") && !t.tags.has("Copula")) {
        const inf = verbInfinitive(t.text, t.tags);
        if (inf !== "") {
          lastVerb = inf;
          lastVerbAt = i;
        }
        continue;
      }
      // A noun phrase: (det|poss)? (adj|noun)* noun, or a capitalised name run.
      const startsPhrase = FUNCTION_WORDS.det.has(t.lower) || FUNCTION_WORDS.poss.has(t.lower);
      const prep = terms[i - 1]?.lower ?? "";
      const afterWhat = terms[i - 2];
      if (!startsPhrase && !capitalised(t.text)) continue;
      let j = startsPhrase ? i + 1 : i;
      const words: Term[] = [];
      while (j < terms.length) {
        const x = terms[j] as Term;
        const isNounish = (x.tags.has("Noun") || x.tags.has("Adjective")) && !x.tags.has("Pronoun") && !isFunction(x.lower);
        // "her old mule Pepper": a capitalised name after a common noun is the noun's name, not part of it.
        if (!isNounish || (capitalised(x.text) && words.some((w) => !capitalised(w.text)))) break;
        words.push(x);
        j++;
        if (/[,;:!?.—]/.test(x.post)) break;
      }
      const headIdx = words.map((w) => w.tags.has("Noun")).lastIndexOf(true);
      if (headIdx < 0) continue;
      const phraseWords = words.slice(0, headIdx + 1).filter((w, k, all) => w.lower !== "own" || k === all.length - 1);
      const head = phraseWords[phraseWords.length - 1] as Term;
      const proper = phraseWords.every((w) => capitalised(w.text));
      // "Marguerite's boots", "the charcoal burners' huts": an owner keeps its mark.
      const owned = !proper && capitalised((phraseWords[0] as Term).text) && /['’]s?$/.test((phraseWords[0] as Term).text);
      const said = phraseWords
        .map((w, k) => (capitalised(w.text) ? w.text : k === phraseWords.length - 1 ? stripPossessive(w.lower) : w.lower))
        .join(" ");
      const properName = full(stripPossessive(phraseWords.map((w) => w.text).join(" ")));
      const label = proper ? (kinds.get(properName) === "place" ? withThe(properName) : properName) : owned ? said : `the ${said}`;
      const kindOfName = proper ? kinds.get(properName) : undefined;
      const headWord = stripPossessive(head.lower);
      const isPlace = proper ? kindOfName === "place" : isPlaceNoun(lexicon, headWord) && !/['’]s$/.test(head.text);
      // A setting: after a preposition of place that follows a verb (or opens the clause, or
      // follows another place: "the ferry at Kettle Ford"), or the object of a verb of arrival.
      const prepFollowsVerb =
        afterWhat === undefined ||
        afterWhat.tags.has("Verb") ||
        afterWhat.tags.has("Adverb") ||
        afterWhat.tags.has("Particle") ||
        /[,;:—]/.test(afterWhat.post) ||
        lastVerbAt >= i - 3;
      const afterPlace = afterWhat !== undefined && afterWhat.tags.has("Noun") && isPlaceNoun(lexicon, stripPossessive(afterWhat.lower));
      const locative = LOCATIVE.has(prep) && (prepFollowsVerb || afterPlace) && !PUT_VERBS.has(lastVerb);
      const reached = lastVerbAt === i - 1 && REACH.has(lastVerb);
      // "Nobody went to Brennock", "had never gone into the crypt": nowhere anyone is.
      const negated =
        terms.slice(0, i).some((t) => /^(nobody|none|nowhere)$/.test(t.lower)) ||
        terms.slice(Math.max(0, lastVerbAt - 3), i).some((t) => /^(never|not|no)$/.test(t.lower) || /n['’]t$/.test(t.lower));
      // "in any lofty hall", "from every shore": a place supposed, not one the story is at.
      const supposed = startsPhrase && /^(any|every|no|such|each|either|neither|whatever)$/.test(t.lower);
      if (isPlace && !negated && !supposed && (locative || reached) && label.length <= 40) {
        if (!settings.some((s) => s.place === label))
          settings.push({
            place: label,
            verb: lastVerbAt >= i - 3 ? lastVerb : "",
            prep: reached ? "" : prep,
            doer: doerBefore(terms, i, lexicon, full, kinds),
          });
        if (!proper) placeKinds.set(label, firstKind(lexicon, headWord) ?? "place");
        else placeKinds.set(label, firstKind(lexicon, label.split(" ").pop() ?? "") ?? (label.startsWith("the ") ? "structure" : "place"));
      } else if (!isPlace && lastVerbAt >= i - 2 && lastVerb !== "" && !proper) {
        const kind = firstKind(lexicon, headWord);
        if (kind && THING_KINDS.has(kind) && !["be", "have", "do", "say", "make", "get"].includes(lastVerb))
          deeds.push({ verb: lastVerb, object: label + appositionOf(terms, j), kind: "thing" });
      } else if (proper && kindOfName === "thing" && lastVerbAt >= i - 3 && lastVerb !== "") {
        deeds.push({ verb: lastVerb, object: label, kind: "thing" });
      }
      i = Math.max(i, j - 1);
    }
    // "A churchyard.": a sentence that is only a place sets the scene there.
    const lastTerm = terms[terms.length - 1];
    if (
      settings.length === 0 &&
      terms.length <= 3 &&
      lastTerm &&
      !b.spoken &&
      isPlaceNoun(lexicon, stripPossessive(lastTerm.lower)) &&
      terms.slice(0, -1).every((t) => FUNCTION_WORDS.det.has(t.lower) || t.tags.has("Adjective"))
    ) {
      const label = `the ${
        terms
          .slice(1)
          .map((t) => t.lower)
          .join(" ") || lastTerm.lower
      }`;
      settings.push({ place: label, verb: "", prep: "", doer: "" });
      placeKinds.set(label, firstKind(lexicon, lastTerm.lower) ?? "place");
    }
    const conditions = [...new Set([...b.text.matchAll(CONDITIONS)].map((m) => (m[1] as string).toLowerCase()))];
    return { index, paragraph: b.paragraph, text: b.text, spoken: b.spoken, at: b.at, people, actors, settings, deeds, conditions };
  });

  const people: string[] = [];
  const places: string[] = [];
  const things: string[] = [];
  for (const b of beats) {
    for (const p of b.people) if (!people.includes(p)) people.push(p);
    for (const s of b.settings) if (!places.includes(s.place)) places.push(s.place);
    for (const d of b.deeds) if (!things.includes(d.object)) things.push(d.object);
  }
  const climax = findClimax(beats, [options.title ?? "", ...paragraphs], kinds, heroFull);
  return {
    people,
    places,
    things,
    kinds,
    placeKinds,
    beats,
    climax,
    deed: beats[climax] ? deedIn(beats[climax] as Beat, raw[climax]?.terms ?? [], full) : undefined,
  };
}

/** The strongest deed of a sentence: a verb that turns a story (else its first verb), with its object. */
function deedIn(beat: Beat, terms: Term[], full: (n: string) => string): Deed | undefined {
  const all = terms
    .map((t, i) => ({
      t,
      i,
      inf: t.tags.has("Verb") && !t.tags.has("Auxiliary") && !t.tags.has("Copula") ? verbInfinitive(t.text, t.tags) : "",
    }))
    .filter((v) => v.inf !== "" && !/^(be|have|do|begin|start|go|come|seem|try|want|let|say|tell|ask|reply|answer|speak)$/.test(v.inf));
  const plain = (inf: string): boolean => /^(think|know|see|look)$/.test(inf);
  // A verb of a relative clause ("the woman who had drowned…") is not the sentence's deed.
  // (A plain verb of seeing or knowing only when the main clause has nothing else.)
  const main = all.filter((v) => !terms.slice(Math.max(0, v.i - 4), v.i).some((t) => /^(who|which|whom|whose|that)$/.test(t.lower)));
  const chosen = main.find((v) => STRONG_VERBS.has(v.inf)) ?? main.find((v) => !plain(v.inf)) ?? main[0];
  if (!chosen) return undefined;
  const out: string[] = [];
  let k = chosen.i + 1;
  // A particle and a preposition ("pulled him down the far side"), then the phrase, then its name in apposition.
  while (k < terms.length && out.length < 12) {
    const x = terms[k] as Term;
    if (x.tags.has("Verb") && !x.tags.has("Adjective") && !x.tags.has("Noun")) break;
    if (
      (x.tags.has("Conjunction") ||
        /^(rather|than|as|because|while|when|until|though|although|if|once|before|after|again|too)$/.test(x.lower)) &&
      out.length > 0
    )
      break;
    if (x.tags.has("Pronoun")) {
      const stand = /^(him|her|them|it)$/.test(x.lower)
        ? beat.people.find((p) => !terms.slice(0, chosen.i).some((y) => p.split(" ").includes(y.text)))
        : undefined;
      if (x.lower === "it" && out.length === 0) out.push("it");
      else out.push(stand ?? x.lower);
    } else out.push(x.text);
    if (/[,;:!?.—]/.test(x.post)) {
      // ", Old Gideon,": the name of what was just named.
      const name: string[] = [];
      for (let m = k + 1; m < terms.length && capitalised((terms[m] as Term).text) && name.length < 3; m++) {
        name.push((terms[m] as Term).text);
        if (/[,;:!?.]/.test((terms[m] as Term).post)) break;
      }
      if (name.length > 0 && out.some((w) => !capitalised(w))) out.push(`, ${name.join(" ")}`);
      break;
    }
    k++;
  }
  const object = out
    .join(" ")
    .replace(/ ,/g, ",")
    .replace(/^(his|her|their|its|my|our|your)\s/i, "the ")
    .trim();
  const before = terms
    .slice(0, chosen.i)
    .filter((t) => capitalised(t.text))
    .map((t) => full(stripPossessive(t.text)));
  const doer = beat.people.find((p) => before.some((b) => p === b || p.split(" ").includes(b))) ?? "";
  return { verb: chosen.inf, object, doer };
}

/**
 * Who is at a place a sentence names: the nearest one before it who can be somewhere, a subject
 * pronoun, a person's name, or a noun whose first sense is someone ("the clerk ran home to Camden
 * Town", "they stood on the frozen bank"), skipping what a preposition governs; "" when none.
 */
function doerBefore(terms: Term[], at: number, lexicon: Lexicon, full: (n: string) => string, kinds: Map<string, NameKind>): string {
  let aside = 0;
  for (let k = at - 1; k >= Math.max(0, at - 50); k--) {
    const t = terms[k] as Term;
    // A parenthesis is an aside: "(for he boasted no great-coat)" says nothing of who went.
    if (t.post.includes(")")) aside++;
    if (aside > 0) {
      if (t.pre.includes("(")) aside--;
      continue;
    }
    const governed =
      FUNCTION_WORDS.prep.has(terms[k - 1]?.lower ?? "") ||
      (FUNCTION_WORDS.prep.has(terms[k - 2]?.lower ?? "") &&
        (FUNCTION_WORDS.det.has(terms[k - 1]?.lower ?? "") || FUNCTION_WORDS.poss.has(terms[k - 1]?.lower ?? "")));
    if (/^(he|she|they|we|i)$/.test(t.lower)) return t.lower;
    if (governed) continue;
    if (/['’]s$/.test(t.text)) continue;
    // "Ilse and Tomas crept in": who comes first in a pair is there too.
    const pair = (name: string): string =>
      terms[k - 1]?.lower === "and" && terms[k - 2] && capitalised((terms[k - 2] as Term).text)
        ? `${full(stripPossessive((terms[k - 2] as Term).text))} and ${name}`
        : name;
    if (capitalised(t.text)) {
      const two = terms[k - 1] && capitalised((terms[k - 1] as Term).text) ? full(`${(terms[k - 1] as Term).text} ${t.text}`) : "";
      if (two && kinds.get(two) === "person") return two;
      const one = full(stripPossessive(t.text));
      if (kinds.get(one) === "person" || firstKind(lexicon, t.lower) === "person") return pair(one);
      continue;
    }
    if (t.tags.has("Noun") && firstKind(lexicon, t.lower) === "person") return `the ${t.lower}`;
  }
  return "";
}

/** ", Old Gideon," right after a thing: its name, kept with it. */
function appositionOf(terms: Term[], j: number): string {
  const prev = terms[j - 1];
  if (!prev || !/,/.test(prev.post)) return "";
  const words: string[] = [];
  for (let k = j; k < terms.length && capitalised((terms[k] as Term).text); k++) {
    words.push((terms[k] as Term).text);
    if (/[,;:!?.]/.test((terms[k] as Term).post)) break;
  }
  return words.length > 0 && words.length <= 3 ? `, ${words.join(" ")}` : "";
}

const CONTENT = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length > 3 && !isFunction(w))
    .map((w) => w.replace(/s$/, ""));

/**
 * The climax: the turn of the chapter's second half. Each narrated sentence after the chapter's
 * first two fifths is weighed by the deed it tells (a verb that turns a story: ring, seize,
 * flee, plead…), how many of the chapter's people it brings together, how much it answers the
 * chapter's opening and title (the dark bell tower of the first lines is rung at the turn), and
 * where it falls (the turn comes late, before the aftermath; a paragraph that leaps forward in
 * time is the aftermath).
 */
function findClimax(beats: Beat[], paragraphs: string[], kinds: Map<string, NameKind>, hero: string | undefined): number {
  if (beats.length === 0) return 0;
  // The heading (its words count twice) and the first paragraph.
  const heading = new Set(
    CONTENT(paragraphs[0] ?? "").filter((w) => !/^(chapter|stave|part|book|first|second|third|last|three|end)$/.test(w)),
  );
  const opening = new Set(CONTENT(paragraphs[1] ?? ""));
  let leapt = false;
  const counts = new Map<string, number>();
  for (const b of beats) for (const p of b.people) counts.set(p, (counts.get(p) ?? 0) + 1);
  const heroWord = hero
    ?.split(" ")
    .pop()
    ?.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const heroSelf = heroWord ? new RegExp(`\\b${heroWord}\\b(?!['’]s?\\b)`, "u") : undefined;
  let best = beats.length - 1;
  let bestScore = -Infinity;
  for (const b of beats) {
    if (b.at < 0.4 && beats.length > 4) continue;
    const words = b.text.split(/[^\p{L}'’]+/u).map((w) => w.toLowerCase());
    const strong = words.some((w) => {
      const bases = [w, w.replace(/(?:ed|ing|s)$/, ""), w.replace(/(?:ied)$/, "y"), w.replace(/ed$/, "e")];
      return bases.some((x) => STRONG_VERBS.has(x)) || IRREGULAR_STRONG.has(w);
    });
    const own = [...new Set(CONTENT(b.text))];
    const echo =
      Math.min(4, own.filter((w) => heading.has(w)).length * 2 + own.filter((w) => opening.has(w) && !heading.has(w)).length) / 2;
    // The chapter's own cast (named twice or more), not a sentence's list of allusions.
    const named =
      Math.min(2, b.people.filter((p) => (counts.get(p) ?? 0) >= 2).length) +
      (b.deeds.some((d) => /, \p{Lu}/u.test(d.object)) ? 1 : 0) +
      [...kinds.entries()].filter(([n, k]) => k === "thing" && b.text.includes(n)).length;
    // The aftermath: from a sentence that leaps forward in time ("In the spring…") on.
    leapt ||= AFTERMATH.test(b.text);
    const next0 = beats[b.index + 1];
    const aftermath = leapt || (next0 !== undefined && AFTERMATH.test(next0.text)) ? 4 : 0;
    const late = b.at >= 0.45 ? 1.5 + 2 * b.at : 0;
    // The turn is the protagonist's: named in it, or in the sentence before.
    // (Themselves, not only something of theirs: "Scrooge's nephew" is not Scrooge.)
    const heroThere = heroSelf !== undefined && (heroSelf.test(b.text) || heroSelf.test(beats[b.index - 1]?.text ?? "")) ? 2 : 0;
    // What it sets going: the next sentence of its paragraph reaching more people and places ("the sound rolled down the valley to Kettle Ford").
    const next = beats[b.index + 1];
    const reach =
      next && next.paragraph === b.paragraph && !AFTERMATH.test(next.text)
        ? Math.min(2, next.people.length + next.settings.length + (next.text.match(/[\p{Ll},] \p{Lu}\p{Ll}+/gu)?.length ?? 0)) * 0.5
        : 0;
    const feeling = Math.min(2, (b.text.match(AFFECT)?.length ?? 0) * 0.75);
    const score =
      feeling +
      heroThere +
      reach +
      (strong ? 3 : 0) +
      named * 1.2 +
      echo * 1.5 +
      late +
      (/!/.test(b.text) ? 0.5 : 0) -
      aftermath -
      (b.spoken ? 1 : 0) -
      (b.text.length < 40 ? 1 : 0) -
      (b.text.length > 400 ? 2 : 0);
    if (process.env.CLIMAX_DEBUG && score > 7)
      console.log(
        score.toFixed(1),
        JSON.stringify({ strong, echo, named, aftermath, late: late.toFixed(2), reach, feeling }),
        b.text.slice(0, 100),
      );
    if (score >= bestScore) {
      bestScore = score;
      best = b.index;
    }
  }
  return best;
}

/** Words of a peak of feeling: fear, grief, pleading, joy. */
const AFFECT =
  /\b(trembl\w*|terror|horror|dread\w*|fear\w*|wept|weep\w*|tears|sob\w*|shudder\w*|gasp\w*|knees|kneel\w*|knelt|pray\w*|plead\w*|implor\w*|despair\w*|agony|anguish|joy\w*|ecstas\w*|rapture|shriek\w*|scream\w*)\b/gi;

/** Past forms of the strong verbs that spelling alone does not undo. */
const IRREGULAR_STRONG = new Set(
  "rang rung seized fell fled broke broken burst tore torn fought died slew drowned shut threw thrown hurled freed read won lost caught shot woke awoke sank sunk vowed forgave knelt wept sobbed rose struck".split(
    " ",
  ),
);

export { CONTRACTION };

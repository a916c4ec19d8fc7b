// The words a chapter reader (chapter-read.ts) weighs: what is capitalised for other reasons than
// naming, titles, locative prepositions, verbs that reach or put somewhere or turn a story, and
// the small readers of a paragraph (sentences, its narration without dialogue, a noun's kind).
import { PLACE_KINDS, type Kind, type Lexicon } from "@/lib/lexicon";
import { FUNCTION_WORDS } from "./read";

/** Words capitalised for other reasons than naming someone or somewhere. */
export const NOT_NAMES = new Set(
  `i oh ah ha yes no well why what how now nay alas lo amen sir madam god heaven heavens lord christ christmas easter
  monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september
  october november december english french german latin spanish italian christian mr mrs miss ms dr st mister mistress`
    .split(/\s+/)
    .filter(Boolean),
);
/** Words that make the name they lead a person's ("Brother Aldo", "Mrs. Cratchit", "Tiny Tim"). */
export const TITLES = new Set(
  "mr mr. mrs mrs. miss ms ms. dr dr. brother sister father mother uncle aunt captain lady lord sir master mistress old young tiny little saint st st. doctor professor madame monsieur dame".split(
    " ",
  ),
);
/** Place nouns that are a part or a side of somewhere, never somewhere to be. */
export const NOT_SETTINGS = new Set(
  "post posts pole poles pillar pillars column columns beam beams rail rails fence fences door doors window windows wall walls floor ceiling roof corner scene direction state base works resort resorts transport transports own side top bottom edge middle end front back way face air rate place part point distance course line surface interior exterior half spot area level bed fire stair stairs step steps threshold hearth chimney grate".split(
    " ",
  ),
);
/** Prepositions that put the narration somewhere. */
export const LOCATIVE = new Set(
  "in into inside within at to toward towards on onto upon through across along up down over under beneath below above beyond past near around among amid behind before from out".split(
    " ",
  ),
);
/** Verbs that take their object somewhere as a direct object ("reached Hollow Gate", "entered the crypt"). */
export const REACH = new Set("reach enter cross climb leave approach board descend ascend gain mount".split(" "));
/** Verbs that send a thing somewhere, not the one who does it ("pinned to a post", "threw it into the ravine"). */
export const PUT_VERBS = new Set(
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
export const AFTERMATH =
  /^(?:in the (?:spring|summer|autumn|winter|years?|days?|weeks?|months?) (?:that )?(?:after|followed|later)?|in the (?:spring|summer|autumn|winter)\b|years? (?:later|after|passed)|long after|afterwards?\b|ever after|from that (?:day|night|time)|some (?:days|weeks|months|years) later|and so\b)/i;
/** A sentence that leaps forward in time ("In the spring…"): the aftermath, after the climax. */
export const isAftermath = (sentence: string): boolean => AFTERMATH.test(sentence);
/** Words of the hour and the sky a sentence may say. */
export const CONDITIONS =
  /\b(dawn|daybreak|sunrise|morning|noon|midday|afternoon|dusk|twilight|sunset|evening|night|midnight|snow|snowing|rain|raining|fog|foggy|mist|misty|frost|frosty|ice|icy|frozen|storm|wind|windy|thunder|lightning|hail|sleet|moonlight|sunshine|sunlight)\b/gi;

export const capitalised = (w: string): boolean => /^\p{Lu}/u.test(w);
export const isFunction = (w: string): boolean => Object.values(FUNCTION_WORDS).some((s) => s.has(w.toLowerCase()));
/** "I'll", "I'm", "don't", "we've": a contraction, never a name. */
export const CONTRACTION = /['’](?:ll|m|re|ve|d|t)$/i;

export interface Term {
  text: string;
  lower: string;
  tags: Set<string>;
  post: string;
  pre: string;
}

/** Splits a paragraph into sentences, keeping "Mr." and "Mrs." inside theirs. */
export function splitSentences(paragraph: string): string[] {
  const protectedText = paragraph.replace(/\b(Mr|Mrs|Ms|Dr|St|Mt)\./g, "$1\u0000");
  return protectedText
    .split(/(?<=[.!?]["”’']?)\s+(?=["“‘']?[\p{Lu}\d])/u)
    .map((s) => s.replace(/\u0000/g, ".").trim())
    .filter((s) => /\p{L}/u.test(s));
}

/** The narration of a paragraph: dialogue (between double quotes) blanked, so that a place spoken of is not a place gone to. */
export function narrationMask(paragraph: string): boolean[] {
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

export const stripPossessive = (w: string): string => w.replace(/['’]s$/i, "").replace(/s['’]$/i, "s");

/** The lexicon's first sense kind of a noun, or undefined. */
export function firstKind(lexicon: Lexicon, word: string): Kind | undefined {
  const lemma = lexicon.lemmaOf(word.toLowerCase()) ?? lexicon.lemmaOf(word.toLowerCase().split(/[-\s]/).pop() ?? "");
  if (lemma === undefined) return undefined;
  return lexicon.senses(lemma).find((x) => !x.proper)?.kind;
}
export const beingAmongFirst = (lexicon: Lexicon, word: string): boolean => {
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

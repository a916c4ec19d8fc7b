import nlp from "compromise";
import vader from "vader-sentiment";

// The brain's reading of words: compromise (the grammar: tags, lemmas, names, dates, contractions)
// and VADER (valence of a line: its lexicon of 7,500 rated words with negation, boosters, capitals
// and punctuation). Nothing here knows about a character.

export interface Token {
  /** As written. */
  text: string;
  /** Lowercase, punctuation off. */
  normal: string;
  /** The lemma ("drowned" → "drown", "years" → "year"). */
  root: string;
  tags: ReadonlySet<string>;
  /** What follows the word (spaces, punctuation). */
  post: string;
  pre: string;
}

interface TermJson {
  text: string;
  normal: string;
  root?: string;
  tags: string[];
  pre: string;
  post: string;
}

const PRONOUN_CONTRACTIONS: [RegExp, string][] = [
  [/\b(I)'m\b/gi, "$1 am"],
  [/\b(you|we|they)'re\b/gi, "$1 are"],
  [/\b(I|you|we|they)'ve\b/gi, "$1 have"],
  [/\b(I|you|he|she|it|we|they)'ll\b/gi, "$1 will"],
  [/\b(I|you|he|she|we|they)'d\b/gi, "$1 would"],
  [/\b(he|she|it|that|there|what|who|where|here)'s\b/gi, "$1 is"],
  [/\bcan't\b/gi, "cannot"],
  [/\bwon't\b/gi, "will not"],
  [/\bshan't\b/gi, "shall not"],
  [/\b(\w+)n't\b/gi, "$1 not"],
];

/**
 * A pronoun's contractions and "n't" spelled out ("I'll" → "I will", "don't" → "do not"). A noun's
 * "'s" stays: it is a possessive far more often than an "is" ("the museum's vault").
 */
export function expandContractions(text: string): string {
  return PRONOUN_CONTRACTIONS.reduce((s, [re, to]) => s.replace(re, to), text.replace(/[’]/g, "'"));
}

/** The words of a text with their tags and lemmas, contractions expanded ("I'll" → "I will"). */
export function tokens(text: string): Token[] {
  const doc = nlp(expandContractions(text));
  doc.compute("root");
  const out: Token[] = [];
  for (const sentence of doc.json() as { terms: TermJson[] }[]) {
    for (const t of sentence.terms) {
      if (!t.text && !t.normal) continue;
      out.push({ text: t.text || t.normal, normal: t.normal, root: t.root || t.normal, tags: new Set(t.tags), post: t.post, pre: t.pre });
    }
  }
  return out;
}

export interface ParsedSentence {
  text: string;
  tokens: Token[];
  /** compromise reads it as a question (a "?", or a question's word order). */
  question: boolean;
  /** Its noun phrases, pronouns left out (read only when asked for). */
  nouns(): string[];
}

const toToken = (t: TermJson): Token => ({
  text: t.text || t.normal,
  normal: t.normal,
  root: t.root || t.normal,
  tags: new Set(t.tags),
  post: t.post,
  pre: t.pre,
});

/** A line read once: its sentences with their tokens, question flag and noun phrases (one compromise parse). */
export function parseLine(text: string): ParsedSentence[] {
  const doc = nlp(expandContractions(text));
  doc.compute("root");
  const views = doc.sentences();
  const questions = new Set((views.isQuestion().out("array") as string[]).map((s) => s.trim()));
  const out: ParsedSentence[] = [];
  views.forEach((view) => {
    const sentence = (view.text() as string).trim();
    if (!/\p{L}/u.test(sentence)) return;
    const terms = ((view.json() as { terms: TermJson[] }[])[0]?.terms ?? []).filter((t) => t.text || t.normal);
    out.push({
      text: sentence,
      tokens: terms.map(toToken),
      question: questions.has(sentence),
      nouns: () =>
        (view as unknown as { nouns(): { not(m: string): { out(f: string): unknown } } }).nouns().not("#Pronoun").out("array") as string[],
    });
  });
  return out;
}

/** The sentences of a text (compromise's splitter: abbreviations and initials stay whole). */
export function sentencesOf(text: string): string[] {
  return (
    nlp(text.replace(/\s*\n+\s*/g, "\n"))
      .sentences()
      .out("array") as string[]
  )
    .flatMap((s) => s.split(/\n+/))
    .map((s) => s.trim())
    .filter((s) => /\p{L}/u.test(s));
}

/** Word classes that carry no topic. */
const FUNCTION_TAGS = ["Pronoun", "Determiner", "Preposition", "Conjunction", "Auxiliary", "Copula", "Modal", "QuestionWord", "Negative"];
/** Lemmas too common to tell two facts apart. */
const GENERIC = new Set(
  "be have do know tell say ask think thing way lot much many some any all more most very just really also still ever never even about here there then now yes no okay ok please like get go make want come see look well good great right little old new one two".split(
    " ",
  ),
);

/** Does a token carry meaning for matching (a noun, verb, adjective or value that is not generic)? */
export function isContent(token: Token): boolean {
  if (FUNCTION_TAGS.some((tag) => token.tags.has(tag))) return false;
  if (!/\p{L}|\d/u.test(token.normal)) return false;
  if (token.normal.length < 3 && !/\d/.test(token.normal)) return false;
  return !GENERIC.has(token.root) && !GENERIC.has(token.normal);
}

/** Content lemmas of a text, in order, without repeats. */
export function contentRoots(text: string): string[] {
  return [...new Set(tokens(text).filter(isContent).map(rootKey))];
}

/** One matching key per word: the lemma, with a plural's and a possessive's ending off. */
export function rootKey(token: Pick<Token, "root" | "normal">): string {
  return (token.root || token.normal).replace(/'s?$/, "");
}

type Vader = { SentimentIntensityAnalyzer: { polarity_scores(text: string): { compound: number; pos: number; neg: number; neu: number } } };

/** VADER's compound valence of a text, -1..1. */
export function valenceOf(text: string): number {
  return (vader as unknown as Vader).SentimentIntensityAnalyzer.polarity_scores(text).compound;
}

/**
 * Lemmas that make a plan dangerous whatever the character knows: the sea and weather at their
 * worst, the dark, fire and weapons, heights, being alone. VADER rates how a line feels, not what
 * it risks ("I'll row out tonight" is neutral to it), and no packaged lexicon rates hazard, so
 * this short list is the brain's own; the character's lore adds the rest (a plan that touches a
 * sad or frightening fact of the lore is dangerous to that character).
 */
export const HAZARD_ROOTS = new Set(
  "night tonight dark darkness midnight storm gale tempest squall flood drown fog ice blizzard fire flame burn smoke cliff edge fall climb deep wreck reef rock current alone weapon knife sword gun blade fight duel war battle wolf bear bandit thief poison curse ghost haunt dead death kill die hunt volcano avalanche crevasse".split(
    " ",
  ),
);

/** The words of a phrase with their first letter up. */
export const capitalize = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** A text without its closing punctuation. */
export const bare = (s: string) => s.trim().replace(/[\s.!?;:,]+$/u, "");

/** Normalised for comparing two replies or a reply and a source sentence. */
export const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

// The parts of a clause a fact is made of (facts.ts): its subject and the pronoun that takes it
// up, the first thing it names after its verb, and its time and place phrases.
import type { Fact } from "./fact";
import type { Token } from "./words";

const VERBISH = ["Verb", "Copula", "Auxiliary", "Modal"];
/** A verb of any kind: a full verb, a copula, an auxiliary or a modal. */
export const isVerb = (t: Token) => VERBISH.some((tag) => t.tags.has(tag));

export type TermTags = { tags: string[] };

export function spacing(t: Token): string {
  const post = t.post.replace(/\s+/g, " ");
  return post === "" ? " " : post;
}

export const joinWords = (words: string[]) =>
  words
    .join("")
    .replace(/\s+([,;:.!?])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();

const TIME_WORDS =
  /^(night|tonight|dawn|dusk|morning|evening|afternoon|winter|summer|spring|autumn|midnight|noon|today|yesterday|now|nowadays|once|ago|forever|always)$/;
export const TIME_PREP = /^(in|since|until|till|for|at|during|every|each|on|before|after|by|through)$/;
export const PLACE_PREP = /^(in|at|on|under|beneath|below|near|by|beyond|across|behind|inside|outside|above|over|from|to|into)$/;

/** The phrase (preposition to its noun) around the first word that `want` accepts, if any. */
export function phraseAround(toks: Token[], want: (t: Token) => boolean, prep: RegExp): string | undefined {
  const at = toks.findIndex(want);
  if (at < 0) return undefined;
  let start = at;
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    if (prep.test(toks[i]!.normal)) {
      start = i;
      break;
    }
    if (isVerb(toks[i]!) || /[,;]/.test(toks[i]!.post)) break;
    if (toks[i]!.tags.has("Value") || toks[i]!.tags.has("Determiner") || toks[i]!.tags.has("Adjective")) start = i;
  }
  let end = at;
  // The rest of its noun phrase: "Skerry Point", "the night market", "forty years ago".
  while (end + 1 < toks.length && !/[,;]/.test(toks[end]!.post)) {
    const n = toks[end + 1]!;
    if (n.normal === "ago" || (n.tags.has("Noun") && !n.tags.has("Pronoun") && !isVerb(n))) end++;
    else break;
  }
  return toks
    .slice(start, end + 1)
    .map((t) => t.text)
    .join(" ");
}

export const isTime = (t: Token) =>
  t.tags.has("Date") ||
  t.tags.has("Year") ||
  t.tags.has("Duration") ||
  TIME_WORDS.test(t.normal) ||
  /^1[0-9]{3}$|^20[0-9]{2}$/.test(t.normal);
// A place: what compromise knows as one, or a proper name that is no person or date ("Old Wick").
export const isPlace = (t: Token) =>
  t.tags.has("Place") ||
  t.tags.has("City") ||
  t.tags.has("Country") ||
  t.tags.has("Region") ||
  (t.tags.has("ProperNoun") && !t.tags.has("Person") && !t.tags.has("Date") && !t.tags.has("Value"));

const MALE =
  /^(brother|father|son|husband|uncle|nephew|grandfather|king|prince|lord|man|boy|monk|priest|sir|master|lad|abbot|friar|duke|baron|captain)$/i;
const FEMALE =
  /^(sister|mother|daughter|wife|aunt|niece|grandmother|queen|princess|lady|woman|girl|nun|mistress|lass|abbess|duchess|baroness)$/i;

/** The pronoun that takes up a subject: its head noun's number, and a person's sex where the word says it. */
export function pronounOf(subject: Token[]): Fact["pronoun"] {
  const ofAt = subject.findIndex((t) => t.normal === "of");
  const phrase = ofAt > 0 ? subject.slice(0, ofAt) : subject;
  const nouns = phrase.filter(
    (t) => (t.tags.has("Noun") || t.tags.has("Verb")) && !t.tags.has("Pronoun") && !t.tags.has("Possessive") && !/'s$/.test(t.normal),
  );
  const head = nouns.at(-1);
  if (!head) return "it";
  if (
    head.tags.has("Plural") ||
    (/[^s']s$/.test(head.normal) && !head.tags.has("Person") && !head.tags.has("ProperNoun")) ||
    subject.some((t) => t.normal === "and")
  )
    return "they";
  const person = nouns.find((t) => MALE.test(t.root) || FEMALE.test(t.root));
  if (person) return FEMALE.test(person.root) ? "she" : "he";
  if (head.tags.has("FemaleName")) return "she";
  if (head.tags.has("MaleName")) return "he";
  if (head.tags.has("Person") || head.tags.has("Actor")) return "they";
  return "it";
}

export function splitSubject(words: string[], toks: Token[]): { subject: string; predicate: string; pronoun?: Fact["pronoun"] } {
  // The subject: the words before the first verb (a fronted "In 1979," stays with the predicate).
  const text = joinWords(words);
  // The verb: a copula or auxiliary, or a verb that is none of the nouns compromise may call one
  // (after "the", after "the museum's": "the museum's sealed vault"; before "of": "bridges of").
  const possessive = (t: Token) => t.tags.has("Possessive") || /'s$/.test(t.normal);
  const verbAt = toks.findIndex(
    (t, i) =>
      i > 0 &&
      isVerb(t) &&
      (t.tags.has("Copula") ||
        t.tags.has("Auxiliary") ||
        t.tags.has("Modal") ||
        (!possessive(toks[i - 1]!) && !toks[i - 1]!.tags.has("Determiner") && toks[i + 1]?.normal !== "of")),
  );
  if (verbAt <= 0) return { subject: "", predicate: text };
  const subject = joinWords(words.slice(0, verbAt));
  // Only a plain noun phrase can be named and taken up again ("The lamp? It …").
  if (
    /,/.test(subject) ||
    subject.split(" ").length > 8 ||
    /\b(?:I|me|when|while|before|after|because|who|which|that)\b/.test(subject) ||
    toks.slice(0, verbAt).some((t) => t.tags.has("Preposition") && !/^of$/i.test(t.normal))
  )
    return { subject: "", predicate: text };
  return { subject, predicate: joinWords(words.slice(verbAt)), pronoun: pronounOf(toks.slice(0, verbAt)) };
}

/** The first thing a clause names after its verb: "the drowned bell" of "I have heard the drowned bell ringing …". */
export function objectOf(toks: Token[]): string | undefined {
  const verb = toks.findIndex(isVerb);
  const start = toks.findIndex((t, i) => i > verb && verb >= 0 && t.tags.has("Determiner") && /^(the|a|an)$/.test(t.normal));
  if (start < 0) return undefined;
  const end = toks.findIndex((t, i) => i > start && t.tags.has("Noun") && !t.tags.has("Pronoun"));
  if (end < 0 || end - start > 3) return undefined;
  return toks
    .slice(start, end + 1)
    .map((t) => t.text)
    .join(" ")
    .replace(/^(?:a|an)\b/i, "the");
}

// Verb forms for the reader (read.ts): compromise's conjugations, the third person, and the
// infinitive of an inflected form, checked by conjugating it back.
import nlp from "compromise";
import type { Word } from "./read-types";

/** compromise's verb transforms, reached through its world (no document needed). */
export const world = nlp.world() as unknown as {
  model: unknown;
  methods: {
    two: {
      transform: {
        verb: {
          toInfinitive: (s: string, model: unknown, tense?: string) => string;
          conjugate: (s: string, model: unknown) => Record<string, string | undefined>;
        };
      };
    };
  };
};
export const verbs = world.methods.two.transform.verb;

const isConsonant = (c: string | undefined): boolean => c !== undefined && /[a-z]/.test(c) && !"aeiou".includes(c);

/** The present third person singular: "catch" → "catches", "carry" → "carries", "be" → "is". */
export function thirdPerson(verb: string): string {
  const special: Record<string, string> = { have: "has", do: "does", go: "goes", be: "is" };
  if (Object.prototype.hasOwnProperty.call(special, verb)) return special[verb] as string;
  if (/(s|x|z|ch|sh|o)$/.test(verb)) return `${verb}es`;
  if (verb.endsWith("y") && isConsonant(verb.charAt(verb.length - 2))) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** Candidate bases of an inflected form by spelling alone ("ringing" → ring, "chases" → chase). */
function spelledBases(w: string): string[] {
  const out: string[] = [];
  if (w.endsWith("ing")) {
    const stem = w.slice(0, -3);
    out.push(stem, `${stem}e`);
    if (/(.)\1$/.test(stem)) out.push(stem.slice(0, -1));
  } else if (w.endsWith("ed")) {
    const stem = w.slice(0, -2);
    out.push(`${stem}e`, stem, w.slice(0, -1));
    if (stem.endsWith("i")) out.push(`${stem.slice(0, -1)}y`);
    if (/(.)\1$/.test(stem)) out.push(stem.slice(0, -1));
  } else if (w.endsWith("s")) {
    if (w.endsWith("ies")) out.push(`${w.slice(0, -3)}y`);
    out.push(w.slice(0, -1), w.slice(0, -2));
  }
  return out.filter((b) => b.length >= 2);
}

/** The infinitive of one word compromise tagged as a verb ("rang" → "ring"); "" when it cannot be checked. */
export function verbInfinitive(text: string, tags: ReadonlySet<string>): string {
  // "ring", "sing": an infinitive that happens to end in -ing.
  if (tags.has("Infinitive") && !tags.has("Gerund")) return text.toLowerCase();
  return infinitive({ text, lower: text.toLowerCase(), pos: "verb", tags, pause: false });
}

/** The infinitive of a verb form, checked by conjugating it back. */
export function infinitive(word: Word): string {
  const w = word.lower;
  if (word.tags.has("Infinitive") && !w.endsWith("ing")) return w;
  const tense = w.endsWith("ing")
    ? "Gerund"
    : word.tags.has("PastTense")
      ? "PastTense"
      : word.tags.has("Participle")
        ? "Participle"
        : w.endsWith("s")
          ? "PresentTense"
          : undefined;
  if (tense === undefined) return /(ed|en|wn)$/.test(w) ? "" : w;
  const forms = (b: string): string[] => Object.values(verbs.conjugate(b, world.model)).filter((x): x is string => typeof x === "string");
  const known = verbs.toInfinitive(w, world.model, tense);
  if (/^[a-z]+$/.test(known) && known !== w && forms(known).includes(w)) return known;
  for (const b of spelledBases(w)) if (forms(b).includes(w) || thirdPerson(b) === w) return b;
  // Unverified ("known" read as a base form): not a verb we can conjugate.
  return "";
}

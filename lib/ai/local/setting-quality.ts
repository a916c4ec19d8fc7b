import nlp from "compromise";
import { fillTemplate, type World } from "@/lib/kernel";
import { framePrompt } from "../frame-prompt";
import { composeScene } from "./paint/compose";
import { isFunctionWord } from "./read";

// The measures of issue 26's quality test (author.setting.quality.test.ts), kept apart so that
// the test and a report script read the same figures. The premise's nouns are compromise's
// reading of the premise, independent of the author's own reader and of the lexicon.

/** The premise's content nouns, one word each, lower case (not pronouns, not the protagonist's title words like "dr"). */
export function premiseNouns(premise: string): string[] {
  const terms = (nlp(premise).json({ terms: { tags: true } }) as { terms: { normal: string; tags: string[] }[] }[]).flatMap((s) => s.terms);
  const out = terms
    .filter((t) => t.tags.includes("Noun") && !t.tags.includes("Pronoun") && !t.tags.includes("Possessive") && !t.tags.includes("Honorific"))
    .map((t) => t.normal.replace(/[^a-z'-]/g, "").replace(/'s$/, ""))
    .filter((w) => w.length > 1 && !isFunctionWord(w) && !/^(one|two|three|four|five|six|seven|eight|nine|ten|twelve|hundred|thousand|years?|days?|nights?|times?)$/.test(w));
  return [...new Set(out)];
}

const singular = (w: string): string => (w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.endsWith("es") && /(ch|sh|x|s|z)es$/.test(w) ? w.slice(0, -2) : w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);
const wordsOf = (text: string): Set<string> =>
  new Set((text.toLowerCase().match(/[a-z'-]+/g) ?? []).flatMap((w) => [w, ...w.split("-")]).flatMap((w) => [w, singular(w), w.replace(/'s?$/, "")]));

/** compromise's verb forms of a word it tagged as a noun ("crossing" → cross, crosses, crossed…): a premise's verb that compromise misread. */
const world = nlp.world() as unknown as { model: unknown; methods: { two: { transform: { verb: { toInfinitive: (s: string, model: unknown, tense?: string) => string; conjugate: (s: string, model: unknown) => Record<string, string | undefined> } } } } };
function verbForms(word: string): string[] {
  const t = world.methods.two.transform.verb;
  const tense = word.endsWith("ing") ? "Gerund" : word.endsWith("s") ? "PresentTense" : undefined;
  if (!tense) return [];
  const base = t.toInfinitive(word, world.model, tense);
  const forms = Object.values(t.conjugate(base, world.model)).filter((x): x is string => typeof x === "string");
  return forms.includes(word) ? forms : [];
}
/** A noun is named when the prose says it (singular or plural), or, for a word the premise used as a verb, any form of that verb. */
const named = (noun: string, said: Set<string>): boolean => said.has(noun) || said.has(singular(noun)) || verbForms(noun).some((f) => said.has(f));

/** Every prose field a player reads, with the hero's slot filled. */
export function proseOf(world: World): string[] {
  const fill = (t: string): string => fillTemplate(t, undefined, world.slots);
  const states = Object.values(world.scene.states);
  return [
    ...states.flatMap((s) => [s.base, s.ending.title ?? "", s.ending.text ?? "", ...s.variants.map((v) => v.base)]),
    ...world.scene.events.flatMap((e) => [e.name, e.base, e.detail]),
  ]
    .filter((t): t is string => typeof t === "string" && t !== "")
    .map(fill);
}

/** The premise's nouns no prose field names. */
export function unnamedNouns(premise: string, world: World): string[] {
  const said = wordsOf(proseOf(world).join(" "));
  return premiseNouns(premise).filter((n) => !named(n, said));
}

/** What the frames of every state hold: the manifest objects of each. */
export function drawnObjects(world: World): { label: string; motif: string; subject?: boolean }[][] {
  return Object.keys(world.scene.states).map((id) => composeScene({ ...framePrompt(world, id), aspect: "16:9", lite: true }).manifest.objects);
}

/** The premise's nouns no frame draws (as a word of an object's label). */
export function undrawnNouns(premise: string, frames: { label: string }[][]): string[] {
  const drawn = wordsOf(frames.flatMap((f) => f.map((o) => o.label)).join(" "));
  return premiseNouns(premise).filter((n) => !drawn.has(n) && !drawn.has(singular(n)) && verbForms(n).length === 0);
}

/**
 * Sentences that restate their own noun or adjective ("the soft orchard is soft", "the comet
 * smells of comet"): a content word said twice in one sentence, outside one noun phrase said
 * whole ("the night market" twice is a repetition too).
 */
export function restatingSentences(world: World): string[] {
  const out: string[] = [];
  const hero = (world.slots?.hero ?? "").toLowerCase();
  for (const field of proseOf(world)) {
    for (const sentence of field.split(/(?<=[.!?])\s+/)) {
      const lower = hero ? sentence.toLowerCase().split(hero).join(" ") : sentence.toLowerCase();
      const words = (lower.match(/[a-z'-]+/g) ?? []).map((w) => w.replace(/'s$/, "")).filter((w) => w.length > 2 && !isFunctionWord(w) && w !== "the");
      const seen = new Set<string>();
      if (words.some((w) => (seen.has(singular(w)) ? true : (seen.add(singular(w)), false)))) out.push(sentence);
    }
  }
  return out;
}

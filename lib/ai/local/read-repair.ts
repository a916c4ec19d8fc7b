// The reader's repairs (read.ts): compromise's usual slips on premise-like text, fixed word by word.
import type { NounTest, Word } from "./read-types";
import { verbs, world } from "./verb-forms";

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

const SUBORDINATORS = set("before after until till since while when once because");

/** A present-tense verb later in the clause (not after "to", not a participle): the clause already has its verb. */
function laterFinite(words: readonly Word[], i: number): boolean {
  for (let k = i + 1; k < words.length; k++) {
    const x = words[k] as Word;
    if (x.pos === "conj" || SUBORDINATORS.has(x.lower) || /^(that|who|which|whose|where)$/.test(x.lower)) return false;
    if (
      x.pos === "verb" &&
      words[k - 1]?.lower !== "to" &&
      (x.tags.has("PresentTense") || x.tags.has("Infinitive")) &&
      !/(ing|ed)$/.test(x.lower) &&
      !x.text.includes("-")
    )
      return true;
  }
  return false;
}

/** Fixes compromise's usual slips on premise-like text (see the comments). */
export function repair(words: Word[], nounInfo: NounTest | undefined): void {
  const isNoun = nounInfo ? (w: string): boolean => nounInfo(w) !== undefined : undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const prev = words[i - 1];
    const next = words[i + 1];
    // "A washed-up jockey": a hyphenated word between a determiner and a noun is a modifier.
    if (w.text.includes("-") && w.pos === "verb" && prev && (prev.pos === "det" || prev.pos === "num") && next && next.pos === "noun")
      w.pos = "adj";
    // "Two stranded engineers in…": a verb-looking plural after a number, determiner or
    // modifier that the lexicon knows as a noun is that noun.
    if (
      isNoun &&
      w.pos === "verb" &&
      w.tags.has("PresentTense") &&
      /s$/.test(w.lower) &&
      prev &&
      (["num", "det", "poss"].includes(prev.pos) || prev.lower === "of") &&
      isNoun(w.lower)
    )
      w.pos = "noun";
    if (
      isNoun &&
      w.pos === "verb" &&
      w.tags.has("PresentTense") &&
      /s$/.test(w.lower) &&
      prev?.pos === "verb" &&
      (prev.tags.has("PastTense") || prev.tags.has("Participle")) &&
      words[i - 2] &&
      ["num", "det"].includes((words[i - 2] as Word).pos) &&
      isNoun(w.lower)
    )
      w.pos = "noun";
    // "A salvage diver exploring a shipwreck finds…": a participle after a noun, before what it acts on, is a verb.
    if (
      (w.pos === "noun" || w.pos === "adj") &&
      w.lower.endsWith("ing") &&
      prev &&
      (prev.pos === "noun" || prev.pos === "propn") &&
      next &&
      ["det", "poss", "num", "adj", "noun", "prep"].includes(next.pos)
    )
      w.pos = "verb";
    // "seasick pirates searches": two finite verbs cannot follow each other; the first, a noun the lexicon knows, is the subject's head.
    if (
      isNoun &&
      w.pos === "verb" &&
      w.tags.has("PresentTense") &&
      /s$/.test(w.lower) &&
      next &&
      next.tags.has("Plural") &&
      /s$/.test(next.lower) &&
      isNoun(w.lower) &&
      words[i - 2]?.pos === "prep"
    )
      w.pos = "noun";
    // "A ventriloquist's dummy begins": after a possessive noun, a modifier the lexicon knows as a noun, right before a verb, is the head.
    if (
      isNoun &&
      w.pos === "adj" &&
      prev &&
      /['’]s$/.test(prev.text) &&
      (next === undefined || ["verb", "aux", "prep", "conj"].includes(next.pos)) &&
      isNoun(w.lower)
    )
      w.pos = "noun";
  }
  let finite = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word;
    const prev = words[i - 1];
    const next = words[i + 1];
    // "a drowned bell", "the burning city": a participle between a determiner or modifier and a noun.
    if (
      w.pos === "verb" &&
      (w.tags.has("PastTense") || w.tags.has("Participle") || w.tags.has("Gerund")) &&
      prev &&
      ["det", "poss", "adj", "num"].includes(prev.pos) &&
      !prev.pause &&
      next &&
      (next.pos === "noun" || next.pos === "adj")
    ) {
      w.pos = "adj";
      continue;
    }
    // "Mara, a retired detective, returns to…": a plural-looking noun after the subject, before any
    // verb, followed by what a verb takes, is the verb.
    // (Not when a verb follows after adverbs: "identical triplets secretly share".)
    let after = i + 1;
    while (words[after]?.pos === "adv") after++;
    const verbFollows = words[after]?.pos === "verb" || laterFinite(words, i);
    if (
      !finite &&
      !verbFollows &&
      w.pos === "noun" &&
      w.tags.has("Plural") &&
      prev &&
      (prev.pos === "noun" || prev.pos === "propn" || prev.pos === "num" || (prev.pos === "adj" && words[i - 2]?.pos !== "prep")) &&
      (next === undefined ||
        ["det", "poss", "prep", "propn", "pron", "adv", "adj"].includes(next.pos) ||
        (next.pos === "noun" && isNoun !== undefined && !isNoun(w.lower)))
    ) {
      const base = verbs.toInfinitive(w.lower, world.model, "PresentTense");
      if (base !== w.lower && verbs.conjugate(base, world.model).PresentTense === w.lower) w.pos = "verb";
    }
    // "A Roman water engineer discovers poison", "The last librarian trades stories": a plural
    // the lexicon does not know as a noun, or one before another plural, is the clause's verb.
    if (
      !finite &&
      isNoun &&
      w.pos === "noun" &&
      w.tags.has("Plural") &&
      prev &&
      ["noun", "propn", "adj", "num"].includes(prev.pos) &&
      i > 1 &&
      (!isNoun(w.lower) || (next?.pos === "noun" && next.tags.has("Plural")))
    ) {
      const base = verbs.toInfinitive(w.lower, world.model, "PresentTense");
      if (base !== w.lower && verbs.conjugate(base, world.model).PresentTense === w.lower) w.pos = "verb";
    }
    // "Three orphaned sisters inherit a debt": a base-form verb read as a noun right after a plural subject.
    const pluralBefore = prev?.pos === "noun" && (prev.tags.has("Plural") || words[i - 2]?.lower === "and");
    if (
      !finite &&
      w.pos === "noun" &&
      !w.tags.has("Plural") &&
      pluralBefore &&
      next &&
      (["det", "poss", "pron"].includes(next.pos) || (next.pos === "prep" && isNoun !== undefined && !isNoun(w.lower)))
    ) {
      const forms = verbs.conjugate(w.lower, world.model);
      if (forms.Infinitive === w.lower && forms.PresentTense !== undefined && forms.PresentTense !== w.lower) w.pos = "verb";
    }
    // "Detective Ruiz": a capitalised title before a name belongs to the name.
    if (w.pos === "noun" && /^\p{Lu}/u.test(w.text) && next?.pos === "propn") w.pos = "propn";
    // A participle ("an axolotl living in…") does not give the clause its verb.
    if ((w.pos === "verb" && !w.lower.endsWith("ing")) || w.pos === "aux") finite = true;
    if (w.pos === "conj" || SUBORDINATORS.has(w.lower)) finite = false;
  }
  // Nouns compromise read as verbs or adverbs where no verb can stand, that the lexicon knows:
  // after an article or a possessive ("a race", "one book"), after a participle that follows
  // a verb ("repairs broken promises"), after the clause's verb ("discovers poison"), and an
  // adverb between an article and what follows it ("a wandering well across…").
  if (isNoun) {
    for (let i = 1; i < words.length; i++) {
      const w = words[i] as Word;
      const prev = words[i - 1] as Word;
      const next = words[i + 1];
      if (w.pos !== "verb" && w.pos !== "adv") continue;
      // "witnesses a shooting", "a bombed-out shopping mall": a word in -ing right after an
      // article, with no object after it, is a noun (an event or a kind of place).
      if (
        w.lower.endsWith("ing") &&
        w.pos === "verb" &&
        prev.pos === "det" &&
        /^(a|an|the)$/.test(prev.lower) &&
        (next === undefined || ["prep", "conj", "aux", "verb", "noun"].includes(next.pos))
      ) {
        w.pos = next?.pos === "noun" ? "adj" : "noun";
        continue;
      }
      if (!isNoun(w.lower) || w.lower.endsWith("ing")) continue;
      const afterArticle =
        w.pos === "verb" && ((prev.pos === "det" && !/^(that|no)$/.test(prev.lower)) || prev.pos === "poss" || prev.lower === "one");
      const afterArticleAndModifier = w.pos === "adv" && prev.pos === "adj" && ["det", "poss", "num"].includes(words[i - 2]?.pos ?? "");
      const afterParticiple =
        prev.pos === "verb" &&
        (prev.tags.has("PastTense") || prev.tags.has("Participle")) &&
        words[i - 2]?.pos === "verb" &&
        /s$/.test(w.lower);
      const afterVerb =
        w.pos === "verb" &&
        prev.pos === "verb" &&
        !prev.lower.endsWith("ing") &&
        !prev.tags.has("PastTense") &&
        (next === undefined || !["det", "poss", "pron"].includes(next.pos));
      if (afterArticle || afterArticleAndModifier || afterParticiple || afterVerb) {
        w.pos = "noun";
        if (afterParticiple) prev.pos = "adj";
      }
    }
  }
  // "a naturalist on an island catalogues plants that…": two plurals where the clause has no verb
  // yet, the second read as a verb, are a verb and its object.
  if (isNoun) {
    for (let i = 1; i < words.length - 1; i++) {
      const w = words[i] as Word;
      const next = words[i + 1] as Word;
      if (words.slice(0, i).some((x) => x.pos === "verb" || x.pos === "aux")) break;
      const after = words[i + 2];
      // ("cave divers races a current": an article after the second word makes it the verb.)
      if (after && ((after.pos === "det" && after.lower !== "that") || after.pos === "poss" || after.pos === "num")) continue;
      if (
        w.pos !== "noun" ||
        !w.tags.has("Plural") ||
        (words[i - 1] as Word).pos !== "noun" ||
        next.pos !== "verb" ||
        !/[^s]s$/.test(next.lower) ||
        !isNoun(next.lower)
      )
        continue;
      const base = verbs.toInfinitive(w.lower, world.model, "PresentTense");
      if (base !== w.lower && verbs.conjugate(base, world.model).PresentTense === w.lower) {
        w.pos = "verb";
        next.pos = "noun";
      }
    }
  }
  // "a song that opens doors": right after a relative "that", "who" or "which", a word that
  // conjugates as a verb and takes an object is the clause's verb.
  for (let i = 1; i < words.length - 1; i++) {
    const w = words[i] as Word;
    const next = words[i + 1] as Word;
    if (
      w.pos !== "noun" ||
      !/^(that|who|which)$/.test((words[i - 1] as Word).lower) ||
      !/[^s]s$/.test(w.lower) ||
      !["det", "noun", "poss", "adj", "num"].includes(next.pos)
    )
      continue;
    const base = verbs.toInfinitive(w.lower, world.model, "PresentTense");
    if (base !== w.lower && verbs.conjugate(base, world.model).PresentTense === w.lower) w.pos = "verb";
  }
  // "a lonely giant builds", "a mercenary escorts": a modifier run after a determiner that ends
  // before a verb or a preposition ends in its noun.
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Word;
    const next = words[i + 1];
    const prev = words[i - 1] as Word;
    if (
      w.pos === "adj" &&
      (prev.pos === "det" || prev.pos === "poss" || prev.pos === "adj") &&
      (next === undefined || w.pause || ["verb", "aux", "prep", "conj"].includes(next.pos))
    ) {
      let k = i - 1;
      while (k > 0 && (words[k] as Word).pos === "adj") k--;
      if ((words[k] as Word).pos === "det" || (words[k] as Word).pos === "poss") w.pos = "noun";
    }
  }
}

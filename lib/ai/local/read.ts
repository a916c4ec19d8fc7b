// Reads a premise, a frame description or book text with `compromise` (offline, deterministic):
// each word gets a part of speech (closed word classes from our own lists, open ones from
// compromise's tagger, with a few repairs where its tagger is known to slip), then noun phrases
// are chunked (determiner? modifiers* noun+), the subject noun phrase of the first clause is
// found, and verbs are reduced to their infinitive with what they act on.

import nlp from "compromise";

export type Pos = "det" | "poss" | "prep" | "conj" | "pron" | "aux" | "neg" | "adj" | "adv" | "num" | "noun" | "propn" | "verb" | "other";

export interface Word {
  text: string;
  lower: string;
  pos: Pos;
  /** compromise's tags, e.g. "Plural", "Gerund", "Place". */
  tags: ReadonlySet<string>;
  /** A comma, colon, semicolon or dash follows the word. */
  pause: boolean;
}

export interface NounPhrase {
  /** "the drowned bell", "Captain Ahab", "the two kids". */
  label: string;
  /** The phrase's words without its determiner ("drowned bell"). */
  core: string;
  /** Last word: the phrase's head ("bell"). */
  head: string;
  proper: boolean;
  plural: boolean;
  /** compromise called the head a place or a person. */
  place: boolean;
  person: boolean;
  /**
   * A lone singular common noun with no determiner or modifier ("in love", "at birth", "by
   * scooter"): an idiom more often than a place or a thing.
   */
  bare: boolean;
  /** Its adjectives, lower case ("drowned"). */
  modifiers: string[];
  /** The preposition right before the phrase ("under"), or "". */
  prep: string;
  /** Index of the phrase's first and one-past-last word in its sentence. */
  start: number;
  end: number;
}

export interface VerbUse {
  /** Infinitive ("hear"). */
  verb: string;
  /** Present third person singular ("hears"). */
  third: string;
  /** What it acts on, with its preposition when there is one ("the drowned bell", "to the lantern room"); "". */
  object: string;
  /**
   * Someone other than the subject does it: the phrase right before the verb ("a bell ringing",
   * "the ice breaks", "the council votes to abandon…"); "" when the subject (or a pronoun) does.
   */
  doer: string;
  doerPlural: boolean;
}

export interface Reading {
  sentences: { words: Word[]; phrases: NounPhrase[] }[];
  /** The subject of the first clause that has one, as the protagonist ("the lighthouse keeper", "Mara"); "". */
  subject: string;
  subjectPlural: boolean;
  /** Other phrases that name the subject ("the lighthouse keeper" named Mara, "the retired detective" after "Mara,"). */
  aliases: string[];
  /** The text is told in the first person ("I", "we") without saying who. */
  firstPerson: boolean;
  phrases: NounPhrase[];
  verbs: VerbUse[];
}

const set = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

export const FUNCTION_WORDS = {
  det: set("the a an this that these those every each some any no another either neither such"),
  poss: set("his her their its my our your whose"),
  prep: set(
    "in on at to into onto from by with without for of about above below over under beneath behind beyond near around along past inside outside through across toward towards among amid via upon within against between during after before since until till off up down out like aboard atop underneath",
  ),
  conj: set(
    "and or but nor so yet because while when whenever where wherever if though although unless than as once who whom which what that whose how why",
  ),
  pron: set(
    "i me you he him she it we us they them myself yourself himself herself itself ourselves themselves one someone something anyone anything everyone everything nobody nothing",
  ),
  aux: set("is are was were be been being am do does did have has had will would shall should can could may might must"),
  neg: set("not never"),
};

export const isFunctionWord = (w: string): boolean => {
  const l = w.toLowerCase();
  return Object.values(FUNCTION_WORDS).some((s) => s.has(l));
};

/** compromise's verb transforms, reached through its world (no document needed). */
const world = nlp.world() as unknown as {
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
const verbs = world.methods.two.transform.verb;

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
function infinitive(word: Word): string {
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

function classify(text: string, tags: ReadonlySet<string>, first: boolean): Pos {
  const l = text.toLowerCase();
  if (FUNCTION_WORDS.det.has(l)) return "det";
  if (FUNCTION_WORDS.poss.has(l)) return l === "her" && !tags.has("Possessive") ? "pron" : "poss";
  if (FUNCTION_WORDS.aux.has(l)) return "aux";
  if (FUNCTION_WORDS.neg.has(l)) return "neg";
  if (FUNCTION_WORDS.pron.has(l)) return "pron";
  if (FUNCTION_WORDS.conj.has(l) && !(l === "that" && tags.has("Determiner"))) return "conj";
  if (FUNCTION_WORDS.prep.has(l)) return "prep";
  if (!/\p{L}/u.test(text)) return "other";
  if (tags.has("Value")) return "num";
  if (tags.has("Verb") && !tags.has("Auxiliary") && !tags.has("Copula")) return "verb";
  if (tags.has("Adjective")) return "adj";
  if (tags.has("Adverb")) return "adv";
  if (tags.has("Noun")) {
    const capital = /^\p{Lu}/u.test(text);
    // At a sentence start, a capitalised singular noun is a name unless compromise knows it as
    // a common noun that needs no article ("Juno pilots…", not "Fog rolls in…"; "Ghosts dance").
    return capital &&
      (!first ||
        tags.has("ProperNoun") ||
        (!tags.has("Plural") && (tags.has("Actor") || (tags.has("Singular") && !tags.has("Uncountable")))))
      ? "propn"
      : "noun";
  }
  return "other";
}

const SUBORDINATORS = set("before after until till since while when once because");

/** What the lexicon says of a noun, when the caller has one: its base form ("schoolchildren" → "schoolchild"), whether it is someone (a person, an animal, a group of them) and whether it names a group ("gang", "pair"). */
export interface NounInfo {
  lemma: string;
  /** What the word first means is someone. */
  being: boolean;
  /** One of its senses is someone ("ghost"). */
  maybeBeing: boolean;
  collective: boolean;
}
export type NounTest = (word: string) => NounInfo | undefined;

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
function repair(words: Word[], nounInfo: NounTest | undefined): void {
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

const NP_START: ReadonlySet<Pos> = new Set(["det", "poss", "num", "adj", "noun", "propn"]);
const NP_BODY: ReadonlySet<Pos> = new Set(["num", "adj", "noun", "propn"]);

function chunk(words: Word[]): NounPhrase[] {
  const out: NounPhrase[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i] as Word;
    if (!NP_START.has(w.pos)) {
      i++;
      continue;
    }
    const start = i;
    let j = i;
    if (w.pos === "det" || w.pos === "poss") j++;
    let lastNoun = -1;
    while (j < words.length && NP_BODY.has((words[j] as Word).pos)) {
      const x = words[j] as Word;
      // A proper name does not run into a following common noun ("Mara keeper") and vice versa,
      // unless an article leads ("a Roman water engineer", "the Scotland Yard inspector").
      const led = (w.pos === "det" && w.lower !== "the") || w.pos === "num";
      const possessive = /['’]s?$/.test((words[lastNoun] as Word | undefined)?.text ?? "");
      if (
        lastNoun >= 0 &&
        (x.pos === "propn") !== ((words[lastNoun] as Word).pos === "propn") &&
        (x.pos === "noun" || x.pos === "propn") &&
        !(led && x.pos === "noun") &&
        !possessive
      )
        break;
      if (x.pos === "noun" || x.pos === "propn") lastNoun = j;
      j++;
      if (x.pause || j - start >= 5) break;
    }
    if (lastNoun < 0) {
      i = Math.max(j, i + 1);
      continue;
    }
    const end = lastNoun + 1;
    const body = words.slice(start, end);
    const hasDet = body[0]?.pos === "det" || body[0]?.pos === "poss";
    // "her own childhood": "own" belongs to the possessive that "the" replaces.
    const content = (hasDet ? body.slice(1) : body).filter(
      (x, k, all) => !(k === 0 && all.length > 1 && x.lower === "own" && body[0]?.pos === "poss"),
    );
    const headWord = words[lastNoun] as Word;
    // "an Egyptologist": an indefinite article makes a capitalised noun a common one.
    // "Persephone's gardener": a name's possessive leads a phrase that takes no article.
    const proper =
      (content.every((x) => x.pos === "propn") || (content[0]?.pos === "propn" && /['’]s$/.test(content[0].text))) &&
      !(body[0]?.pos === "det" && /^(a|an)$/.test(body[0].lower));
    const core = content.map((x) => (x.pos === "propn" ? x.text : x.lower)).join(" ");
    const prevWord = words[start - 1];
    out.push({
      // "the Mississippi", "the Alps": a name the text gives its article keeps it.
      label: proper ? (body[0]?.lower === "the" ? `the ${core}` : core) : `the ${core}`,
      core,
      head: headWord.lower,
      proper,
      plural: headWord.tags.has("Plural") || content.some((x) => x.pos === "num" && x.lower !== "one"),
      place: headWord.tags.has("Place"),
      person: headWord.tags.has("Person") || headWord.tags.has("Actor"),
      bare: !hasDet && !proper && content.length === 1 && !headWord.tags.has("Plural"),
      modifiers: content.filter((x) => x.pos === "adj" && /^[a-z-]+$/.test(x.lower) && x.lower.length >= 3).map((x) => x.lower),
      prep: prevWord?.pos === "prep" ? prevWord.lower : "",
      start,
      end,
    });
    i = end;
  }
  return out;
}

const MAX_READ_CHARS = 12_000;

/** Reads a text; pure and deterministic. */
export function readText(source: string, nounInfo?: NounTest): Reading {
  const doc = nlp(source.slice(0, MAX_READ_CHARS));
  const json = doc.json({ terms: { tags: true } }) as { terms: { text: string; post: string; tags: string[] }[] }[];
  const sentences = json.map((s) => {
    // "crash-lands": compromise splits hyphenated words; join them, keeping the last part's tags.
    const terms: { text: string; post: string; tags: string[] }[] = [];
    for (const t of s.terms) {
      const prev = terms[terms.length - 1];
      if (prev && prev.post === "-") terms[terms.length - 1] = { text: `${prev.text}-${t.text}`, post: t.post, tags: t.tags };
      else terms.push(t);
    }
    const words: Word[] = terms
      .filter((t) => /[\p{L}\p{N}]/u.test(t.text))
      .map((t, k) => {
        const tags = new Set(t.tags);
        // "Dr." keeps its full stop (compromise moves it into the space after the word).
        const text =
          tags.has("Abbreviation") && t.post.startsWith(".")
            ? `${t.text}.`
            : tags.has("Possessive") && /^['’]/.test(t.post) && /s$/.test(t.text)
              ? `${t.text}'`
              : t.text;
        return { text, lower: text.toLowerCase(), pos: classify(t.text, tags, k === 0), tags, pause: /[,;:—–]|\s-\s|-$/.test(t.post) };
      });
    repair(words, nounInfo);
    return { words, phrases: chunk(words) };
  });

  let subject = "";
  let subjectPlural = false;
  let firstPerson = false;
  const aliases: string[] = [];
  for (const s of sentences) {
    const firstVerb = s.words.findIndex((w) => w.pos === "verb" || w.pos === "aux");
    if (firstVerb < 0) continue;
    const pronoun = s.words.slice(0, firstVerb).find((w) => w.pos === "pron");
    const np = s.phrases.find((p) => p.end <= firstVerb && p.prep === "");
    if (np && !(pronoun && s.words.indexOf(pronoun) < np.start)) {
      // "A keeper named Mara": the name; "Mara, a retired detective,": Mara already.
      const named = s.words[np.end];
      const after = s.phrases.find((p) => p.start === np.end + 1 && p.proper);
      const chosen = named && (named.lower === "named" || named.lower === "called") && after ? after : np;
      if (chosen !== np) aliases.push(np.label);
      const apposition = s.phrases.find((p) => p.start === np.end && (s.words[np.end - 1] as Word).pause && !p.proper);
      if (apposition) aliases.push(apposition.label);
      subject = chosen.label;
      subjectPlural = chosen.plural;
      // "a gang of grandmothers", "the ghost of a cosmonaut", "a family of four": the group is the protagonist.
      const joiner = s.words[chosen.end];
      const joined = s.phrases.find((p) => p.start === chosen.end + 1 && p.end <= firstVerb);
      const said = (p: NounPhrase) =>
        s.words
          .slice(p.start, p.end)
          .map((x) => x.text)
          .join(" ");
      const info = (p: NounPhrase): NounInfo | undefined => nounInfo?.(p.head);
      const plural = (p: NounPhrase): boolean => p.plural || (info(p) !== undefined && info(p)!.lemma !== p.head);
      // A group of someone ("a gang of grandmothers", "a family of four"), or someone's someone ("the ghost of a cosmonaut"); not "the conductor of a night train".
      const groupOf = (p: NounPhrase): boolean =>
        (info(chosen)?.collective === true && plural(p)) ||
        (info(chosen)?.maybeBeing === true &&
          info(chosen)?.collective === false &&
          info(p)?.being === true &&
          info(p)?.collective === false);
      if (!chosen.proper && joiner?.lower === "of" && joined && groupOf(joined)) subject = `${chosen.label} of ${said(joined)}`;
      else if (!chosen.proper && joiner?.lower === "of" && s.words[chosen.end + 1]?.pos === "num" && chosen.end + 2 === firstVerb)
        subject = `${chosen.label} of ${(s.words[chosen.end + 1] as Word).text}`;
      // "a girl made of gingerbread": what the protagonist is made of is part of who they are.
      else if (joiner?.lower === "made" && s.words[chosen.end + 1]?.lower === "of") {
        const stuff = s.phrases.find((p) => p.start === chosen.end + 2);
        if (stuff) subject = `${chosen.label} made of ${said(stuff)}`;
      }
      // "a father and daughter", "a mother and her teenage son": both are.
      else if (joiner?.lower === "and" && joined) {
        subject = `${chosen.label} and ${said(joined)}`;
        subjectPlural = true;
      }
      break;
    }
    if (pronoun && (pronoun.lower === "i" || pronoun.lower === "we")) {
      firstPerson = true;
      subjectPlural = pronoun.lower === "we";
      // "I am a young witch": who the narrator says they are.
      const verb = s.words[firstVerb] as Word;
      const said = s.phrases.find((p) => p.start === firstVerb + 1 && !p.proper);
      if (verb.pos === "aux" && ["am", "are", "was", "were"].includes(verb.lower) && said) {
        subject = said.label;
        subjectPlural = said.plural;
        const joined = s.phrases.find((p) => p.start === said.end + 1 && s.words[said.end]?.lower === "of");
        if (joined && nounInfo?.(said.head)?.collective === true && (joined.plural || nounInfo(joined.head)?.being === true))
          subject = `${said.label} of ${s.words
            .slice(joined.start, joined.end)
            .map((x) => x.text)
            .join(" ")}`;
      }
      break;
    }
    if (pronoun) break;
  }

  const phrases = sentences.flatMap((s) => s.phrases);
  const verbUses: VerbUse[] = [];
  const hero = new Set([subject, ...aliases].map((x) => x.toLowerCase()));
  for (const s of sentences) {
    let chained: { doer: string; plural: boolean } | undefined;
    s.words.forEach((w, i) => {
      if (w.pos !== "verb") {
        if (w.pos !== "prep" && w.pos !== "adv" && w.pos !== "aux" && w.pos !== "neg") chained = undefined;
        return;
      }
      // Who does it: the phrase right before the verb (auxiliaries and adverbs between), or for
      // "to <verb>" right after a verb, that verb's doer.
      let b = i - 1;
      while (b >= 0 && ["aux", "adv", "neg"].includes((s.words[b] as Word).pos)) b--;
      // A phrase after a preposition is never the one doing it ("the sheriff of a mining town investigates").
      const before = s.phrases.find((p) => p.end === b + 1 && p.end <= i && p.prep === "");
      const afterTo = s.words[i - 1]?.lower === "to" && chained !== undefined;
      const doerPhrase = before && !hero.has(before.label.toLowerCase()) ? before : undefined;
      const doer = afterTo ? (chained as { doer: string }).doer : (doerPhrase?.label ?? "");
      const doerPlural = afterTo ? (chained as { plural: boolean }).plural : (doerPhrase?.plural ?? false);
      chained = { doer, plural: doerPlural };
      // A participle after "has", "is", "was"… (perfect or passive) is not an action.
      if (
        s.words[i - 1]?.pos === "aux" &&
        /^(has|have|had|is|are|was|were|be|been|being)$/.test((s.words[i - 1] as Word).lower) &&
        !w.tags.has("Gerund") &&
        doer === ""
      )
        return;
      const verb = infinitive(w);
      if (!/^[a-z]+$/.test(verb) || verb.length < 2) return;
      let k = i + 1;
      while (s.words[k]?.pos === "adv") k++;
      const prep = s.words[k]?.pos === "prep" ? (s.words[k] as Word).lower : "";
      const object = s.phrases.find((p) => p.start === (prep ? k + 1 : k) && !(p.bare && prep !== ""));
      verbUses.push({ verb, third: thirdPerson(verb), object: object ? `${prep ? `${prep} ` : ""}${object.label}` : "", doer, doerPlural });
    });
  }
  return { sentences, subject, subjectPlural, aliases, firstPerson, phrases, verbs: verbUses };
}

// What reading a text gives (read.ts): its words with their part of speech, its noun phrases,
// its verbs with what they act on, and what a caller's lexicon says of a noun.

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

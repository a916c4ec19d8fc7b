// What the character can tell: one clause of its lore or persona in its own voice (made by facts.ts).

export interface Fact {
  source: "persona" | "lore";
  /** The sentence it came from, as written (what a reply must never contain whole). */
  original: string;
  /** The clause in the first person, without closing punctuation. */
  first: string;
  /** Its subject in the first person ("I", "my brother Tobias", "the lamp"), the rest, and the subject's pronoun. */
  subject: string;
  predicate: string;
  pronoun: "he" | "she" | "they" | "it";
  /** Content lemmas, for matching questions by meaning. */
  roots: ReadonlySet<string>;
  /** The character is the clause's subject. */
  self: boolean;
  time?: string;
  place?: string;
  people: string[];
  valence: number;
}

export interface SelfRef {
  /** Lowercase words that name the character ("maren", "holt"). */
  names: ReadonlySet<string>;
  /** The third-person pronoun its lore uses. */
  pronoun: "she" | "he" | "they";
}

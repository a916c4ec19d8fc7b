import nlp from "compromise";
import {
  isPlace,
  isTime,
  isVerb,
  joinWords,
  objectOf,
  phraseAround,
  PLACE_PREP,
  spacing,
  splitSubject,
  TIME_PREP,
  type TermTags,
} from "./clause-parts";
import type { Fact, SelfRef } from "./fact";
import { bare, capitalize, isContent, rootKey, sentencesOf, tokens, valenceOf, type Token } from "./words";

// The lore and persona as facts the character can tell in its own voice: each sentence cut into
// clauses (one fact each), every reference to the character turned into the first person ("You
// have kept the light" → "I have kept the light", "Maren's brother" → "my brother", "She keeps"
// → "I keep") with the verb agreeing, a clause's "it" resolved to what the clause before was
// about, and the phrases a question may ask for (when, where, who) marked.

export type { Fact, SelfRef } from "./fact";

const PRONOUNS = {
  she: { subject: "she", object: "her", possessive: "her", own: "hers", reflexive: "herself" },
  he: { subject: "he", object: "him", possessive: "his", own: "his", reflexive: "himself" },
  they: { subject: "they", object: "them", possessive: "their", own: "theirs", reflexive: "themselves" },
} as const;

const TITLE_WORDS = new Set([
  "the",
  "of",
  "old",
  "young",
  "mister",
  "mistress",
  "mr",
  "mrs",
  "ms",
  "miss",
  "dr",
  "doctor",
  "captain",
  "sir",
  "lady",
  "lord",
  "saint",
  "professor",
  "brother",
  "sister",
  "father",
  "mother",
  "uncle",
  "aunt",
  "master",
  "madame",
  "monsieur",
  "king",
  "queen",
  "prince",
  "princess",
  "chef",
  "general",
  "colonel",
  "sergeant",
  "admiral",
  "judge",
  "reverend",
]);

/** Who the character is in its own lore: its names and the pronoun the lore uses for it. */
export function selfRefOf(name: string, lore: string, persona: string): SelfRef {
  // "Mina the Chef" is Mina; "Maren Holt" is Maren and Holt.
  const proper = name.split(/\s+(?:the|of)\s+/i)[0] ?? name;
  const names = new Set((proper.match(/\p{Lu}[\p{L}'-]*/gu) ?? []).map((w) => w.toLowerCase()).filter((w) => !TITLE_WORDS.has(w)));
  // A pronoun opening a sentence of the lore is most often the character: it counts twice.
  const text = ` ${lore} ${persona} `.toLowerCase();
  const count = (words: string) =>
    (text.match(new RegExp(`\\b(${words})\\b`, "g")) ?? []).length +
    (text.match(new RegExp(`(?:^|[.!?]\\s+)(${words})\\b`, "g")) ?? []).length;
  const she = count("she|her|hers|herself");
  const he = count("he|him|his|himself");
  const they = count("they|their|theirs|themselves");
  let pronoun: SelfRef["pronoun"] = she > he ? "she" : he > she ? "he" : "they";
  if (she === he) {
    const first = nlp(name).terms().json()[0] as { terms: { tags: string[] }[] } | undefined;
    const tags = first?.terms[0]?.tags ?? [];
    pronoun = tags.includes("FemaleName") ? "she" : tags.includes("MaleName") ? "he" : "they";
  }
  if (they > she + he && pronoun !== "they") pronoun = she + he === 0 ? "they" : pronoun;
  return { names, pronoun };
}

/** Persona sentences about how the character talks: voice, not facts (voice.ts reads them). */
export const SPEECH_SENTENCE =
  /\b(speak\w*|talk\w*|voice|tone|accent|dialect|words?|say\w*|phrases?|humou?r|sentences?|swear\w*|call\w* (?:everyone|people|strangers)|address\w*|contractions)\b/i;

/** Splits a sentence where a new subject starts after "and", "but" or ";" (one fact a clause). */
function clausesOf(sentence: string, self: SelfRef): string[] {
  const subjects = ["i", "you", "she", "he", "they", "it", "we", ...self.names].join("|");
  const cut = new RegExp(`\\s*;\\s*|,?\\s+(?:and|but|yet|so)\\s+(?=(?:${subjects})\\b)`, "giu");
  return sentence
    .split(cut)
    .map((c) => bare(c))
    .filter((c) => c.split(/\s+/).length >= 2);
}

/** The verb form that agrees with "I". */
function agreeWithI(t: Token): string {
  const w = t.normal;
  if (w === "is" || w === "are" || w === "'s" || w === "'re") return "am";
  if (w === "were") return "was";
  if (w === "has") return "have";
  if (w === "does") return "do";
  if (t.tags.has("PresentTense") && !t.tags.has("Infinitive") && /s$/.test(w) && !t.tags.has("Copula")) {
    const base = nlp(w).verbs().toInfinitive().text();
    return base || w;
  }
  return t.text.toLowerCase() === t.text ? t.text : w;
}

/**
 * A clause with every reference to the character in the first person. `persona`: "you" is the
 * character; lore: its names and its pronoun are. Returns the words and whether the character is
 * the clause's subject.
 */
export function firstPerson(clause: string, self: SelfRef, persona: boolean): { words: string[]; self: boolean; tokens: Token[] } {
  const toks = tokens(clause);
  const p = PRONOUNS[self.pronoun];
  const out: string[] = [];
  let agree = false;
  let selfSubject = false;
  let seenVerb = false;
  let keepName = false;
  let pluralSeen = false;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    // A "they" character: "them" after "the bridges" is the bridges.
    const pronounIsSelf = self.pronoun !== "they" || !pluralSeen;
    if (t.tags.has("Plural") && !t.tags.has("Pronoun")) pluralSeen = true;
    const w = t.normal.replace(/[’]/g, "'");
    const next = toks[i + 1];
    const prev = out.length > 0 ? toks[i - 1] : undefined;
    const atSubject =
      !prev ||
      (!seenVerb && !isVerb(prev)) ||
      prev.tags.has("Conjunction") ||
      /[,;:]\s*$/.test(prev.post) ||
      ["when", "while", "because", "after", "before", "that", "until", "since", "if", "as"].includes(prev.normal);
    const possessiveName = t.tags.has("Possessive") && self.names.has(w.replace(/'s?$/, ""));
    const isName = self.names.has(w);
    let replaced: string | undefined;
    // "Professor Quill has …": the title before a name of the character goes with it.
    if (TITLE_WORDS.has(w) && /^\p{Lu}/u.test(t.text) && next && self.names.has(next.normal.replace(/'s?$/, "")) && !keepName) {
      out.push("");
      continue;
    }
    if (possessiveName) replaced = "my";
    else if (isName) {
      // A name of several words is one reference: its other words go (or all stay, after "I am").
      if (prev && self.names.has(prev.normal)) {
        out.push(keepName ? t.text + spacing(t) : /[,;:]/.test(t.post) ? t.post.trim() + " " : "");
        continue;
      }
      const posNext = next && next.tags.has("Possessive") && self.names.has(next.normal.replace(/'s?$/, ""));
      if (posNext) {
        out.push("");
        continue;
      }
      // "I am Maren Holt": the name after "I am" stays a name.
      keepName = !!prev && prev.tags.has("Copula") && out.some((w) => w.trim() === "I" || w.trim() === "am");
      if (keepName) replaced = t.text;
      else replaced = atSubject ? "I" : "me";
    } else if (persona && (w === "you" || w === "your" || w === "yours" || w === "yourself")) {
      replaced = w === "your" ? "my" : w === "yours" ? "mine" : w === "yourself" ? "myself" : atSubject ? "I" : "me";
    } else if (!persona && pronounIsSelf && (w === p.subject || w === p.object || w === p.possessive || w === p.own || w === p.reflexive)) {
      // "her"/"his" before a word of its noun phrase is "my" ("his left hand"), else "me"/"mine".
      const beforeNoun =
        !!next &&
        !/[,;:.!?]/.test(t.post) &&
        !["Preposition", "Conjunction", "Copula", "Auxiliary", "Modal", "Determiner", "Pronoun"].some((tag) => next.tags.has(tag)) &&
        !(next.tags.has("Verb") && !next.tags.has("Adjective") && next.tags.has("PresentTense"));
      if (w === p.reflexive) replaced = "myself";
      else if (w === p.subject) replaced = "I";
      else if (w === p.possessive && beforeNoun) replaced = "my";
      else if (w === p.own) replaced = "mine";
      else replaced = "me";
    }
    if (replaced !== undefined) {
      if (keepName && isName) {
        out.push(replaced + spacing(t));
        continue;
      }
      if (replaced === "I") {
        agree = true;
        if (!seenVerb) selfSubject = true;
      }
      out.push(replaced + spacing(t));
      continue;
    }
    // compromise may read a verb after a name as a plural noun ("Anselm brews ale"): read it again after "she".
    const verbAfterI =
      agree &&
      !isVerb(t) &&
      t.tags.has("Plural") &&
      /s$/.test(w) &&
      (nlp(`she ${w}`).json()[0] as { terms: TermTags[] } | undefined)?.terms[1]?.tags.includes("Verb");
    if (agree && (isVerb(t) || verbAfterI)) {
      if (verbAfterI) {
        out.push((nlp(w).verbs().toInfinitive().text() || w.replace(/e?s$/, "")) + spacing(t));
        agree = false;
        seenVerb = true;
        continue;
      }
      out.push(agreeWithI(t) + spacing(t));
      if (!t.tags.has("Auxiliary") || t.tags.has("Copula")) agree = false;
      if (!["Adverb"].some((tag) => t.tags.has(tag))) seenVerb = true;
      continue;
    }
    if (isVerb(t)) seenVerb = true;
    out.push(t.text + spacing(t));
  }
  return { words: out, self: selfSubject, tokens: toks };
}

/** Every fact of a character's persona and lore, in the first person. */
export function factsOf(character: { name: string; persona: string; lore: string }, self: SelfRef): Fact[] {
  const facts: Fact[] = [];
  const add = (text: string, source: Fact["source"]) => {
    for (const sentence of sentencesOf(text)) {
      if (source === "persona" && SPEECH_SENTENCE.test(sentence) && !/\b(you are|your name)\b/i.test(sentence)) continue;
      let lastSubject = "";
      let lastThing = "";
      for (let clause of clausesOf(sentence, self)) {
        // "… the drowned bell …, and you fear it": a clause ending on "it" means the thing the clause before named.
        if (lastThing && /\bit$/i.test(clause)) clause = clause.replace(/\bit$/i, () => lastThing);
        // "it"/"they" opening a clause is what the clause before was about, when that was not the character.
        if (lastSubject && /^(it|they)\b/i.test(clause) && !(self.pronoun === "they" && /^they\b/i.test(clause)))
          clause = clause.replace(/^(it|they)\b/i, lastSubject);
        const converted = firstPerson(clause, self, source === "persona");
        const first = capitalize(joinWords(converted.words));
        const { subject, predicate, pronoun } = splitSubject(converted.words, converted.tokens);
        if (subject && !/^(i|me|my)$/i.test(subject) && !/^(it|they|this|that|there)$/i.test(subject))
          lastSubject = subject.replace(/^my\b/i, self.pronoun === "they" ? "their" : PRONOUNS[self.pronoun].possessive);
        lastThing = objectOf(converted.tokens) ?? lastThing;
        const people = converted.tokens
          .filter((t) => t.tags.has("Person") && !self.names.has(t.normal))
          .map((t) => t.text.replace(/'s$/, ""));
        facts.push({
          source,
          original: sentence,
          first,
          subject: subject ? capitalize(subject) : "",
          predicate,
          pronoun: pronoun ?? "it",
          roots: new Set(
            converted.tokens
              .filter(isContent)
              .map(rootKey)
              .filter((r) => !self.names.has(r)),
          ),
          self: converted.self,
          time: phraseAround(converted.tokens, isTime, TIME_PREP),
          place: phraseAround(converted.tokens, isPlace, PLACE_PREP),
          people,
          valence: valenceOf(clause),
        });
      }
    }
  };
  add(character.persona, "persona");
  add(character.lore, "lore");
  return facts;
}

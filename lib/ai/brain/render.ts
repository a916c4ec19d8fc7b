import type { Fact } from "./facts";
import { inVoice, type Voice } from "./voice";
import { bare, capitalize } from "./words";
import type { Wh } from "./understand";

// One fact said aloud, by meaning rather than as written: what the question asks for comes first
// ("In 1979, my brother Tobias drowned"), a fact about something else is named then told ("The
// lamp? It burns paraffin now."), the character's own deeds lead with their time ("Since 1961
// I've kept the light"), contractions follow the voice. `variant` picks another shape, so the
// same fact told twice is never the same line.

const MALE = /\b(brother|father|son|husband|uncle|nephew|grandfather|king|prince|lord|man|boy|monk|priest|sir|master|lad|he)\b/i;
const FEMALE = /\b(sister|mother|daughter|wife|aunt|niece|grandmother|queen|princess|lady|woman|girl|nun|mistress|lass|she)\b/i;

/** The pronoun that takes up a subject: "my brother Tobias" → "he", "the lamps" → "they". */
export function pronounFor(subject: string, fact: Pick<Fact, "people">): string {
  const s = subject.toLowerCase();
  if (/^(i|me|my)$/.test(s)) return "I";
  if (/\b(and|both|all)\b/.test(s) || (/s$/.test(bare(s).split(" ").pop() ?? "") && !/(ss|us|is)$/.test(s) && !fact.people.length)) return "they";
  if (FEMALE.test(s)) return "she";
  if (MALE.test(s) || (fact.people.length > 0 && fact.people.some((p) => s.includes(p.toLowerCase())))) return "he";
  return "it";
}

const lowerFirst = (s: string) => (/^(I|I'm|I've|I'll|I'd)\b/.test(s) || /^\p{Lu}\p{L}*\s+\p{Lu}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));

/** The clause without one of its phrases ("In 1979" out of "… drowned in 1979 when …"). */
function without(text: string, phrase: string): string {
  const at = text.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0) return text;
  return (text.slice(0, at) + text.slice(at + phrase.length)).replace(/\s+,/g, ",").replace(/\s{2,}/g, " ").replace(/,\s*$/, "").trim();
}

/** The shapes a fact can be said in, best first for what was asked. */
function shapes(fact: Fact, focus: Wh | undefined): string[] {
  const out: string[] = [];
  const first = bare(fact.first);
  // A phrase leads only where it can stand first: a time, or a place after "in", "at", "on"…; never one
  // that a "which" clause hangs on, nor a thing the verb needs ("belonged to …").
  const lead = (phrase: string | undefined, prep: RegExp) => {
    if (!phrase || !prep.test(phrase)) return undefined;
    const at = first.toLowerCase().indexOf(phrase.toLowerCase());
    if (at < 0 || /^\s*,\s*(?:which|who|where|whose)\b/i.test(first.slice(at + phrase.length))) return undefined;
    // A phrase inside a "which"/"who" clause belongs to that clause: it cannot lead the sentence.
    if (/\b(?:which|who|whom|whose|that|where)\b/i.test(first.slice(0, at))) return undefined;
    return `${capitalize(phrase)}, ${lowerFirst(without(first, phrase))}`;
  };
  const time = lead(fact.time, /^(?:in|since|until|till|for|at|during|every|each|on|before|after|by|through|once|now|tonight|nowadays|\d|[a-z]+ (?:years?|days?|months?|weeks?) ago)\b/i);
  const place = lead(fact.place, /^(?:in|at|on|under|beneath|below|near|beyond|across|behind|inside|outside|above|over)\s/i);
  const named =
    fact.subject && !/^(I|My)$/i.test(fact.subject) && fact.predicate
      ? `${capitalize(fact.subject)}? ${capitalize(pronounFor(fact.subject, fact))} ${fact.predicate.replace(/^(?:is|was|has|does)\b/, (w) => (pronounFor(fact.subject, fact) === "they" ? { is: "are", was: "were", has: "have", does: "do" }[w]! : w))}`
      : undefined;
  if (focus === "when" || focus === "howmany") out.push(time ?? "", named ?? "", first, place ?? "");
  else if (focus === "where") out.push(place ?? "", named ?? "", first, time ?? "");
  else if (fact.self) out.push(time ?? "", first, named ?? "", place ?? "");
  else out.push(named ?? "", time ?? "", first, place ?? "");
  return [...new Set(out.filter((s) => s.length > 0))];
}

/** A fact in the character's voice: the shape `variant` points at among those that fit the question. */
export function sayFact(fact: Fact, voice: Voice, focus: Wh | undefined, variant: number): string {
  const options = shapes(fact, focus);
  const line = options[variant % options.length]!;
  return `${inVoice(capitalize(line), voice).replace(/[,;:]$/, "")}.`;
}

/** The first verb phrase of a plan, turned to a "don't": "row out tonight to find the bell" → "row out tonight". */
export function planCore(act: string): string {
  const core = act.split(/\s+(?:to|so|and|because|in order to|before|after)\s+/i)[0] ?? act;
  return core
    .replace(/\bmy\b/gi, "your")
    .replace(/\bmyself\b/gi, "yourself")
    .replace(/\bme\b/gi, "you")
    .replace(/^(?:going to|gonna)\s+/i, "")
    .trim();
}

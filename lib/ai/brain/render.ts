import type { Fact } from "./facts";
import { inVoice, type Voice } from "./voice";
import { bare, capitalize, comparable } from "./words";
import type { Wh } from "./understand";

// One fact said aloud, by meaning rather than as written: what the question asks for comes first
// ("In 1979, my brother Tobias drowned"), a fact about something else is named then told ("The
// lamp? It burns paraffin now."), the character's own deeds lead with their time ("Since 1961
// I've kept the light"), contractions follow the voice. `variant` picks another shape, so the
// same fact told twice is never the same line.

const lowerFirst = (s: string) =>
  /^(I|I'm|I've|I'll|I'd)\b/.test(s) || /^\p{Lu}\p{L}*\s+\p{Lu}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);

/** The clause without one of its phrases ("In 1979" out of "… drowned in 1979 when …"). */
function without(text: string, phrase: string): string {
  const at = text.toLowerCase().indexOf(phrase.toLowerCase());
  if (at < 0) return text;
  return (text.slice(0, at) + text.slice(at + phrase.length))
    .replace(/\s+,/g, ",")
    .replace(/\s{2,}/g, " ")
    .replace(/,\s*$/, "")
    .trim();
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
    // Nor one a "which" clause or an appositive hangs on ("in 1348, the year the plague came").
    if (at < 0 || /^\s*,\s*(?:which|who|where|whose|the|a|an)\b/i.test(first.slice(at + phrase.length))) return undefined;
    // A phrase inside a "which"/"who" clause belongs to that clause: it cannot lead the sentence.
    if (/\b(?:which|who|whom|whose|that|where)\b/i.test(first.slice(0, at))) return undefined;
    return `${capitalize(phrase)}, ${lowerFirst(without(first, phrase))}`;
  };
  const time = lead(
    fact.time,
    /^(?:in|since|until|till|for|at|during|every|each|on|before|after|by|through|once|now|tonight|nowadays|\d|[a-z]+ (?:years?|days?|months?|weeks?) ago)\b/i,
  );
  const place = lead(fact.place, /^(?:in|at|on|under|beneath|below|near|beyond|across|behind|inside|outside|above|over)\s/i);
  const they = fact.pronoun === "they";
  const named =
    fact.subject && !/^(I|My)$/i.test(fact.subject) && fact.predicate
      ? `${capitalize(fact.subject)}? ${capitalize(fact.pronoun)} ${they ? fact.predicate.replace(/^(?:is|was|has|does)\b/, (w) => ({ is: "are", was: "were", has: "have", does: "do" })[w]!) : fact.predicate}`
      : undefined;
  if (focus === "when" || focus === "howmany") out.push(time ?? "", named ?? "", first, place ?? "");
  else if (focus === "where") out.push(place ?? "", named ?? "", first, time ?? "");
  else if (fact.self) out.push(time ?? "", first, named ?? "", place ?? "");
  else out.push(named ?? "", time ?? "", first, place ?? "");
  // "A and B" said the other way round, for a clause no other shape can change.
  const halves = /^(.+?),? and ((?:nobody|no one|he|she|they|it|I|we|the \w+ (?:is|are|was|were|has|have|had))\b.+)$/.exec(first);
  if (halves && halves[2]!.split(" ").length >= 2) out.push(`${capitalize(halves[2]!)}, and ${lowerFirst(halves[1]!)}`);
  // Never the source sentence as written.
  const original = comparable(fact.original);
  return [...new Set(out.filter((s) => s.length > 0 && comparable(s) !== original && !comparable(s).includes(original)))];
}

const FIRST_PERSON = /\b(?:I|I'm|I've|I'll|I'd|me|my|mine|myself)\b/i;

/** A fact that does not speak of the character is still the character's telling: "…, I can tell you". */
function told(line: string, past: boolean, k: number): string {
  if (FIRST_PERSON.test(line)) return line;
  const tags = past
    ? [", if I remember right", ", as I recall it", ", I remember"]
    : [", I can tell you", ", I'll have you know", ", as I know well"];
  return `${line}${tags[k % tags.length]}`;
}

/**
 * A fact in the character's voice: the best shape for the question, the next one on each retry
 * (`variant`), or "" when every shape would be the source sentence itself.
 */
export function sayFact(fact: Fact, voice: Voice, focus: Wh | undefined, variant: number): string {
  const options = shapes(fact, focus);
  if (options.length === 0) return "";
  const line = told(
    options[variant % options.length]!,
    /\b(?:was|were|had|did|\w+ed)\b/.test(fact.predicate || fact.first) && !/\b(?:is|are|has|have)\b/.test(fact.predicate || fact.first),
    variant,
  );
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

// A chapter sentence's deed and doer (chapter-read.ts): the verb that turns it with its object,
// who is at a place it names, and the name a thing is given beside it.
import type { Lexicon } from "@/lib/lexicon";
import type { Beat, Deed, NameKind } from "./chapter-span";
import { capitalised, firstKind, STRONG_VERBS, stripPossessive, type Term } from "./chapter-words";
import { FUNCTION_WORDS, verbInfinitive } from "./read";

/** The strongest deed of a sentence: a verb that turns a story (else its first verb), with its object. */
export function deedIn(beat: Beat, terms: Term[], full: (n: string) => string): Deed | undefined {
  const all = terms
    .map((t, i) => ({
      t,
      i,
      inf: t.tags.has("Verb") && !t.tags.has("Auxiliary") && !t.tags.has("Copula") ? verbInfinitive(t.text, t.tags) : "",
    }))
    .filter((v) => v.inf !== "" && !/^(be|have|do|begin|start|go|come|seem|try|want|let|say|tell|ask|reply|answer|speak)$/.test(v.inf));
  const plain = (inf: string): boolean => /^(think|know|see|look)$/.test(inf);
  // A verb of a relative clause ("the woman who had drowned…") is not the sentence's deed.
  // (A plain verb of seeing or knowing only when the main clause has nothing else.)
  const main = all.filter((v) => !terms.slice(Math.max(0, v.i - 4), v.i).some((t) => /^(who|which|whom|whose|that)$/.test(t.lower)));
  const chosen = main.find((v) => STRONG_VERBS.has(v.inf)) ?? main.find((v) => !plain(v.inf)) ?? main[0];
  if (!chosen) return undefined;
  const out: string[] = [];
  let k = chosen.i + 1;
  // A particle and a preposition ("pulled him down the far side"), then the phrase, then its name in apposition.
  while (k < terms.length && out.length < 12) {
    const x = terms[k] as Term;
    if (x.tags.has("Verb") && !x.tags.has("Adjective") && !x.tags.has("Noun")) break;
    if (
      (x.tags.has("Conjunction") ||
        /^(rather|than|as|because|while|when|until|though|although|if|once|before|after|again|too)$/.test(x.lower)) &&
      out.length > 0
    )
      break;
    if (x.tags.has("Pronoun")) {
      const stand = /^(him|her|them|it)$/.test(x.lower)
        ? beat.people.find((p) => !terms.slice(0, chosen.i).some((y) => p.split(" ").includes(y.text)))
        : undefined;
      if (x.lower === "it" && out.length === 0) out.push("it");
      else out.push(stand ?? x.lower);
    } else out.push(x.text);
    if (/[,;:!?.—]/.test(x.post)) {
      // ", Old Gideon,": the name of what was just named.
      const name: string[] = [];
      for (let m = k + 1; m < terms.length && capitalised((terms[m] as Term).text) && name.length < 3; m++) {
        name.push((terms[m] as Term).text);
        if (/[,;:!?.]/.test((terms[m] as Term).post)) break;
      }
      if (name.length > 0 && out.some((w) => !capitalised(w))) out.push(`, ${name.join(" ")}`);
      break;
    }
    k++;
  }
  const object = out
    .join(" ")
    .replace(/ ,/g, ",")
    .replace(/^(his|her|their|its|my|our|your)\s/i, "the ")
    .trim();
  const before = terms
    .slice(0, chosen.i)
    .filter((t) => capitalised(t.text))
    .map((t) => full(stripPossessive(t.text)));
  const doer = beat.people.find((p) => before.some((b) => p === b || p.split(" ").includes(b))) ?? "";
  return { verb: chosen.inf, object, doer };
}

/**
 * Who is at a place a sentence names: the nearest one before it who can be somewhere, a subject
 * pronoun, a person's name, or a noun whose first sense is someone ("the clerk ran home to Camden
 * Town", "they stood on the frozen bank"), skipping what a preposition governs; "" when none.
 */
export function doerBefore(terms: Term[], at: number, lexicon: Lexicon, full: (n: string) => string, kinds: Map<string, NameKind>): string {
  let aside = 0;
  for (let k = at - 1; k >= Math.max(0, at - 50); k--) {
    const t = terms[k] as Term;
    // A parenthesis is an aside: "(for he boasted no great-coat)" says nothing of who went.
    if (t.post.includes(")")) aside++;
    if (aside > 0) {
      if (t.pre.includes("(")) aside--;
      continue;
    }
    const governed =
      FUNCTION_WORDS.prep.has(terms[k - 1]?.lower ?? "") ||
      (FUNCTION_WORDS.prep.has(terms[k - 2]?.lower ?? "") &&
        (FUNCTION_WORDS.det.has(terms[k - 1]?.lower ?? "") || FUNCTION_WORDS.poss.has(terms[k - 1]?.lower ?? "")));
    if (/^(he|she|they|we|i)$/.test(t.lower)) return t.lower;
    if (governed) continue;
    if (/['’]s$/.test(t.text)) continue;
    // "Ilse and Tomas crept in": who comes first in a pair is there too.
    const pair = (name: string): string =>
      terms[k - 1]?.lower === "and" && terms[k - 2] && capitalised((terms[k - 2] as Term).text)
        ? `${full(stripPossessive((terms[k - 2] as Term).text))} and ${name}`
        : name;
    if (capitalised(t.text)) {
      const two = terms[k - 1] && capitalised((terms[k - 1] as Term).text) ? full(`${(terms[k - 1] as Term).text} ${t.text}`) : "";
      if (two && kinds.get(two) === "person") return two;
      const one = full(stripPossessive(t.text));
      if (kinds.get(one) === "person" || firstKind(lexicon, t.lower) === "person") return pair(one);
      continue;
    }
    if (t.tags.has("Noun") && firstKind(lexicon, t.lower) === "person") return `the ${t.lower}`;
  }
  return "";
}

/** ", Old Gideon," right after a thing: its name, kept with it. */
export function appositionOf(terms: Term[], j: number): string {
  const prev = terms[j - 1];
  if (!prev || !/,/.test(prev.post)) return "";
  const words: string[] = [];
  for (let k = j; k < terms.length && capitalised((terms[k] as Term).text); k++) {
    words.push((terms[k] as Term).text);
    if (/[,;:!?.]/.test((terms[k] as Term).post)) break;
  }
  return words.length > 0 && words.length <= 3 ? `, ${words.join(" ")}` : "";
}

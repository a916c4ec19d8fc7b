// One chapter of a book read as the book tells it: its sentences in order, who is named in each
// (people: names the book capitalises mid-sentence and the lexicon or the tagger calls someone,
// never a pronoun or a contraction), where each happens (settings: a noun whose lexicon kind is
// a place or a structure, or a proper name the narration goes to, at or through, never a place
// only spoken of in dialogue or in passing), what is done to which things, and where the
// chapter's climax is. Pure and deterministic; compromise tags the words, WordNet (lib/lexicon)
// says what the nouns are.

import nlp from "compromise";
import { BEING_KINDS, PLACE_KINDS, THING_KINDS, type Kind, type Lexicon } from "@/lib/lexicon";
import { findClimax } from "./chapter-climax";
import { appositionOf, deedIn, doerBefore } from "./chapter-deeds";
import { nameRunsOf } from "./chapter-names";
import type { Beat, ChapterSpan, NameKind } from "./chapter-span";
import {
  beingAmongFirst,
  capitalised,
  CONDITIONS,
  firstKind,
  isFunction,
  isPlaceNoun,
  LOCATIVE,
  narrationMask,
  PUT_VERBS,
  REACH,
  splitSentences,
  stripPossessive,
  TITLES,
  type Term,
} from "./chapter-words";
import { FUNCTION_WORDS, verbInfinitive } from "./read";

export type { Beat, ChapterSpan, Deed, NameKind } from "./chapter-span";
export { CONTRACTION, isAftermath, isPlaceNoun, STRONG_VERBS } from "./chapter-words";

interface Evidence {
  person: number;
  place: number;
  thing: number;
  count: number;
}

export interface ReadChapterOptions {
  /** The book's protagonist, counted as a person wherever named. */
  hero?: string;
  /** The chapter's heading: what its climax answers, with its opening. */
  title?: string;
  /** Names the book (or the chapters before) already made people. */
  knownPeople?: readonly string[];
}

/** Reads one chapter's text (already clean: see book-text.ts). */
export function readChapter(text: string, lexicon: Lexicon, options: ReadChapterOptions = {}): ChapterSpan {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter((p) => p !== "");
  const total = Math.max(
    1,
    paragraphs.reduce((n, p) => n + p.length + 2, 0),
  );
  // Words the chapter capitalises mid-sentence: the only capitalised sentence openers that can be names.
  const midCaps = new Set([...text.matchAll(/[\p{Ll},;:—] (\p{Lu}[\p{L}'’]+)/gu)].map((m) => stripPossessive(m[1] as string)));
  const known = new Set([options.hero ?? "", ...(options.knownPeople ?? [])].filter(Boolean).map((n) => n.toLowerCase()));

  type RawBeat = { paragraph: number; text: string; spoken: boolean; at: number; terms: Term[] };
  const raw: RawBeat[] = [];
  let offset = 0;
  paragraphs.forEach((paragraph, p) => {
    const mask = narrationMask(paragraph);
    let cursor = 0;
    for (const sentence of splitSentences(paragraph)) {
      const start = paragraph.indexOf(sentence, cursor);
      const from = start < 0 ? cursor : start;
      cursor = from + sentence.length;
      const chars = Array.from(sentence);
      // Array.from and the mask both walk code points; `from` is in UTF-16 units, close enough for prose.
      const narration = chars.map((c, k) => (mask[from + k] === false ? " " : c)).join("");
      const spoken = narration.replace(/\s+/g, " ").trim().length < sentence.replace(/\s+/g, " ").trim().length - 2;
      const doc = nlp(narration.replace(/\s+/g, " "));
      const json = doc.json({ terms: { tags: true } }) as { terms: { text: string; pre: string; post: string; tags: string[] }[] }[];
      const terms = json
        .flatMap((s) => s.terms)
        .filter((t) => /[\p{L}\p{N}]/u.test(t.text))
        .map((t) => ({ text: t.text, lower: t.text.toLowerCase(), tags: new Set(t.tags), post: t.post, pre: t.pre }));
      raw.push({ paragraph: p, text: sentence, spoken, at: (offset + from) / total, terms });
    }
    offset += paragraph.length + 2;
  });

  // Names: runs of capitalised words ("Brother Aldo", "Marguerite Sallow", "Ghost of Christmas Past"), with their evidence.
  const evidence = new Map<string, Evidence>();
  const runsOf = (terms: Term[]): { name: string; start: number; end: number }[] => nameRunsOf(terms, { lexicon, midCaps, known });

  const note = (name: string, kind: keyof Omit<Evidence, "count">, weight: number): void => {
    const e = evidence.get(name) ?? { person: 0, place: 0, thing: 0, count: 0 };
    e[kind] += weight;
    evidence.set(name, e);
  };

  const runsByBeat = raw.map((b) =>
    runsOf(b.terms).filter((r) => {
      const first = r.name.split(" ")[0] as string;
      // A sentence's first word is a name only when the chapter capitalises it mid-sentence too.
      return (
        r.start > 0 ||
        midCaps.has(first) ||
        midCaps.has(r.name.split(" ").pop() as string) ||
        known.has(r.name.toLowerCase()) ||
        TITLES.has(first.toLowerCase())
      );
    }),
  );
  raw.forEach((b, k) => {
    for (const r of runsByBeat[k] as { name: string; start: number; end: number }[]) {
      const words = r.name.split(" ");
      const head = (words[words.length - 1] as string).toLowerCase();
      const e = evidence.get(r.name) ?? { person: 0, place: 0, thing: 0, count: 0 };
      e.count++;
      evidence.set(r.name, e);
      const terms = b.terms.slice(r.start, r.end);
      if (known.has(r.name.toLowerCase())) note(r.name, "person", 5);
      if (terms.some((t) => t.tags.has("Person") || t.tags.has("FirstName") || t.tags.has("LastName") || t.tags.has("Honorific")))
        note(r.name, "person", 1);
      if (TITLES.has((words[0] as string).toLowerCase()) && words.length > 1) note(r.name, "person", 3);
      const headKind = firstKind(lexicon, head);
      // A name WordNet knows as a place ("London", "Great Britain", "Camden Town" is not, but its "Town" is).
      const named = lexicon.senses(r.name.toLowerCase())[0];
      if (named && named.proper && PLACE_KINDS.has(named.kind)) note(r.name, "place", 6);
      if (words.length > 1 && isPlaceNoun(lexicon, head)) note(r.name, "place", 4);
      else if (beingAmongFirst(lexicon, head) || (headKind !== undefined && BEING_KINDS.has(headKind))) note(r.name, "person", 2);
      // Apposition: "the great bell, Old Gideon", "her old mule Pepper", "the river Morrow".
      const before = b.terms[r.start - 1];
      if (before && !capitalised(before.text) && before.tags.has("Noun")) {
        const kind = firstKind(lexicon, before.lower);
        if (kind && BEING_KINDS.has(kind)) note(r.name, "person", 5);
        else if (kind && PLACE_KINDS.has(kind)) note(r.name, "place", 5);
        else if (kind && THING_KINDS.has(kind)) note(r.name, "thing", 5);
      }
      // "the Lune", "the Gannet": a name the book writes after "the" is a place or a thing, unless the lexicon says someone ("the Ghost").
      if (before?.lower === "the" && words.length === 1 && !beingAmongFirst(lexicon, head)) {
        const afterThe = b.terms[r.end];
        const prepBefore = b.terms[r.start - 2]?.lower ?? "";
        const placeLike = (afterThe !== undefined && isPlaceNoun(lexicon, afterThe.lower)) || LOCATIVE.has(prepBefore);
        note(r.name, placeLike ? "place" : "thing", placeLike ? 2 : 1);
      }
      // After a preposition of place in the narration: a place ("to Brennock", "at Kettle Ford").
      const prep = before?.lower ?? "";
      if (LOCATIVE.has(prep) && prep !== "to") note(r.name, "place", 1.5);
      if (prep === "to" && !/^(said|spoke|talked|called|cried|turned|went)$/.test(b.terms[r.start - 2]?.lower ?? ""))
        note(r.name, "place", 0.5);
      // Doing something: the name right before a verb ("Tomas ran", "said Tomas").
      const after = b.terms[r.end];
      if (after && after.tags.has("Verb") && !after.tags.has("Gerund")) note(r.name, "person", 1);
      if (before && /^(said|asked|cried|replied|answered|told|called)$/.test(before.lower)) note(r.name, "person", 2);
    }
  });

  // Short forms: "Ilse" is "Ilse Varga" when only one longer name starts or ends with it.
  const names = [...evidence.keys()];
  const fullOf = new Map<string, string>();
  for (const n of names) {
    if (n.includes(" ")) continue;
    const longer = names.filter(
      (m) =>
        m !== n && !TITLES.has(m.split(" ")[0]!.toLowerCase()) && (m.startsWith(`${n} `) || m.endsWith(` ${n}`)) && !m.includes(" of "),
    );
    if (longer.length === 1) fullOf.set(n, longer[0] as string);
  }
  const full = (n: string): string => fullOf.get(n) ?? n;
  const merged = new Map<string, Evidence>();
  for (const [n, e] of evidence) {
    const f = full(n);
    const m = merged.get(f) ?? { person: 0, place: 0, thing: 0, count: 0 };
    merged.set(f, { person: m.person + e.person, place: m.place + e.place, thing: m.thing + e.thing, count: m.count + e.count });
  }
  const kinds = new Map<string, NameKind>();
  for (const [n, e] of merged) {
    const best = Math.max(e.person, e.place, e.thing);
    if (best <= 0) continue;
    // A capitalised common noun ("Nature", "Weather", "Saturdays") names no one unless the lexicon says it is someone.
    if (!n.includes(" ") && !known.has(n.toLowerCase())) {
      const kind = firstKind(lexicon, n);
      if (
        kind === "time" ||
        (kind !== undefined && !PLACE_KINDS.has(kind) && !BEING_KINDS.has(kind) && !beingAmongFirst(lexicon, n) && e.person < 3)
      )
        continue;
    }
    kinds.set(n, e.place === best && e.place > e.person ? "place" : e.thing === best && e.thing > e.person ? "thing" : "person");
  }
  const heroFull = options.hero ? full(options.hero) : undefined;
  if (heroFull) kinds.set(heroFull, "person");

  // "the Tank", "the Porch": a place name the chapter mostly writes after "the" keeps it.
  const withThe = (name: string): string => {
    if (name.includes(" ")) return name;
    const esc = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const led = text.match(new RegExp(`\\b[Tt]he ${esc}\\b`, "gu"))?.length ?? 0;
    const all = text.match(new RegExp(`\\b${esc}\\b`, "gu"))?.length ?? 0;
    return led * 2 > all ? `the ${name}` : name;
  };
  // Common-noun settings, deeds and conditions, beat by beat.
  const placeKinds = new Map<string, Kind>();
  const beats: Beat[] = raw.map((b, index) => {
    const people: string[] = [];
    const actors: string[] = [];
    const settings: Beat["settings"] = [];
    const deeds: Beat["deeds"] = [];
    for (const r of runsByBeat[index] as { name: string; start: number; end: number }[]) {
      const n = full(r.name);
      const kind = kinds.get(n);
      if (kind === "person" && !people.includes(n)) people.push(n);
      // "Tomas ran", "said the Spirit", "Bob took Tiny Tim": doing something, or spoken to, here.
      const after = b.terms[r.end];
      const before = b.terms[r.start - 1];
      const acts =
        (after !== undefined && after.tags.has("Verb") && !/['’]s$/.test(b.terms[r.end - 1]?.text ?? "")) ||
        (before !== undefined &&
          /^(said|asked|cried|replied|answered|returned|told|called|whispered|shouted|exclaimed|took|followed|met|found|led|helped|thanked|kissed|embraced)$/.test(
            before.lower,
          ));
      if (kind === "person" && acts && !actors.includes(n)) actors.push(n);
    }
    const terms = b.terms;
    let lastVerb = "";
    let lastVerbAt = -5;
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i] as Term;
      if (t.tags.has("Verb") && !t.tags.has("Auxiliary") && !t.tags.has("Copula")) {
        const inf = verbInfinitive(t.text, t.tags);
        if (inf !== "") {
          lastVerb = inf;
          lastVerbAt = i;
        }
        continue;
      }
      // A noun phrase: (det|poss)? (adj|noun)* noun, or a capitalised name run.
      const startsPhrase = FUNCTION_WORDS.det.has(t.lower) || FUNCTION_WORDS.poss.has(t.lower);
      const prep = terms[i - 1]?.lower ?? "";
      const afterWhat = terms[i - 2];
      if (!startsPhrase && !capitalised(t.text)) continue;
      let j = startsPhrase ? i + 1 : i;
      const words: Term[] = [];
      while (j < terms.length) {
        const x = terms[j] as Term;
        const isNounish = (x.tags.has("Noun") || x.tags.has("Adjective")) && !x.tags.has("Pronoun") && !isFunction(x.lower);
        // "her old mule Pepper": a capitalised name after a common noun is the noun's name, not part of it.
        if (!isNounish || (capitalised(x.text) && words.some((w) => !capitalised(w.text)))) break;
        words.push(x);
        j++;
        if (/[,;:!?.—]/.test(x.post)) break;
      }
      const headIdx = words.map((w) => w.tags.has("Noun")).lastIndexOf(true);
      if (headIdx < 0) continue;
      const phraseWords = words.slice(0, headIdx + 1).filter((w, k, all) => w.lower !== "own" || k === all.length - 1);
      const head = phraseWords[phraseWords.length - 1] as Term;
      const proper = phraseWords.every((w) => capitalised(w.text));
      // "Marguerite's boots", "the charcoal burners' huts": an owner keeps its mark.
      const owned = !proper && capitalised((phraseWords[0] as Term).text) && /['’]s?$/.test((phraseWords[0] as Term).text);
      const said = phraseWords
        .map((w, k) => (capitalised(w.text) ? w.text : k === phraseWords.length - 1 ? stripPossessive(w.lower) : w.lower))
        .join(" ");
      const properName = full(stripPossessive(phraseWords.map((w) => w.text).join(" ")));
      const label = proper ? (kinds.get(properName) === "place" ? withThe(properName) : properName) : owned ? said : `the ${said}`;
      const kindOfName = proper ? kinds.get(properName) : undefined;
      const headWord = stripPossessive(head.lower);
      const isPlace = proper ? kindOfName === "place" : isPlaceNoun(lexicon, headWord) && !/['’]s$/.test(head.text);
      // A setting: after a preposition of place that follows a verb (or opens the clause, or
      // follows another place: "the ferry at Kettle Ford"), or the object of a verb of arrival.
      const prepFollowsVerb =
        afterWhat === undefined ||
        afterWhat.tags.has("Verb") ||
        afterWhat.tags.has("Adverb") ||
        afterWhat.tags.has("Particle") ||
        /[,;:—]/.test(afterWhat.post) ||
        lastVerbAt >= i - 3;
      const afterPlace = afterWhat !== undefined && afterWhat.tags.has("Noun") && isPlaceNoun(lexicon, stripPossessive(afterWhat.lower));
      const locative = LOCATIVE.has(prep) && (prepFollowsVerb || afterPlace) && !PUT_VERBS.has(lastVerb);
      const reached = lastVerbAt === i - 1 && REACH.has(lastVerb);
      // "Nobody went to Brennock", "had never gone into the crypt": nowhere anyone is.
      const negated =
        terms.slice(0, i).some((t) => /^(nobody|none|nowhere)$/.test(t.lower)) ||
        terms.slice(Math.max(0, lastVerbAt - 3), i).some((t) => /^(never|not|no)$/.test(t.lower) || /n['’]t$/.test(t.lower));
      // "in any lofty hall", "from every shore": a place supposed, not one the story is at.
      const supposed = startsPhrase && /^(any|every|no|such|each|either|neither|whatever)$/.test(t.lower);
      if (isPlace && !negated && !supposed && (locative || reached) && label.length <= 40) {
        if (!settings.some((s) => s.place === label))
          settings.push({
            place: label,
            verb: lastVerbAt >= i - 3 ? lastVerb : "",
            prep: reached ? "" : prep,
            doer: doerBefore(terms, i, lexicon, full, kinds),
          });
        if (!proper) placeKinds.set(label, firstKind(lexicon, headWord) ?? "place");
        else placeKinds.set(label, firstKind(lexicon, label.split(" ").pop() ?? "") ?? (label.startsWith("the ") ? "structure" : "place"));
      } else if (!isPlace && lastVerbAt >= i - 2 && lastVerb !== "" && !proper) {
        const kind = firstKind(lexicon, headWord);
        if (kind && THING_KINDS.has(kind) && !["be", "have", "do", "say", "make", "get"].includes(lastVerb))
          deeds.push({ verb: lastVerb, object: label + appositionOf(terms, j), kind: "thing" });
      } else if (proper && kindOfName === "thing" && lastVerbAt >= i - 3 && lastVerb !== "") {
        deeds.push({ verb: lastVerb, object: label, kind: "thing" });
      }
      i = Math.max(i, j - 1);
    }
    // "A churchyard.": a sentence that is only a place sets the scene there.
    const lastTerm = terms[terms.length - 1];
    if (
      settings.length === 0 &&
      terms.length <= 3 &&
      lastTerm &&
      !b.spoken &&
      isPlaceNoun(lexicon, stripPossessive(lastTerm.lower)) &&
      terms.slice(0, -1).every((t) => FUNCTION_WORDS.det.has(t.lower) || t.tags.has("Adjective"))
    ) {
      const label = `the ${
        terms
          .slice(1)
          .map((t) => t.lower)
          .join(" ") || lastTerm.lower
      }`;
      settings.push({ place: label, verb: "", prep: "", doer: "" });
      placeKinds.set(label, firstKind(lexicon, lastTerm.lower) ?? "place");
    }
    const conditions = [...new Set([...b.text.matchAll(CONDITIONS)].map((m) => (m[1] as string).toLowerCase()))];
    return { index, paragraph: b.paragraph, text: b.text, spoken: b.spoken, at: b.at, people, actors, settings, deeds, conditions };
  });

  const people: string[] = [];
  const places: string[] = [];
  const things: string[] = [];
  for (const b of beats) {
    for (const p of b.people) if (!people.includes(p)) people.push(p);
    for (const s of b.settings) if (!places.includes(s.place)) places.push(s.place);
    for (const d of b.deeds) if (!things.includes(d.object)) things.push(d.object);
  }
  const climax = findClimax(beats, [options.title ?? "", ...paragraphs], kinds, heroFull);
  return {
    people,
    places,
    things,
    kinds,
    placeKinds,
    beats,
    climax,
    deed: beats[climax] ? deedIn(beats[climax] as Beat, raw[climax]?.terms ?? [], full) : undefined,
  };
}

// Reads a premise, a frame description or book text with `compromise` (offline, deterministic):
// each word gets a part of speech (closed word classes from our own lists, open ones from
// compromise's tagger, with a few repairs where its tagger is known to slip), then noun phrases
// are chunked (determiner? modifiers* noun+), the subject noun phrase of the first clause is
// found, and verbs are reduced to their infinitive with what they act on.

import nlp from "compromise";
import { repair } from "./read-repair";
import type { NounInfo, NounPhrase, NounTest, Pos, Reading, VerbUse, Word } from "./read-types";
import { infinitive, thirdPerson } from "./verb-forms";

export type { NounInfo, NounPhrase, NounTest, Pos, Reading, VerbUse, Word } from "./read-types";
export { thirdPerson, verbInfinitive } from "./verb-forms";

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

import { BEING_KINDS, kindOf, PLACE_KINDS, THING_KINDS, type Kind } from "./kinds";
import { openWordNet, type Synset, type WordNet } from "./wordnet";

// The lexicon the local author and painter read nouns through: for a noun, its senses (each
// with a kind, its ancestors, its gloss and its parts, own and inherited from its kinds), and
// the sense that fits the words around it. One per process (a worker loads its own), opened on
// first use.

export interface NounSense {
  /** The synset's offset in data.noun: a stable id within WordNet 3.1. */
  id: number;
  /** The base form looked up ("greenhouse", "crow's nest"). */
  lemma: string;
  words: readonly string[];
  kind: Kind;
  /** Lexicographer file ("artifact", "person", "location"…). */
  lexname: string;
  gloss: string;
  /** Ancestors' first words, nearest first ("building", "structure", "artifact"…). */
  ancestors: readonly string[];
  /** Topic domains ("chess", "astronomy"). */
  topics: readonly string[];
  /** A proper name's sense ("Zeppelin" the inventor, "Venice" the city). */
  proper: boolean;
}

export interface Part {
  /** Its commonest word ("nave", "crow's nest"). */
  lemma: string;
  sense: NounSense;
  /** From the sense itself (0) or from an ancestor n levels up. */
  inherited: number;
  /** The first word of the synset it comes from ("church" for a cathedral's nave). */
  from: string;
}

/** What a reader expects a noun to be where it stands ("in the X": a place). */
export type Expect = "place" | "thing" | "being";

export interface PickOptions {
  /** Other content words of the text (any form): senses whose gloss, words or topics share them win. */
  context?: readonly string[];
  expect?: Expect;
  /** The text wrote the word capitalised: proper names' senses may fit (otherwise they are unlikely). */
  capitalised?: boolean;
}

export interface Lexicon {
  /** The WordNet base form of a noun ("libraries" → "library", "wolves" → "wolf"), if WordNet has it. */
  lemmaOf(word: string): string | undefined;
  /** Every noun sense, most frequent first; [] for a word WordNet does not know as a noun. */
  senses(word: string): NounSense[];
  /** The sense that fits: frequency, concreteness, the expected role and the context's words. */
  pick(word: string, options?: PickOptions): NounSense | undefined;
  /** The longest compound at the end of a phrase WordNet knows ("the night market" → "market"; "the space station" → "space station"). */
  headOf(phrase: string): string | undefined;
  /** Parts (meronyms), the sense's own first, then its ancestors' (up to `depth` levels), commonest words first within each. */
  parts(sense: NounSense, depth?: number): Part[];
  /** What the sense is part of (holonyms), own only. */
  wholes(sense: NounSense): NounSense[];
  /** How often WordNet's tagged corpus saw the lemma (0 for rare words). */
  familiarity(lemma: string): number;
}

const CONCRETE = new Set([
  "artifact",
  "person",
  "animal",
  "plant",
  "food",
  "location",
  "object",
  "substance",
  "body",
  "phenomenon",
  "Tops",
]);
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  Object.entries({
    children: "child",
    people: "person",
    men: "man",
    women: "woman",
    feet: "foot",
    teeth: "tooth",
    geese: "goose",
    mice: "mouse",
    lice: "louse",
    oxen: "ox",
    dice: "die",
    cacti: "cactus",
    fungi: "fungus",
    alumni: "alumnus",
    criteria: "criterion",
    phenomena: "phenomenon",
    data: "datum",
    thieves: "thief",
  }),
);
/** WordNet's morphy rules for nouns, plus -ves. */
const SUFFIXES: Array<[string, string]> = [
  ["ses", "s"],
  ["xes", "x"],
  ["zes", "z"],
  ["ches", "ch"],
  ["shes", "sh"],
  ["men", "man"],
  ["ies", "y"],
  ["oes", "o"],
  ["s", ""],
  ["ves", "f"],
  ["ves", "fe"],
];
/** Ancestors too general to lend their parts ("structure" has none worth inheriting, "artifact" none at all). */
const NO_INHERIT = new Set([
  "structure",
  "artifact",
  "whole",
  "object",
  "physical entity",
  "entity",
  "instrumentality",
  "location",
  "region",
  "natural object",
  "thing",
  "area",
  "device",
  "container",
  "conveyance",
]);
const TOKEN = /[a-z0-9'’-]+/g;
/** Words too general to tell senses apart when they come from the context's ancestors. */
const GENERAL = new Set([
  "entity",
  "object",
  "whole",
  "unit",
  "thing",
  "physical",
  "abstraction",
  "artifact",
  "artefact",
  "matter",
  "organism",
  "being",
  "person",
  "individual",
  "someone",
  "somebody",
  "living",
  "animate",
]);

const words = (text: string): string[] => (text.toLowerCase().match(TOKEN) ?? []).map((w) => w.replace(/’/g, "'"));

export function createLexicon(wordnet: WordNet = openWordNet()): Lexicon {
  const senseCache = new Map<string, NounSense[]>();
  const byId = new Map<number, NounSense>();

  const familiarity = (lemma: string): number => wordnet.taggedOf(lemma);

  function lemmaOf(word: string): string | undefined {
    const w = word.trim().toLowerCase().replace(/’/g, "'").replace(/\s+/g, " ");
    if (w === "") return undefined;
    if (wordnet.offsetsOf(w).length > 0) {
      // "crabs", "letters", "wings": WordNet lists some plurals as lemmas of their own (an
      // infestation, literature, a means); a plural whose own first sense is no thing, or that
      // the corpus never saw, is read as the plural of its singular.
      const single = /[^s]s$/.test(w) ? w.slice(0, -1) : undefined;
      if (single && wordnet.offsetsOf(single).length > 0) {
        const first = wordnet.synset(wordnet.offsetsOf(w)[0]!);
        if (!CONCRETE.has(first.lexname) || (wordnet.taggedOf(w) === 0 && wordnet.taggedOf(single) > 0)) return single;
      }
      return w;
    }
    let irregular = IRREGULAR.get(w);
    // "schoolchildren", "firemen": an irregular plural at the end of a compound.
    for (const [plural, one] of IRREGULAR)
      if (!irregular && w.endsWith(plural) && w.length > plural.length + 2) irregular = w.slice(0, -plural.length) + one;
    if (irregular && wordnet.offsetsOf(irregular).length > 0) return irregular;
    for (const [from, to] of SUFFIXES) {
      if (w.length > from.length + 1 && w.endsWith(from)) {
        const base = w.slice(0, -from.length) + to;
        if (wordnet.offsetsOf(base).length > 0) return base;
      }
    }
    return undefined;
  }

  function chainOf(offset: number): Synset[] {
    // Breadth first over hypernyms (and "instance of"), nearest first, each synset once.
    const out: Synset[] = [];
    const seen = new Set<number>();
    let frontier = [offset];
    for (let depth = 0; frontier.length > 0 && depth < 24; depth++) {
      const next: number[] = [];
      for (const o of frontier) {
        if (seen.has(o)) continue;
        seen.add(o);
        const s = wordnet.synset(o);
        out.push(s);
        for (const p of s.pointers) if (p.symbol === "@" || p.symbol === "@i") next.push(p.offset);
      }
      frontier = next;
    }
    return out;
  }

  function senseOf(offset: number, lemma: string): NounSense {
    const hit = byId.get(offset);
    if (hit && hit.lemma === lemma) return hit;
    const chain = chainOf(offset);
    const own = chain[0]!;
    const sense: NounSense = {
      id: offset,
      lemma,
      words: own.words,
      kind: kindOf(chain),
      lexname: own.lexname,
      gloss: own.gloss,
      ancestors: chain.slice(1).map((s) => s.words[0]!),
      proper: own.proper,
      topics: own.pointers.filter((p) => p.symbol === ";c").map((p) => wordnet.synset(p.offset).words[0]!),
    };
    if (!hit) byId.set(offset, sense);
    return sense;
  }

  function senses(word: string): NounSense[] {
    const lemma = lemmaOf(word);
    if (lemma === undefined) return [];
    const cached = senseCache.get(lemma);
    if (cached) return cached;
    const found = wordnet.offsetsOf(lemma).map((o) => senseOf(o, lemma));
    senseCache.set(lemma, found);
    return found;
  }

  // Both memoised: a premise asks about the same words many times.
  const contextCache = new Map<string, string[]>();
  /** A context word, its base form and what it is (its nearest ancestors' first words). */
  function contextWords(w: string): string[] {
    const hit = contextCache.get(w);
    if (hit) return hit;
    const base = lemmaOf(w);
    const first = base ? wordnet.offsetsOf(base)[0] : undefined;
    const found = [
      w,
      base ?? w,
      ...(first !== undefined
        ? chainOf(first)
            .slice(1, 4)
            .flatMap((s) => s.words.slice(0, 2))
            .flatMap(words)
        : []),
    ].filter((x) => x.length > 2 && !GENERAL.has(x));
    if (contextCache.size > 20_000) contextCache.clear();
    contextCache.set(w, found);
    return found;
  }
  const ownCache = new Map<number, Set<string>>();
  /** The words a sense is told by: its definition, its words, topics and nearest ancestors. */
  function ownWords(s: NounSense): Set<string> {
    const hit = ownCache.get(s.id);
    if (hit) return hit;
    const found = new Set(
      [...words(s.gloss), ...s.words.flatMap(words), ...s.topics.flatMap(words), ...s.ancestors.slice(0, 3).flatMap(words)].flatMap((w) => [
        w,
        w.replace(/s$/, ""),
      ]),
    );
    if (ownCache.size > 20_000) ownCache.clear();
    ownCache.set(s.id, found);
    return found;
  }

  function pick(word: string, options: PickOptions = {}): NounSense | undefined {
    const all = senses(word);
    if (all.length <= 1) return all[0];
    const lemma = all[0]!.lemma;
    // Senses past those WordNet's tagged corpus saw are rare ("thunder" as a drug).
    const tagged = familiarity(lemma);
    // The context's words, and what each of them is (its nearest ancestors): "orchids" brings
    // "plant", which a greenhouse's definition shares and a music school's does not.
    const context = new Set<string>();
    // (The word itself is no context for itself: its first sense's ancestors would vote for that sense.)
    for (const phrase of options.context ?? [])
      for (const w of words(phrase))
        if (w !== lemma && lemmaOf(w) !== lemma) for (const c of contextWords(w)) if (c !== lemma) context.add(c);
    let best: NounSense | undefined;
    let bestScore = -Infinity;
    all.forEach((s, rank) => {
      let score = 3 / (rank + 1) - (tagged > 0 && rank >= tagged ? 2 : 0);
      if (CONCRETE.has(s.lexname)) score += 2.2;
      if (s.proper && !options.capitalised) score -= 4;
      if (options.expect === "place" && PLACE_KINDS.has(s.kind)) score += 2.5;
      if (options.expect === "thing" && THING_KINDS.has(s.kind)) score += 2;
      if (options.expect === "being" && BEING_KINDS.has(s.kind)) score += 2.5;
      if (context.size > 0) {
        const own = ownWords(s);
        for (const w of context) if (own.has(w)) score += s.topics.some((t) => t === w) ? 6 : 2;
      }
      if (score > bestScore) {
        best = s;
        bestScore = score;
      }
    });
    return best;
  }

  function headOf(phrase: string): string | undefined {
    const ws = words(phrase).filter((w) => !/^(the|a|an)$/.test(w));
    for (let n = Math.min(3, ws.length); n >= 1; n--) {
      const candidate = lemmaOf(ws.slice(-n).join(" "));
      if (candidate) return candidate;
    }
    return undefined;
  }

  function parts(sense: NounSense, depth = 3): Part[] {
    const out: Part[] = [];
    const seen = new Set<string>([sense.lemma]);
    const chain = chainOf(sense.id);
    for (let level = 0; level < chain.length && level <= depth; level++) {
      const s = chain[level]!;
      if (level > 0 && NO_INHERIT.has(s.words[0]!)) break;
      const found: Part[] = [];
      for (const p of s.pointers) {
        if (p.symbol !== "%p" && p.symbol !== "%m") continue;
        const part = wordnet.synset(p.offset);
        const lemma = part.words[0]!;
        if (seen.has(lemma)) continue;
        seen.add(lemma);
        found.push({ lemma, sense: senseOf(p.offset, lemma), inherited: level, from: s.words[0]! });
      }
      found.sort((a, b) => familiarity(b.lemma) - familiarity(a.lemma));
      out.push(...found);
    }
    return out;
  }

  function wholes(sense: NounSense): NounSense[] {
    return wordnet
      .synset(sense.id)
      .pointers.filter((p) => p.symbol === "#p")
      .map((p) => senseOf(p.offset, wordnet.synset(p.offset).words[0]!));
  }

  return { lemmaOf, senses, pick, headOf, parts, wholes, familiarity };
}

let shared: Lexicon | undefined;

/** The process's lexicon (each worker thread has its own), opened on first use. */
export function getLexicon(): Lexicon {
  shared ??= createLexicon();
  return shared;
}

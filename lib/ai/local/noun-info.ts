// The reader's questions about a noun (read.ts's NounTest), answered by the lexicon and cached per lexicon.
import { BEING_KINDS, type Lexicon } from "@/lib/lexicon";
import type { NounInfo, NounTest } from "./read";

const nounInfoCache = new WeakMap<Lexicon, Map<string, NounInfo | undefined>>();

export function nounInfoOf(lexicon: Lexicon): NounTest {
  let cache = nounInfoCache.get(lexicon);
  if (!cache) nounInfoCache.set(lexicon, (cache = new Map()));
  const known = cache;
  return (word) => {
    if (known.has(word)) return known.get(word);
    const info = readNoun(word);
    if (known.size > 20_000) known.clear();
    known.set(word, info);
    return info;
  };
  function readNoun(word: string): NounInfo | undefined {
    const lemma = lexicon.lemmaOf(word);
    if (lemma === undefined) return undefined;
    // Someone only when that is what the word first means ("cosmonaut", not "trawler" the fisherman).
    const first = lexicon.senses(lemma)[0];
    const being = first !== undefined && BEING_KINDS.has(first.kind);
    // A group when one of its commoner senses is ("a pack of wolves", "a pair of twins").
    const collective = lexicon
      .senses(lemma)
      .slice(0, 4)
      .some((s) => s.kind === "group" || s.lexname === "group" || s.lexname === "quantity");
    const maybeBeing = lexicon
      .senses(lemma)
      .slice(0, 4)
      .some((s) => BEING_KINDS.has(s.kind));
    return { lemma, being, maybeBeing, collective };
  }
}

import { getLexicon } from "@/lib/lexicon";

// The lexicon's kind of each of a batch of nouns ("gulls" → animal, "bellows" → device), for
// callers off the worker pool that need kinds without holding WordNet themselves (the player's
// ambient beds, lib/runtime/soundscape.ts). A CPU-pool task (workers/cpu.ts `nounKinds`).

/** Each word's kind, or null for a word WordNet does not know as a noun. At most 200 words. */
export function nounKinds(words: readonly string[]): Record<string, string | null> {
  const lexicon = getLexicon();
  const out: Record<string, string | null> = {};
  for (const word of words.slice(0, 200)) out[word] = lexicon.pick(word)?.kind ?? null;
  return out;
}

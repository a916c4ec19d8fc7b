export { createLexicon, getLexicon } from "./lexicon";
export type { Expect, Lexicon, NounSense, Part, PickOptions } from "./lexicon";
export { BEING_KINDS, KINDS, PLACE_KINDS, THING_KINDS } from "./kinds";
export type { Kind } from "./kinds";
export { openWordNet, wordnetDictPath } from "./wordnet";

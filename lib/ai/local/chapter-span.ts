// What reading one chapter gives (chapter-read.ts): its beats in order, the deeds in them, who and
// what it names, and where its climax is.
import type { Kind } from "@/lib/lexicon";

export type NameKind = "person" | "place" | "thing";

export interface Beat {
  /** Index in `ChapterSpan.beats`. */
  index: number;
  paragraph: number;
  /** The book's sentence, dialogue and all, on one line. */
  text: string;
  /** The sentence holds dialogue. */
  spoken: boolean;
  /** Where the sentence falls in the chapter: 0 at its first character, 1 at its last. */
  at: number;
  /** People named in its narration (full names). */
  people: string[];
  /** Those of them who do something in it (a verb of theirs, or a line they say): the ones there to talk to. */
  actors: string[];
  /** Places the narration is at, goes to or through (settings), with the verb that takes it there and who is there ("he", "Tomas", "the clerk"; "" when the sentence does not say). */
  settings: { place: string; verb: string; prep: string; doer: string }[];
  /** Things acted on: the verb's infinitive and the thing's phrase ("take", "the boathook"). */
  deeds: { verb: string; object: string; kind: NameKind }[];
  /** Time of day or weather words the sentence itself says ("dusk", "snow"). */
  conditions: string[];
}

export interface Deed {
  /** Infinitive. */
  verb: string;
  /** What it acts on, as the book says it, a pronoun replaced by the name it stands for ("Tomas"); "" for none. */
  object: string;
  /** Who does it, when the sentence names them. */
  doer: string;
}

export interface ChapterSpan {
  /** People in order of first mention; the hero included when named. */
  people: string[];
  /** Settings in order of first arrival. */
  places: string[];
  /** Things acted on, in order. */
  things: string[];
  /** What each name is. */
  kinds: Map<string, NameKind>;
  /** The lexicon kind of each setting's head noun (what it looks like, how one goes in). */
  placeKinds: Map<string, Kind>;
  beats: Beat[];
  /** The climax's beat. */
  climax: number;
  /** The climax's deed: its strongest verb and what it acts on ("ring", "the great bell, Old Gideon"). */
  deed: Deed | undefined;
}

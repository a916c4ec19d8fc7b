import { motifsOf } from "./paint/lexicon";

// Matching a caller's phrase ("the old keeper", "a mug") to the names of what is in a frame:
// a painted object's label and motif, or a COCO class of the offline detector.

const STOPWORDS = new Set([
  "a",
  "an",
  "the",
  "of",
  "on",
  "in",
  "at",
  "by",
  "with",
  "and",
  "or",
  "to",
  "some",
  "any",
  "this",
  "that",
  "its",
  "his",
  "her",
  "their",
  "my",
  "your",
  "old",
  "young",
  "little",
  "big",
  "small",
  "large",
]);

/** Lower-case words of a phrase, without articles and the commonest adjectives. */
export function phraseWords(phrase: string): string[] {
  return (phrase.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !STOPWORDS.has(w));
}

const singular = (w: string) =>
  w.endsWith("ies")
    ? `${w.slice(0, -3)}y`
    : w.endsWith("ses") || w.endsWith("xes")
      ? w.slice(0, -2)
      : w.endsWith("s") && !w.endsWith("ss")
        ? w.slice(0, -1)
        : w;

/** The phrase's words and two-word compounds, each also in a simple singular form. */
function terms(phrase: string): Set<string> {
  const words = phraseWords(phrase);
  const out = new Set<string>();
  words.forEach((w, i) => {
    out.add(w).add(singular(w));
    const next = words[i + 1];
    if (next) out.add(`${w} ${next}`).add(`${w} ${singular(next)}`);
  });
  return out;
}

/** Motifs of the phrase's words and compounds in the painter's lexicon ("man" → person). */
function motifs(phrase: string): Set<string> {
  const out = new Set<string>();
  for (const t of terms(phrase)) for (const m of motifsOf(t) ?? []) out.add(m);
  return out;
}

/**
 * How well a phrase names a painted object: 2 when it says the object's own label ("keeper"),
 * 1 when it says a word the painter draws with the same motif ("man" for a keeper, "tide" for the
 * sea), 0 otherwise.
 */
export function matchPainted(phrase: string, object: { label: string; motif: string }): 0 | 1 | 2 {
  const t = terms(phrase);
  const label = object.label.toLowerCase();
  if (t.has(label) || t.has(singular(label)) || phraseWords(phrase).join(" ") === label) return 2;
  const wanted = motifs(phrase);
  if (wanted.has(object.motif)) return 1;
  for (const m of motifs(label)) if (wanted.has(m) && m === object.motif) return 1;
  return 0;
}

/** Other words for COCO classes (beyond the class name and the painter's lexicon). */
const COCO_SYNONYMS: Record<string, string[]> = {
  person: ["human", "figure", "photographer", "cameraman"],
  bicycle: ["bike", "cycle"],
  motorcycle: ["motorbike", "scooter"],
  airplane: ["plane", "aeroplane", "aircraft", "jet", "airliner"],
  car: ["taxi", "automobile", "sedan"],
  boat: ["ship", "canoe", "rowboat", "sailboat", "vessel", "ferry", "yacht"],
  bench: ["pew"],
  bird: ["gull", "seagull", "sparrow", "pigeon", "dove", "crow", "raven", "owl", "eagle", "hawk"],
  dog: ["hound", "puppy"],
  cat: ["kitten"],
  horse: ["pony", "mare", "stallion", "steed"],
  cow: ["cattle", "bull", "ox"],
  sheep: ["lamb", "ram"],
  cup: ["mug", "teacup", "espresso", "coffee"],
  "wine glass": ["goblet", "glass"],
  bottle: ["flask"],
  knife: ["dagger", "blade"],
  couch: ["sofa", "settee"],
  "potted plant": ["plant", "houseplant"],
  "dining table": ["table", "desk"],
  tv: ["television", "monitor", "screen"],
  "cell phone": ["phone", "smartphone", "mobile"],
  laptop: ["computer", "notebook"],
  book: ["books", "novel", "tome", "diary", "journal"],
  clock: ["watch"],
  umbrella: ["parasol"],
  handbag: ["bag", "purse"],
  suitcase: ["luggage"],
  refrigerator: ["fridge"],
};

/**
 * How well a phrase names a COCO class: 2 for the class name itself (or its last word: "table"
 * is a "dining table"), 1 for a synonym or a lexicon word the painter draws as that thing (any
 * person word is a "person"), 0 otherwise.
 */
export function matchCoco(phrase: string, label: string): 0 | 1 | 2 {
  const t = terms(phrase);
  if (t.has(label)) return 2;
  if ((COCO_SYNONYMS[label] ?? []).some((s) => t.has(s))) return 1;
  if (label.includes(" ") && t.has(label.split(" ").at(-1)!)) return 1;
  return motifs(phrase).has(label) ? 1 : 0;
}

import { BEING_KINDS, getLexicon, PLACE_KINDS, type Lexicon } from "@/lib/lexicon";

// What a seed frame shows, as the premise sentence the author reads (lib/generation/seed-frame.ts):
// the detector's labels ("dining table", "person", "boat") read through the lexicon, so that
// someone leads ("A person…"), a place holds them ("…in a boat…") and things stand beside them,
// whatever order the detector found them in.

const article = (word: string): string => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const list = (words: string[]): string => (words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);
const capitalize = (text: string): string => (text === "" ? text : `${text[0]!.toUpperCase()}${text.slice(1)}`);

/** One sentence of what a frame shows; the caption itself when it named nothing. */
export function seedPremiseSentence(input: { labels: string[]; caption: string }, lexicon: Lexicon = getLexicon()): string {
  const labels = [...new Set(input.labels.map((l) => l.trim().toLowerCase()).filter(Boolean))].slice(0, 6);
  if (labels.length === 0) return input.caption;
  const kindOf = (label: string) => lexicon.pick(lexicon.headOf(label) ?? label)?.kind;
  const beings = labels.filter((l) => BEING_KINDS.has(kindOf(l) ?? "abstract"));
  // Somewhere one can be in: a vehicle among other things is one more thing ("a car beside a bus").
  const places = labels.filter((l) => !beings.includes(l) && PLACE_KINDS.has(kindOf(l) ?? "abstract") && kindOf(l) !== "vehicle");
  const things = labels.filter((l) => !beings.includes(l) && !places.includes(l));
  const lead = beings[0] ?? things[0] ?? places[0]!;
  const place = places.find((p) => p !== lead);
  const beside = [...beings.slice(1), ...things].filter((t) => t !== lead).slice(0, 3);
  return `${capitalize(article(lead))}${place ? ` in ${article(place)}` : ""}${beside.length > 0 ? ` beside ${list(beside.map(article))}` : ""}.`;
}

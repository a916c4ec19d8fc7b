import type { Prng } from "@/lib/kernel";
import type { Kind } from "@/lib/lexicon";
import type { Env } from "./cast";
import { thirdPerson } from "./read";
import type { Tone } from "./text";

// The local author's phrases, chosen by what a place or a thing *is* (its env and kind from the
// lexicon), so that no rain falls indoors or on a comet, one enters a room but boards a ship,
// and a detail about a thing never restates its own noun.

/** Light and weather a state can be seen in, by where it is. Weather phrases are outdoors only. */
export const TIMES_BY_ENV: Record<Env, string[]> = {
  outdoor: ["at dawn", "at dusk", "at midnight", "at high noon", "under a low moon", "in the early morning"],
  indoor: ["at dawn", "at dusk", "late at night", "by lamplight", "in the early morning", "in the grey afternoon"],
  space: ["under a black sky", "in the glare of the distant sun", "as the stars wheel overhead", "in the long night of space"],
  underwater: ["in the green gloom", "in the pale light from above", "in the cold dark water", "in the filtered light"],
  underground: [
    "deep underground by lamplight",
    "in the dark underground",
    "by torchlight below ground",
    "in the flickering light underground",
  ],
};
/** Weather phrases by the weather the painter reads from them. */
export const WEATHER_PHRASES: Record<string, string> = {
  rain: "in the rain",
  fog: "in thick fog",
  snow: "in the first snow",
  storm: "in the storm",
};
export const TIME_PHRASES: Record<string, string> = { night: "at night", dawn: "at dawn", dusk: "at dusk", day: "at high noon" };

/** A short id for a variant's light ("at dusk" → "dusk"). */
export function timeId(phrase: string): string {
  const words = phrase
    .toLowerCase()
    .replace(/[^a-z ]/g, "")
    .split(" ")
    .filter((w) => !/^(at|in|the|a|under|by|of|as|high|first|low|early|thick|long|cold|dark|pale|distant)$/.test(w));
  return words.slice(-1)[0] ?? "alt";
}

/** How a place feels ("the lighthouse is hushed"), by the text's tone. */
export const MOOD_ADJECTIVES: Record<Tone, string[]> = {
  ominous: ["cold", "hushed", "forbidding", "uneasy"],
  bright: ["warm", "lively", "bright", "cheerful"],
  wistful: ["grey", "faded", "quiet", "forlorn"],
  wondrous: ["shimmering", "strange", "luminous", "glowing"],
  tense: ["restless", "charged", "tense", "watchful"],
  quiet: ["still", "silent", "peaceful", "hushed"],
};
/** What light is like ("pale light falls across the bell"), by the text's tone. */
export const LIGHT_ADJECTIVES: Record<Tone, string[]> = {
  ominous: ["cold", "sickly", "dim", "smoke-dark"],
  bright: ["golden", "warm", "sunlit", "bright"],
  wistful: ["grey", "faded", "rain-soft", "weak"],
  wondrous: ["shimmering", "starlit", "strange", "silver"],
  tense: ["flickering", "harsh", "restless", "stark"],
  quiet: ["pale", "soft", "thin", "grey"],
};
/** Light words that only make sense under a sky. */
const SKY_MOODS = new Set(["sunlit", "starlit", "rain-soft"]);

// No "once more" or "again" here: an opener is said on a first visit too.
export const OPENERS = ["At last", "Soon", "Quietly", "Before long", "Slowly", "Without a word", "Now", "Then"];

/** Ways to go to a place of each kind (the base form; the name drops "the hero"). */
export function movesTo(kind: Kind, env: Env): string[] {
  if (kind === "vehicle") return ["board", "climb aboard", "make for"];
  if (kind === "room" || env === "indoor") return ["step into", "slip into", "make for", "head for"];
  if (env === "space") return ["drift toward", "cross to", "make for", "push on to"];
  if (env === "underwater") return ["swim toward", "glide down to", "make for"];
  if (env === "underground") return ["crawl toward", "feel the way to", "make for"];
  if (kind === "landform") return ["climb toward", "make for", "head for", "cross to"];
  if (kind === "water") return ["wade toward", "make for", "head for"];
  return ["head for", "cross to", "make for", "hurry to", "wander toward", "press on to", "steal away to"];
}

/** Where one is when at a place: "at" fits every kind ("at the stormy sea", "at the open gate"). */
export const ARRIVALS = ["arrive at", "reach", "come to", "stand at", "pause at", "linger at"];

/** What a thing is like up close, by its kind (never its own noun again). */
const KIND_DETAILS: Partial<Record<Kind, string[]>> = {
  device: ["It still works, after a fashion.", "Someone has kept it in good repair.", "It is cold to the touch and very still."],
  container: [
    "Something shifts inside when it is moved.",
    "Its lid is stiff, and the inside smells of dust.",
    "It is heavier than it looks.",
  ],
  furniture: ["It is worn smooth where hands have rested.", "Someone sat here not long ago."],
  garment: ["It still smells faintly of its owner.", "Its seams have been mended many times."],
  weapon: ["Its edge is still keen.", "It is balanced for a practised hand."],
  food: ["It smells good, and is still warm.", "Someone set it out with care."],
  plant: ["Its leaves stir without a breath of wind.", "It is greener than anything else here."],
  natural: ["It is colder than it looks.", "Its surface is pitted and strange."],
  substance: ["It glitters where the light catches it.", "It leaves a mark on the fingers."],
  body: ["It is not what it first seemed."],
  artifact: ["It is older than it looked at first.", "Marks of long use cover it.", "Someone has left it here on purpose."],
};

export function thingDetail(kind: Kind, part: string | undefined, rng: Prng): string {
  if (part && rng.next() < 0.6)
    return rng.pick([`Its ${part} is worn smooth.`, `Its ${part} catches the light.`, `Its ${part} is cold and still.`]);
  return rng.pick(KIND_DETAILS[kind] ?? KIND_DETAILS.artifact!);
}

/** A mood adjective for a place that does not repeat the place's own words (no "the soft orchard is soft"), and no starlight indoors. */
export function moodFor(moods: readonly string[], i: number, place: string, env: Env): string {
  const own = new Set(place.toLowerCase().split(/[\s'-]+/));
  for (let k = 0; k < moods.length; k++) {
    const m = moods[(i + k) % moods.length] as string;
    if (own.has(m) || m.split("-").some((w) => own.has(w))) continue;
    if (env !== "outdoor" && SKY_MOODS.has(m)) continue;
    return m;
  }
  return "quiet";
}

/** A phrase in the base form ("arrive at") agreeing with the hero ("arrives at", or "arrive at" for "the two kids"). */
export function agree(phrase: string, plural: boolean): string {
  if (plural) return phrase;
  const [first, ...rest] = phrase.split(" ");
  return [thirdPerson(first as string), ...rest].join(" ");
}

/** A phrase whose head noun reads as a plural ("the ship's gardens", not "the glass" or "Ellis"). */
export function looksPlural(phrase: string): boolean {
  // The head noun of "the slopes of the mountain" is "slopes", not "mountain".
  const head = phrase.split(/ of /)[0] as string;
  const last = head.split(" ").pop() ?? "";
  return /^[a-z]/.test(last) && /[^su']s$/.test(last) && !/(ss|is|us|ous)$/.test(last);
}

/** Sounds of a place, as ambient tags a player can turn into sound (wind, sea, crowd, machinery…). */
export function ambientOf(kind: Kind, env: Env, place: string, weather: string | null): string[] {
  const out: string[] = [];
  if (env === "space") out.push("silence", "the low hum of machinery");
  else if (env === "underwater") out.push("the muffled sea", "bubbles rising");
  else if (env === "underground") out.push("water dripping", "a distant echo");
  else if (env === "indoor") out.push(/kitchen|market|hall|inn|tavern|station/i.test(place) ? "a murmuring crowd" : "a clock ticking");
  else if (kind === "water" || /\b(sea|shore|harbou?r|coast|beach|pier|bay)\b/i.test(place)) out.push("waves on the shore", "wind");
  else if (kind === "landform" || kind === "place")
    out.push(/\b(forest|wood|orchard|garden|grove|jungle)\b/i.test(place) ? "birds" : "wind");
  else out.push("wind");
  if (weather && env === "outdoor") out.push(weather === "storm" ? "storm" : weather);
  return out;
}

const singularOf = (w: string): string =>
  w.endsWith("ies")
    ? `${w.slice(0, -3)}y`
    : /(ch|sh|x|s|z)es$/.test(w)
      ? w.slice(0, -2)
      : w.endsWith("s") && !w.endsWith("ss")
        ? w.slice(0, -1)
        : w;

/** The sentence says one content word twice ("the soft orchard is soft"), the protagonist's name aside. */
export function restates(sentence: string, isFunctionWord: (w: string) => boolean): boolean {
  const words = (
    sentence
      .toLowerCase()
      .replace(/\{hero\}/g, " ")
      .match(/[a-z'-]+/g) ?? []
  )
    .flatMap((w) => w.split("-"))
    .map((w) => w.replace(/'s?$/, ""))
    .filter((w) => w.length > 2 && !isFunctionWord(w) && w !== "the");
  const seen = new Set<string>();
  return words.some((w) => (seen.has(singularOf(w)) ? true : (seen.add(singularOf(w)), false)));
}

/**
 * Mends a sentence whose opener repeats one of its words ("At last, … the last reel"): another
 * opener, or none. Sentences are split at their full stops; other repetitions are avoided where
 * the sentence is made.
 */
export function mendOpeners(text: string, isFunctionWord: (w: string) => boolean): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => {
      if (!restates(sentence, isFunctionWord)) return sentence;
      const opener = OPENERS.find((o) => sentence.startsWith(`${o}, `));
      if (!opener) return sentence;
      const rest = sentence.slice(opener.length + 2);
      const other = OPENERS.find((o) => !restates(`${o}, ${rest}`, isFunctionWord));
      return other ? `${other}, ${rest}` : sentence;
    })
    .join(" ");
}

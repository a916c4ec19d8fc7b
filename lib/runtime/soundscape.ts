import type { Bed } from "@/lib/shared/scene-cues";

/*
 * A state's `ambient` tags → the beds the player synthesises (docs/runtime.md "Scenes that
 * sound"). Pure: explicit keyword rules first; a word no rule knows is classified by `kindOf`,
 * the lexicon's noun classifier when the caller has one (WordNet's kind of a noun: person,
 * animal, structure, ...), and its kind maps to the nearest bed. Without `kindOf`, unknown words
 * add nothing. The frame's weather (from the painter's manifest) adds its bed, and a state with
 * no bed at all gets a quiet one of its kind of place (room tone indoors, wind outdoors) unless a
 * tag asks for silence.
 */

/** The lexicon's kinds of noun (what `kindOf` answers); anything else is ignored. */
export type NounKind =
  | "person"
  | "animal"
  | "plant"
  | "structure"
  | "room"
  | "vehicle"
  | "celestial"
  | "water"
  | "landform"
  | "food"
  | "container"
  | "device"
  | "garment"
  | "weather"
  | "substance"
  | "fire"
  | "sound"
  | (string & {});

/** A noun's kind, or null when the lexicon does not know it. Must be synchronous and pure. */
export type KindOf = (noun: string) => NounKind | null;

/** Word → bed: the explicit rules. A word's plural and -ing forms are tried as their stem too. */
const WORD_BEDS: Record<string, Bed> = {};
const RULES: [Bed, string][] = [
  ["wind", "wind winds breeze gust gale draught draft howl howling whistle whistling rustle rustling leaves gale blizzard"],
  ["rain", "rain rainfall drizzle patter pattering drip dripping shower downpour raindrop raindrops"],
  ["sea", "sea ocean wave waves surf tide tides shore beach harbor harbour pier swell breakers coast seashore"],
  ["storm", "storm thunder thunderclap lightning tempest hurricane typhoon squall"],
  [
    "fire",
    "fire fires flame flames hearth fireplace crackle crackling ember embers torch torches campfire bonfire forge candle candles blaze",
  ],
  ["bells", "bell bells chime chimes toll tolling gong carillon belfry peal"],
  ["birds", "bird birds birdsong gull gulls crow crows owl owls chirp chirping song songbird sparrow raven ravens dove doves"],
  ["crowd", "crowd crowds chatter voices voice murmur murmuring laughter people market tavern festival applause footsteps bustle"],
  [
    "machinery",
    "machine machines machinery engine engines gear gears motor clank clanking whir whirring factory generator clock ticking tick piston pistons train mill",
  ],
  ["water", "stream streams river brook fountain waterfall trickle trickling splash splashing well canal creek rapids"],
  ["night", "cricket crickets insect insects frog frogs cicada cicadas night nocturnal"],
  ["hum", "hum humming drone droning buzz buzzing electric reactor static radio hiss"],
];
for (const [bed, words] of RULES) for (const word of words.split(" ")) WORD_BEDS[word] ??= bed;

/** Words that ask for no sound: a tag made only of these (and stop words) is silence. */
const SILENCE = new Set(["silence", "silent", "hush", "hushed", "quiet", "still", "stillness", "mute", "muted"]);

/** The lexicon's kind → the nearest bed (null: a kind that makes no ambient sound of its own). */
export const KIND_BEDS: Record<string, Bed | null> = {
  person: "crowd",
  animal: "birds",
  plant: "wind",
  structure: "wind",
  room: "hum",
  vehicle: "machinery",
  celestial: "hum",
  water: "water",
  landform: "wind",
  food: "crowd",
  container: null,
  device: "machinery",
  garment: null,
  weather: "wind",
  substance: null,
  fire: "fire",
  sound: "hum",
};

const STOP = new Set(
  "a an the of over under in on at by to from with and or its his her their distant faint far soft low loud sound sounds echo echoes noise light dim pale".split(
    " ",
  ),
);

function stems(word: string): string[] {
  const out = [word];
  if (word.endsWith("ing") && word.length > 5) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  if (word.endsWith("es") && word.length > 4) out.push(word.slice(0, -2));
  if (word.endsWith("s") && word.length > 3) out.push(word.slice(0, -1));
  return out;
}

/** The bed a word names by the rules, or undefined. */
function ruleBed(word: string): Bed | undefined {
  for (const stem of stems(word)) if (WORD_BEDS[stem]) return WORD_BEDS[stem];
  return undefined;
}

export interface SoundContext {
  /** The frame's weather from the painter's manifest, when known. */
  weather?: string;
  /** Whether the frame is indoors, when known. */
  indoor?: boolean;
}

const WEATHER_BEDS: Record<string, Bed> = { rain: "rain", storm: "storm", snow: "wind", fog: "wind" };

/**
 * The beds of one state, loudest first, at most three: each tag names its beds by the rules (a
 * tag's first bed at full level, a second one softer); a tag whose words no rule knows asks
 * `kindOf` for its nouns, last word first (the head of an English noun phrase), and takes the bed
 * of the first kind that has one, a little softer. Weather adds its bed; an empty result falls
 * back to the place's quiet bed unless a tag is silence.
 */
export function bedsForTags(tags: readonly string[], context: SoundContext = {}, kindOf?: KindOf): { bed: Bed; gain: number }[] {
  const level = new Map<Bed, number>();
  const add = (bed: Bed, gain: number) => level.set(bed, Math.max(level.get(bed) ?? 0, gain));
  let silence = false;
  for (const tag of tags) {
    const words = tag.toLowerCase().match(/[a-z]+/g) ?? [];
    const content = words.filter((w) => !STOP.has(w));
    if (content.length > 0 && content.every((w) => SILENCE.has(w))) {
      silence = true;
      continue;
    }
    const named = content.map(ruleBed).filter((bed): bed is Bed => bed !== undefined);
    if (named.length > 0) {
      named.forEach((bed, i) => add(bed, i === 0 ? 0.9 : 0.55));
      continue;
    }
    if (!kindOf) continue;
    for (const word of [...content].reverse()) {
      if (SILENCE.has(word)) continue;
      const kind = kindOf(word);
      const bed = kind ? KIND_BEDS[kind] : undefined;
      if (bed) {
        add(bed, 0.6);
        break;
      }
    }
  }
  const weather = context.weather ? WEATHER_BEDS[context.weather] : undefined;
  if (weather && !context.indoor) add(weather, 0.8);
  if (level.size === 0 && !silence) add(context.indoor ? "hum" : "wind", 0.35);
  return [...level.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([bed, gain]) => ({ bed, gain }));
}

/**
 * The words of `tags` that no rule knows: what a caller with an asynchronous lexicon (the CPU
 * worker pool's) classifies in one batch before calling `bedsForTags` with a lookup of the answers.
 */
export function unknownNouns(tags: readonly string[]): string[] {
  const out = new Set<string>();
  for (const tag of tags) {
    for (const word of tag.toLowerCase().match(/[a-z]+/g) ?? []) {
      if (!STOP.has(word) && !SILENCE.has(word) && ruleBed(word) === undefined) out.add(word);
    }
  }
  return [...out];
}

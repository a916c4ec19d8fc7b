import nlp from "compromise";
import { LEXICON, motifsOf, PERSON_MOTIF } from "./lexicon";
import type { TimeOfDay, Weather } from "./types";
import { ROLE_NOUNS } from "../words";

/** A role the author's word lists know ("sheriff", "tailors"): someone to draw as a person. */
const isRoleNoun = (w: string): boolean => ROLE_NOUNS.has(w) || (w.endsWith("s") && ROLE_NOUNS.has(w.slice(0, -1)));

/** One thing the text names that the painter can draw: the text's word and the motifs for it. */
export interface Named {
  label: string;
  motifs: readonly string[];
}

export interface Reading {
  named: Named[];
  time: TimeOfDay | null;
  weather: Weather | null;
  /** The pose the text's verbs suggest for people. */
  pose: "standing" | "walking" | "sitting" | "kneeling" | "reaching";
  /** Things are under water ("a drowned bell", "beneath the waves"). */
  underwater: boolean;
}

const TIME: Array<[TimeOfDay, RegExp]> = [
  ["night", /\b(night|midnight|nocturnal|moon|moonlit|moonlight|starlit|stars|dark|darkness)\b/],
  ["dusk", /\b(dusk|sunset|evening|twilight|gloaming)\b/],
  ["dawn", /\b(dawn|sunrise|morning|daybreak)\b/],
  ["day", /\b(noon|midday|afternoon|daylight|sunny|sunlit|bright)\b/],
];
const WEATHER: Array<[Weather, RegExp]> = [
  ["storm", /\b(storm|stormy|tempest|thunder|thunderstorm|lightning|hurricane|gale)\b/],
  ["snow", /\b(snow|snowy|snowing|blizzard|snowfall|sleet)\b/],
  ["rain", /\b(rain|rainy|raining|drizzle|downpour|wet)\b/],
  ["fog", /\b(fog|foggy|mist|misty|haze|hazy)\b/],
  ["cloudy", /\b(cloudy|overcast|grey sky|gray sky|clouds)\b/],
];
const POSE: Array<[Reading["pose"], RegExp]> = [
  ["reaching", /\b(ring|rings|ringing|reach|reaches|reaching|call|calls|calling|lift|lifts|raise|raises|wave|waves|pull|pulls|climb|climbs)\b/],
  ["kneeling", /\b(kneel|kneels|kneeling|pray|prays|praying|dig|digs|digging|search|searches|searching)\b/],
  ["sitting", /\b(sit|sits|sitting|seated|read|reads|reading|write|writes|writing|rest|rests)\b/],
  ["walking", /\b(walk|walks|walking|run|runs|running|flee|flees|fleeing|travel|travels|wander|wanders|cross|crosses|chase|chases|return|returns)\b/],
];
const UNDER = /\b(drowned|sunken|sunk|underwater|undersea|submerged|beneath the (sea|waves|water|ocean)|under (the|a) [a-z ]{0,20}(sea|waves|water|ocean|lake))\b/;

/** The time of day and the weather a text states ("at night", "a stormy sea"), if any. */
export function readConditions(text: string): { time: TimeOfDay | null; weather: Weather | null } {
  const lower = text.toLowerCase();
  return { time: TIME.find(([, re]) => re.test(lower))?.[0] ?? null, weather: WEATHER.find(([, re]) => re.test(lower))?.[0] ?? null };
}

/**
 * Reads a frame's text for what to draw: the noun phrases (compromise) mapped to motifs through
 * the lexicon, two-word compounds first ("bell tower" → tower + bell; "lighthouse keeper" →
 * lighthouse + person), and time of day, weather and pose from all its words.
 */
export function readScene(text: string): Reading {
  const lower = text.toLowerCase();
  const terms = nlp(text).terms().json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>;
  const words = terms.map((t) => {
    const tags = t.terms[0]?.tags ?? [];
    // compromise's own classes: an Actor or a Person is someone to draw, a City or a Place somewhere.
    const kind = tags.includes("Actor") || tags.includes("Person") ? "person" : tags.includes("City") || tags.includes("Place") ? "place" : undefined;
    return { w: (t.terms[0]?.normal ?? "").replace(/[^a-z-]/g, ""), noun: tags.includes("Noun"), kind };
  });
  const named: Named[] = [];
  const seen = new Set<string>();
  const add = (label: string, motifs: readonly string[]): void => {
    const key = motifs.join("+");
    if (seen.has(key)) return;
    seen.add(key);
    named.push({ label, motifs });
  };
  for (let i = 0; i < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1];
    const pair = b ? LEXICON.get(`${a.w} ${b.w}`) : undefined;
    if (pair && b) {
      add(`${a.w} ${b.w}`, pair);
      i++;
      continue;
    }
    if (!a.noun || a.w === "") continue;
    const m = motifsOf(a.w) ?? (a.kind === "person" || isRoleNoun(a.w) ? [PERSON_MOTIF] : a.kind === "place" ? ["city"] : undefined);
    // A noun modifying a person noun ("lighthouse keeper") names a place or thing of its own too.
    if (m) add(a.w, m);
  }
  // Person nouns collapse to one label per distinct word; keep at most three people.
  const people = named.filter((n) => n.motifs.includes(PERSON_MOTIF));
  const rest = named.filter((n) => !n.motifs.includes(PERSON_MOTIF));
  return {
    named: [...rest, ...people.slice(0, 3)],
    ...readConditions(text),
    pose: POSE.find(([, re]) => re.test(lower))?.[0] ?? "standing",
    underwater: UNDER.test(lower),
  };
}

import nlp from "compromise";
import { LEXICON, motifsOf, PERSON_MOTIF } from "./lexicon";
import { getMotif } from "./motifs";
import type { TimeOfDay, Weather } from "./types";
import { ROLE_NOUNS } from "../words";

/** A role the author's word lists know ("sheriff", "tailors"): someone to draw as a person. */
const isRoleNoun = (w: string): boolean => ROLE_NOUNS.has(w) || (w.endsWith("s") && ROLE_NOUNS.has(w.slice(0, -1)));

/** One thing the text names that the painter can draw: the text's word and the motifs for it. */
export interface Named {
  label: string;
  motifs: readonly string[];
  /** The lexicon's kind of it, when the painter was handed a lexicon. */
  kind?: string;
}

/**
 * What the painter asks the lexicon (lib/lexicon, handed in by the caller so that this module
 * stays free of I/O for the browser's simulator): a noun's kind, its ancestors' words nearest
 * first, and its definition.
 */
export interface PainterLexicon {
  lemmaOf?(word: string): string | undefined;
  pick(
    word: string,
    options?: { expect?: "place" | "thing" | "being"; context?: readonly string[] },
  ): { lemma: string; kind: string; lexname: string; words: readonly string[]; ancestors: readonly string[]; gloss: string } | undefined;
}

/** The motif of a kind with no picture of its own nearer up the noun's chain. */
const KIND_FALLBACK: Record<string, string> = {
  person: PERSON_MOTIF,
  group: PERSON_MOTIF,
  animal: "creature",
  plant: "plant",
  food: "food",
  structure: "building",
  room: "room",
  vehicle: "cart",
  container: "chest",
  furniture: "table",
  garment: "garment",
  weapon: "sword",
  device: "machine",
  artifact: "machine",
  celestial: "planet",
  water: "lake",
  landform: "hills",
  place: "meadow",
  natural: "rock",
  substance: "crystal",
  fire: "campfire",
  light: "lantern",
};
const THINGS = new Set(["prop", "figure"]);
/** Where a thing of each kind may stand in a frame (kinds not listed may stand anywhere). */
const LAYERS_BY_KIND: Record<string, ReadonlySet<string>> = {
  container: THINGS,
  device: THINGS,
  furniture: THINGS,
  garment: THINGS,
  weapon: THINGS,
  food: THINGS,
  substance: THINGS,
  person: new Set(["figure"]),
  animal: new Set(["figure"]),
  structure: new Set(["landmark", "room", "range"]),
  room: new Set(["room", "landmark"]),
  vehicle: new Set(["landmark", "prop"]),
  landform: new Set(["terrain", "range", "landmark"]),
  water: new Set(["terrain", "landmark"]),
  place: new Set(["terrain", "range", "landmark", "room"]),
  celestial: new Set(["sky"]),
};
/** A noun read as a place ("court" after a building's name is its courtyard). */
function placeMotifs(word: string, lexicon: PainterLexicon, context: readonly string[]): readonly string[] | undefined {
  const sense = lexicon.pick(word, { expect: "place", context });
  if (!sense || !["structure", "room", "place"].includes(sense.kind)) return undefined;
  for (const w of [...sense.words, ...sense.ancestors]) {
    const m = motifsOf(w);
    if (m && m.every((id) => id !== PERSON_MOTIF && LAYERS_BY_KIND[sense.kind]?.has(getMotif(id).layer) !== false)) return m;
  }
  return [KIND_FALLBACK[sense.kind]!];
}

/** Kinds nothing can be drawn for. */
const UNDRAWN = new Set(["time", "abstract", "sound", "body"]);

/**
 * The motifs for a noun the library has no word for: the nearest of its ancestors that has a
 * picture ("samurai" → warrior → person; "cormorant" → seabird → bird), else its kind's
 * ("samovar" → a machine); weather by what its words say ("sandstorm" → storm clouds).
 */
export function motifsByKind(
  word: string,
  lexicon: PainterLexicon,
  context: readonly string[] = [],
): { motifs: readonly string[]; kind: string } | undefined {
  // A thing, else a place or someone, before an idea ("cinema" the theatre, not the medium); the
  // frame's other nouns choose among senses (a monastery's "cell" is a room, not a cell of the body).
  const tries = (["thing", "place", "being"] as const).map((expect) => lexicon.pick(word, { expect, context }));
  const sense = tries.find((t) => t !== undefined && !UNDRAWN.has(t.kind) && t.kind !== "weather") ?? tries[0];
  if (!sense) {
    // A word WordNet does not know ("longship", "treehouse"): drawn as the noun it ends in.
    for (let k = 3; k <= word.length - 3; k++) {
      const tail = word.slice(k);
      const m = motifsOf(tail);
      if (m) return { motifs: m, kind: "artifact" };
    }
    return undefined;
  }
  // A message, a poem, a letter: drawn as the page it is written on.
  if (
    sense.lexname === "communication" &&
    [...sense.words, ...sense.ancestors].some((a) =>
      /^(message|written communication|writing|text|document|letter|poem|poetry|verse|note)$/.test(a),
    )
  )
    return { motifs: ["scroll"], kind: "artifact" };
  if (UNDRAWN.has(sense.kind)) return undefined;
  if (sense.kind === "weather") {
    const weather = readConditions([word, ...sense.ancestors.slice(0, 4), sense.gloss].join(" ")).weather;
    return { motifs: [weather === "storm" || weather === "rain" || weather === "snow" ? "storm-cloud" : "cloud"], kind: "weather" };
  }
  // An ancestor's word may name another thing ("vessel" is a ship to the library, an urn's kind to
  // WordNet): its motif counts only when it stands where a thing of this kind stands.
  const fits = (m: readonly string[]): boolean =>
    m.every((id) => id === PERSON_MOTIF || LAYERS_BY_KIND[sense.kind]?.has(getMotif(id).layer) !== false);
  for (const w of [...sense.words, ...sense.ancestors]) {
    const m = motifsOf(w);
    if (m && fits(m)) return { motifs: m, kind: sense.kind };
  }
  const fallback = KIND_FALLBACK[sense.kind];
  return fallback ? { motifs: [fallback], kind: sense.kind } : undefined;
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
  [
    "reaching",
    /\b(ring|rings|ringing|reach|reaches|reaching|call|calls|calling|lift|lifts|raise|raises|wave|waves|pull|pulls|climb|climbs)\b/,
  ],
  ["kneeling", /\b(kneel|kneels|kneeling|pray|prays|praying|dig|digs|digging|search|searches|searching)\b/],
  ["sitting", /\b(sit|sits|sitting|seated|read|reads|reading|write|writes|writing|rest|rests)\b/],
  [
    "walking",
    /\b(walk|walks|walking|run|runs|running|flee|flees|fleeing|travel|travels|wander|wanders|cross|crosses|chase|chases|return|returns)\b/,
  ],
];
const UNDER =
  /\b(drowned|sunken|sunk|underwater|undersea|submerged|beneath the (sea|waves|water|ocean)|under (the|a) [a-z ]{0,20}(sea|waves|water|ocean|lake))\b/;

/** The time of day and the weather a text states ("at night", "a stormy sea"), if any. */
export function readConditions(text: string): { time: TimeOfDay | null; weather: Weather | null } {
  const lower = text.toLowerCase();
  // A stated hour ("at dawn") wins over a word that only names a thing ("the night market").
  const stated = STATED_TIME.find(([, re]) => re.test(lower))?.[0];
  return {
    time: stated ?? TIME.find(([, re]) => re.test(lower))?.[0] ?? null,
    weather: WEATHER.find(([, re]) => re.test(lower))?.[0] ?? null,
  };
}
const STATED_TIME: Array<[TimeOfDay, RegExp]> = [
  ["dawn", /\b(at|by|before|after|until) (dawn|sunrise|daybreak)\b|\bin the (early )?morning\b/],
  ["dusk", /\b(at|by|before|after|until) (dusk|sunset|twilight)\b|\bin the evening\b/],
  ["day", /\b(at|by) (high )?noon\b|\bin the (grey )?afternoon\b/],
  ["night", /\b(at|by|until) (midnight|night)\b|\blate at night\b|\bin the long night\b/],
];

/**
 * Reads a frame's text for what to draw: the noun phrases (compromise) mapped to motifs through
 * the lexicon, two-word compounds first ("bell tower" → tower + bell; "lighthouse keeper" →
 * lighthouse + person), and time of day, weather and pose from all its words.
 */
export function readScene(text: string, lexicon?: PainterLexicon): Reading {
  const lower = text.toLowerCase();
  const terms = nlp(text).terms().json() as Array<{ terms: Array<{ normal: string; tags: string[] }> }>;
  const words = terms.map((t) => {
    const tags = t.terms[0]?.tags ?? [];
    // compromise's own classes: an Actor or a Person is someone to draw, a City or a Place somewhere.
    const kind =
      tags.includes("Actor") || tags.includes("Person") ? "person" : tags.includes("City") || tags.includes("Place") ? "place" : undefined;
    return {
      w: (t.terms[0]?.normal ?? "").replace(/['’]s$/, "").replace(/[^a-z-]/g, ""),
      noun: tags.includes("Noun"),
      verb: tags.includes("Verb"),
      det: tags.includes("Determiner"),
      adv: tags.includes("Adverb"),
      adj: tags.includes("Adjective"),
      kind,
    };
  });
  // compromise reads some nouns as verbs after a modifier ("the rowing boat is"): with a lexicon,
  // a word it knows as a noun, right after a noun or an adjective-like word, is that noun.
  if (lexicon)
    words.forEach((x, i) => {
      const prev = words[i - 1];
      if (!x.noun && x.verb && prev && prev.noun && lexicon.pick(x.w) !== undefined) x.noun = true;
    });
  const named: Named[] = [];
  const seen = new Set<string>();
  const context = lexicon ? words.filter((x) => x.noun && x.w.length > 2).map((x) => x.w) : [];
  const add = (label: string, motifs: readonly string[], kind?: string): void => {
    // With a lexicon every noun is drawn under its own name, so two nouns drawn alike both count.
    const key = lexicon ? `${label}|${motifs.join("+")}` : motifs.join("+");
    if (seen.has(key) || (lexicon && named.some((n) => n.label === label))) return;
    seen.add(key);
    named.push({ label, motifs, ...(kind ? { kind } : {}) });
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
    if (!a.noun || a.w === "" || /^(here|there|now|then|today|tonight|everything|nothing|something|anything)$/.test(a.w)) continue;
    // With a lexicon: a word right after a noun and before an article, an adverb or an
    // adjective is that noun's verb, however compromise tagged it ("the bell rests untouched",
    // "the army keeps a careful distance", "the chefs reach the gate").
    // "the heart of the market", "the back of the shop": a region of something, not a thing in it.
    if (
      lexicon &&
      b?.w === "of" &&
      /^(heart|back|middle|edge|outskirts|side|corner|depths|bottom|top|rim|end|centre|center|far|foot)$/.test(a.w)
    )
      continue;
    const prevWord = words[i - 1];
    if (
      lexicon &&
      prevWord?.noun &&
      b &&
      (b.det || b.adv || b.adj || /^(overhead|away|back|up|down|around|off|past|slowly|quietly)$/.test(b.w)) &&
      (/[^s]s$/.test(a.w) || /[^s]s$/.test(prevWord.w))
    )
      continue;
    // ("the cat stands at the foot": a singular noun, then a word in -s, then a preposition.)
    if (
      lexicon &&
      prevWord?.noun &&
      !/s$/.test(prevWord.w) &&
      /[^s]s$/.test(a.w) &&
      b &&
      /^(at|in|on|to|from|into|onto|toward|towards|over|under|through|across|along|beside|near|with)$/.test(b.w)
    )
      continue;
    // With a lexicon, two nouns in a row are one thing named by both ("concert hall", "pocket
    // watch", "research vessel"), drawn as its head; a person's place ("lighthouse keeper",
    // "street boy") is drawn apart from the person.
    // ("the witch keeps", "the apprentice reaches": someone and a verb compromise reads as a plural noun, not a compound.)
    const subjectAndVerb =
      lexicon !== undefined &&
      b !== undefined &&
      /[^s]s$/.test(b.w) &&
      lexicon.lemmaOf?.(`${a.w} ${b.w}`) === undefined &&
      (motifsOf(a.w)?.includes(PERSON_MOTIF) || ["person", "animal", "group"].includes(lexicon.pick(a.w, { expect: "being" })?.kind ?? ""));
    const afterB = words[i + 2];
    const bIsVerb =
      afterB !== undefined &&
      (afterB.det || afterB.adv || afterB.adj || /^(overhead|away|back|up|down|around|off|past|slowly|quietly)$/.test(afterB.w)) &&
      (/[^s]s$/.test(b?.w ?? "") || /[^s]s$/.test(a.w));
    if (lexicon && b && b.noun && b.w !== "" && !subjectAndVerb && !bIsVerb && !/^(here|there|now|then)$/.test(b.w)) {
      const compound = `${a.w} ${b.w}`;
      // After a building's name the head is a part of the building ("the greenhouse court" is a courtyard, not a royal court).
      const modifierKind = lexicon.pick(a.w, { expect: "place" })?.kind ?? "";
      const built = ["structure", "room", "vehicle"].includes(modifierKind);
      // After a vehicle's name the head is a part of it, drawn as the vehicle ("the galleon's hull" is the ship).
      const vehicle = modifierKind === "vehicle" ? motifsOf(a.w) : undefined;
      const headMotifs =
        motifsOf(compound) ??
        motifsOf(b.w) ??
        vehicle ??
        motifsByKind(compound, lexicon, context)?.motifs ??
        (built ? placeMotifs(b.w, lexicon, context) : undefined) ??
        motifsByKind(b.w, lexicon, context)?.motifs;
      if (headMotifs && !headMotifs.includes(PERSON_MOTIF)) {
        add(compound, headMotifs, motifsByKind(compound, lexicon, context)?.kind ?? motifsByKind(b.w, lexicon, context)?.kind);
        i++;
        continue;
      }
    }
    const own = motifsOf(a.w);
    // Light itself ("in the filtered light", "by torchlight") is how the frame is lit, not a thing in it.
    if (
      own === undefined &&
      lexicon &&
      /^(light|lamplight|torchlight|moonlight|sunlight|starlight|firelight|glare|gloom|dark|darkness|shadow|shadows|space|ground|underground)$/.test(
        a.w,
      )
    )
      continue;
    const byKind = own === undefined && lexicon ? motifsByKind(a.w, lexicon, context) : undefined;
    // With a lexicon, its word on what a noun is wins over compromise's guess ("the night chef": night is a time, not a person).
    const guess = lexicon && lexicon.pick(a.w) !== undefined ? undefined : a.kind;
    const m =
      own ??
      byKind?.motifs ??
      (guess === "person" || (!lexicon && isRoleNoun(a.w)) ? [PERSON_MOTIF] : guess === "place" ? ["city"] : undefined);
    // A noun modifying a person noun ("lighthouse keeper") names a place or thing of its own too.
    if (m) add(a.w, m, byKind?.kind);
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

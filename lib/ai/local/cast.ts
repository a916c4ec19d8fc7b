import { BEING_KINDS, PLACE_KINDS, THING_KINDS, type Kind, type Lexicon, type NounSense } from "@/lib/lexicon";
import { readText, type NounPhrase, type Reading } from "./read";
import { readConditions } from "./paint/read";
import { PLACE_NAME_HEADS } from "./words";
import {
  BUILT,
  GENERAL_PLACES,
  GENERIC_OWNERS,
  HOUSE_OWNERS,
  INDOOR_TEMPLATES,
  INSIDE,
  KIND_PLACES,
  NOT_PLACES,
  NO_PARTS_FROM,
  NUMBERS,
  SCALE,
  SPACE_WORDS,
  SPATIAL,
  UNDER,
  UNDERGROUND_WORDS,
  UNDERWATER_WORDS,
  WALKABLE_ANCESTORS,
} from "./cast-words";

// Who, where and what a premise (or a chapter) is about, read through the lexicon: every noun
// phrase gets the kind of its fitting sense, so places, things and people are told apart by
// what the words mean, not by a word list. The setting is the premise's widest place ("on a
// comet" frames "a greenhouse"); the world's places are the premise's own places, then their
// parts (WordNet's meronyms, own and inherited: a cathedral's nave and transept, a ship's deck
// and galley), then the places a setting of that kind has ("the surface of the comet"). Pure
// and deterministic.

/** Where a place is seen from: it decides the light, the weather and what the painter draws around it. */
export type Env = "outdoor" | "indoor" | "space" | "underwater" | "underground";

export interface Place {
  /** "the greenhouse", "the comet's coma", "the surface of the comet". */
  phrase: string;
  /** The noun it is ("greenhouse", "coma", "surface"). */
  head: string;
  kind: Kind;
  env: Env;
  /** Named by the premise itself. */
  own: boolean;
}

export interface Thing {
  phrase: string;
  head: string;
  kind: Kind;
}

export interface Cast {
  /** The frame of the world: its widest place, when the premise names one. */
  setting: Place | null;
  /** The world's places, the premise's own first, then their parts, then the places of the setting's kind. */
  places: Place[];
  /** What can be held, used or looked at closely: the premise's own, then its places' parts. */
  things: Thing[];
  /** People and animals other than the protagonist. */
  people: string[];
  /** Other nouns of the premise (ideas, events, times): named in the prose, never walked to. */
  notions: string[];
  /** Weather, fire, light and sounds the premise names ("a sandstorm", "the smoke"): heard and seen around the places. */
  weathers: string[];
  /** How many figures the protagonist is ("two rival chefs": 2; "a family of otters": 3). */
  figures: number;
  /** Senses of the premise's nouns by phrase, for the painter and the prose. */
  kinds: ReadonlyMap<string, Kind>;
}

const article = (phrase: string): string => phrase.replace(/^(a|an)\s+/i, "the ");
/** A place's name without its adjectives, for the places made from it ("the floating night market" → "the night market"). */
function shortName(np: NounPhrase, lexicon: Lexicon): string {
  if (np.proper) return np.label;
  const words = np.core.split(" ");
  const kept = words.filter(
    (w, i) =>
      i === words.length - 1 || (!np.modifiers.includes(w) && lexicon.lemmaOf(w.replace(/['’]s?$/, "")) !== undefined && !/^\d+$/.test(w)),
  );
  return `the ${kept.join(" ")}`;
}
const possessive = (phrase: string): string => (/s$/i.test(phrase) ? `${phrase}'` : `${phrase}'s`);

/** The figures a protagonist's phrase stands for: a number word, a pair, a group noun, a plural. */
export function figuresOf(hero: string, plural: boolean, lexicon: Lexicon): number {
  const words = hero.toLowerCase().split(/[\s-]+/);
  for (const w of words) if (NUMBERS[w] !== undefined) return NUMBERS[w]!;
  if (words.includes("and")) return 2;
  const head =
    lexicon.headOf(
      words
        .filter((w) => w !== "of")
        .slice(0, words.indexOf("of") > 0 ? words.indexOf("of") : undefined)
        .join(" "),
    ) ?? "";
  if (lexicon.pick(head, { expect: "being" })?.kind === "group") return 3;
  return plural || /^(we|the narrators)$/.test(hero) ? 3 : 1;
}

function envOf(kind: Kind, setting: Env, indoorTemplate: boolean): Env {
  // Below ground or under water every place is, inside or not (a sunken galleon's hold is flooded).
  if (setting === "underground" || setting === "underwater") return setting;
  if (kind === "room" || indoorTemplate) return "indoor";
  return setting;
}

export interface CastInput {
  text: string;
  /** The protagonist's phrase and any other names of them: never a place, a thing or another person. */
  hero: string;
  heroAliases?: readonly string[];
  heroPlural: boolean;
  lexicon: Lexicon;
  reading?: Reading;
}

export function readCast(input: CastInput): Cast {
  const { lexicon } = input;
  const reading = input.reading ?? readText(input.text);
  const context = reading.phrases.map((p) => p.core);
  const heroKeys = new Set([input.hero, ...(input.heroAliases ?? [])].map((h) => h.toLowerCase()));
  // "the gang of grandmothers", "the father and daughter": each phrase the protagonist is made of is the protagonist too.
  const heroText = ` ${input.hero.toLowerCase()} `;
  const partOfHero = (np: NounPhrase): boolean =>
    heroKeys.has(np.label.toLowerCase()) ||
    (input.hero.includes(" ") && heroText.includes(` ${np.core.toLowerCase()} `) && /\b(of|and)\b/.test(input.hero));
  const kinds = new Map<string, Kind>();
  /** Places that are a part of the place named after them ("the bottom" of an ocean trench, "the country" of a country house): never the setting. */
  const framed = new Set<NounPhrase>();
  /** "the bottom" → "the ocean trench": said whole, "the bottom of the ocean trench". */
  const partOf = new Map<NounPhrase, NounPhrase>();
  const sense = (np: NounPhrase): NounSense | undefined => {
    const head = lexicon.headOf(np.core) ?? np.head;
    const expect = np.prep !== "" && SPATIAL.has(np.prep) ? "place" : undefined;
    const picked = lexicon.pick(head, { context, expect, capitalised: np.proper });
    // A story's nouns are things, places and beings before they are ideas: a "ghost" is the
    // soul of the dead, not a mental image, when WordNet knows it both ways.
    // Senses WordNet's tagged corpus saw (a rare word, never seen, may take any of its first three).
    const tagged = lexicon.familiarity(picked?.lemma ?? head);
    const senses = lexicon.senses(head).slice(0, tagged === 0 ? 3 : Math.min(3, tagged));
    if (picked && !PLACE_KINDS.has(picked.kind) && !THING_KINDS.has(picked.kind) && !BEING_KINDS.has(picked.kind)) {
      // Only senses WordNet's tagged corpus saw ("love" is not a beloved person in a premise), and a place or a thing, not someone ("a name" is not a celebrity).
      const concrete = senses.find((s) => !s.proper && (PLACE_KINDS.has(s.kind) || THING_KINDS.has(s.kind)));
      if (concrete) return concrete;
    }
    // A village, an underworld, a kindergarten are places before they are the people in them.
    if (picked?.kind === "group" && !np.proper) {
      const place = lexicon
        .senses(head)
        .slice(0, 4)
        .find((s) => PLACE_KINDS.has(s.kind));
      if (place) return place;
    }
    return picked;
  };

  const own: Array<{ np: NounPhrase; sense: NounSense | undefined; kind: Kind }> = [];
  const people: string[] = [];
  const notions: string[] = [];
  const weathers: string[] = [];
  const things: Thing[] = [];
  const kindOf = (np: NounPhrase): Kind => kinds.get(np.label.toLowerCase()) ?? "artifact";
  const modifierPlaces = (np: NounPhrase): void => {
    // A noun modifying another ("a lighthouse keeper", "a hotel kitchen") can name a place of its own.
    for (const word of np.core.split(" ").slice(0, -1)) {
      // "her city's traffic lights": a possessive place is a place of the story too.
      const w = word.replace(/['’]s?$/, "");
      const mod = w.length > 3 && !np.modifiers.includes(word) ? lexicon.pick(w, { context }) : undefined;
      if (
        mod &&
        (mod.kind === "structure" || mod.kind === "room" || (mod.kind === "place" && !mod.proper && mod.lemma === w)) &&
        !own.some((o) => o.np.head === w) &&
        !modifierOwn.some((o) => o.np.head === w)
      ) {
        const modifier: NounPhrase = { ...np, label: `the ${w}`, core: w, head: w, modifiers: [], prep: np.prep === "" ? "at" : np.prep };
        modifierOwn.push({ np: modifier, sense: mod, kind: mod.kind });
        // "a wartime country house" is set in the house, not in "the country".
        if (PLACE_KINDS.has(kindOf(np))) framed.add(modifier);
        kinds.set(`the ${w}`, mod.kind);
      }
    }
  };
  /** Places named inside another phrase ("a lighthouse keeper"): after the text's own. */
  const modifierOwn: Array<{ np: NounPhrase; sense: NounSense | undefined; kind: Kind }> = [];
  let previous: { np: NounPhrase; kind: Kind } | undefined;
  for (const np of reading.phrases) {
    if (partOfHero(np) || /^(i|we|you)$/i.test(np.core)) {
      modifierPlaces(np);
      continue;
    }
    const s = sense(np);
    // A name WordNet does not know is a person unless a preposition of place comes before it ("to Lisbon").
    // A name WordNet does not know is a place after a preposition of place or with a place word first ("Port Ellis"), else a person.
    // ("the heroes of Valhalla": a name after "of" that WordNet knows only as an idea is a place too.)
    const placeName =
      np.proper &&
      ((np.prep !== "" && (SPATIAL.has(np.prep) || np.prep === "to" || np.prep === "from")) ||
        (np.prep === "of" && (!s || s.kind === "abstract")) ||
        PLACE_NAME_HEADS.has(np.core.split(" ")[0]!.toLowerCase()) ||
        np.place);
    const kind: Kind =
      placeName && (!s || PLACE_NAME_HEADS.has(np.core.split(" ")[0]!.toLowerCase()) || !PLACE_KINDS.has(s.kind))
        ? "place"
        : (s?.kind ?? (np.proper ? "person" : "artifact"));
    kinds.set(np.label.toLowerCase(), kind);
    // "the scriptorium of a mountain monastery", "the bottom of an ocean trench": a place of a place frames it.
    const framesPrevious = np.prep === "of" && previous !== undefined && PLACE_KINDS.has(previous.kind);
    if (framesPrevious && previous) {
      framed.add(previous.np);
      partOf.set(previous.np, np);
    }
    const located = framesPrevious ? { ...np, prep: "in" } : np;
    previous = { np, kind };
    // What the story is *in* is a place whatever else it is ("in an ossuary", "in a grand piano",
    // "in a carnival funhouse"): a thing one can be inside is walked through like a room.
    const inside = np.prep !== "" && INSIDE.has(np.prep) && !BEING_KINDS.has(kind) && kind !== "time" && kind !== "weather" && !np.proper;
    if (BEING_KINDS.has(kind)) people.push(np.label);
    else if (PLACE_KINDS.has(kind)) own.push({ np: located, sense: s, kind });
    else if (inside) own.push({ np: located, sense: s, kind: "structure" });
    else if (THING_KINDS.has(kind)) things.push({ phrase: article(np.label), head: np.head, kind });
    else if (kind === "weather" || kind === "fire" || kind === "light" || kind === "sound") weathers.push(np.label);
    // Times of day are the light of a scene ("at dawn"), not something to think about.
    else if (!(kind === "time" && readConditions(np.label).time !== null)) notions.push(np.label);
    modifierPlaces(np);
  }
  own.push(...modifierOwn);
  // A premise that names no place of a placeish kind is still set somewhere it names: the thing
  // it is in or around ("a flooded cenote", "the carousel", "a borrowed hearse").
  if (own.length === 0) {
    const objectOfDeed = (np: NounPhrase): boolean =>
      reading.verbs.some((v) => v.doer === "" && v.object.toLowerCase() === np.label.toLowerCase());
    const candidates = reading.phrases.filter((np) => {
      const kind = kindOf(np);
      return (
        !partOfHero(np) &&
        !np.proper &&
        np.head !== "own" &&
        !BEING_KINDS.has(kind) &&
        (THING_KINDS.has(kind) || (kind === "abstract" && objectOfDeed(np) && !/s$/.test(np.head) && lexicon.familiarity(np.head) > 0))
      );
    });
    const chosen =
      candidates.find((np) => np.prep !== "" && SPATIAL.has(np.prep)) ?? candidates.find((np) => np.prep !== "") ?? candidates[0];
    if (chosen) {
      own.push({ np: { ...chosen, prep: chosen.prep === "" ? "in" : chosen.prep }, sense: sense(chosen), kind: "structure" });
      const at = things.findIndex((t) => t.phrase === article(chosen.label));
      if (at >= 0) things.splice(at, 1);
    }
  }

  // The setting: the widest place the premise puts the story in (after a preposition of place).
  // Of the places after a preposition of place the widest; without one, the first the premise
  // names ("haunts a lunar observatory, rearranging the star charts": the observatory, not a star).
  // Never a place that is only a part of another ("the bottom of an ocean trench"), nor
  // WordNet's bare "location" or "point" ("there", "swap places").
  const settable = own.filter((o) => !framed.has(o.np) && !(o.sense && GENERAL_PLACES.has(o.sense.ancestors[0] ?? "")));
  const candidates = settable.length > 0 ? settable : own;
  const located = candidates.filter((o) => o.np.prep !== "" && SPATIAL.has(o.np.prep));
  const framing = located.length > 0 ? [...located].sort((a, b) => (SCALE[b.kind] ?? 0) - (SCALE[a.kind] ?? 0))[0] : candidates[0];
  const text = input.text;
  /** The phrase is where something else happens ("a bell ringing under the sea"), not where the protagonist is. */
  const happensTo = (np: NounPhrase): boolean =>
    reading.verbs.some((v) => v.doer !== "" && v.object.toLowerCase().endsWith(np.label.toLowerCase()));
  const settingEnv: Env = framing
    ? framing.kind === "celestial" || (framing.kind === "vehicle" && SPACE_WORDS.test(framing.np.core)) || SPACE_WORDS.test(text)
      ? "space"
      : (framing.kind === "water" && UNDER.has(framing.np.prep) && !happensTo(framing.np)) || UNDERWATER_WORDS.test(text)
        ? "underwater"
        : UNDERGROUND_WORDS.test(text)
          ? "underground"
          : framing.kind === "room"
            ? "indoor"
            : "outdoor"
    : SPACE_WORDS.test(text)
      ? "space"
      : "outdoor";
  const settingBase = framing ? shortName(framing.np, lexicon) : "";
  const setting: Place | null = framing
    ? {
        phrase: article(framing.np.label),
        head: framing.np.head,
        kind: framing.kind,
        env: envOf(framing.kind, settingEnv, false),
        own: true,
      }
    : null;

  const places: Place[] = [];
  const seen = new Set<string>();
  const add = (p: Place): void => {
    const key = p.phrase.toLowerCase();
    if (seen.has(key) || heroKeys.has(key)) return;
    seen.add(key);
    places.push(p);
  };
  // The premise's places as they come (the setting among them), then what belongs to them.
  for (const o of own) {
    const whole = partOf.get(o.np);
    const phrase = whole ? `${article(o.np.label)} of ${article(whole.label)}` : article(o.np.label);
    add(o === framing && setting ? setting : { phrase, head: o.np.head, kind: o.kind, env: envOf(o.kind, settingEnv, false), own: true });
  }

  // Their parts: somewhere to go becomes a place, something to handle a thing.
  for (const o of [...own].sort((a, b) => (a === framing ? -1 : b === framing ? 1 : 0))) {
    if (!o.sense || o.np.proper) continue;
    const base = shortName(o.np, lexicon);
    for (const part of lexicon.parts(o.sense, 2)) {
      if (NOT_PLACES.has(part.lemma) || part.lemma.endsWith("ing") || part.lemma.split(" ").some((w) => w === o.np.head)) continue;
      const wide = o.kind === "celestial" || o.kind === "landform" || o.kind === "water";
      const walkable =
        (wide && part.sense.kind === "natural") ||
        (PLACE_KINDS.has(part.sense.kind) &&
          (part.sense.kind === "room" || part.sense.ancestors.slice(0, 4).some((a) => WALKABLE_ANCESTORS.has(a)) || wide));
      if (part.inherited > 0 && NO_PARTS_FROM.has(part.from)) continue;
      const generic = part.inherited > 0 && GENERIC_OWNERS.has(part.from);
      if (generic && o.kind !== "structure" && o.kind !== "room") continue;
      if (generic && lexicon.familiarity(part.lemma) === 0) continue;
      // A house's rooms belong to buildings: a yurt is a dwelling too, but has no bathroom.
      if (generic && HOUSE_OWNERS.has(part.from) && !o.sense.ancestors.includes("building") && o.sense.lemma !== "building") continue;
      // A comet's "nucleus" and a galleon's "hull" need their comet and galleon; a cathedral's "nave" is a nave.
      const partPhrase =
        o.kind === "celestial" || o.kind === "vehicle"
          ? `${possessive(base)} ${part.lemma}`
          : generic
            ? `the ${o.sense.lemma} ${part.lemma}`
            : `the ${part.lemma}`;
      if (walkable)
        add({
          phrase: partPhrase,
          head: part.lemma,
          kind: part.sense.kind,
          env: envOf(part.sense.kind, settingEnv, part.sense.kind === "vehicle"),
          own: false,
        });
      // Fittings of the place itself ("the ship's helm"), not of buildings in general ("the greenhouse's roof").
      else if (
        !generic &&
        part.inherited === 0 &&
        !part.lemma.endsWith("ing") &&
        THING_KINDS.has(part.sense.kind) &&
        lexicon.familiarity(part.lemma) > 0 &&
        things.length < 8 &&
        !things.some((t) => t.head === part.lemma)
      )
        things.push({ phrase: `${possessive(base)} ${part.lemma}`, head: part.lemma, kind: part.sense.kind });
    }
  }
  // The places a setting of its kind has.
  if (setting) {
    for (const template of KIND_PLACES[setting.kind] ?? []) {
      // No "the edge of the edge".
      if (
        template.split(" ").some(
          (w) =>
            !/^(\{S\}|the|a|an|of|on|in)$/.test(w) &&
            settingBase
              .toLowerCase()
              .split(/[\s-]+/)
              .includes(w),
        )
      )
        continue;
      const phrase = template.replace("{S}", () => settingBase);
      add({
        phrase,
        head: phrase.split(" ")[1] ?? setting.head,
        kind: setting.kind,
        env: envOf(setting.kind, settingEnv, BUILT.has(setting.kind) && INDOOR_TEMPLATES.has(template)),
        own: false,
      });
    }
  }

  return {
    setting,
    places,
    things,
    people: people.filter((p, i) => people.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i),
    notions,
    weathers,
    figures: figuresOf(input.hero, input.heroPlural, lexicon),
    kinds,
  };
}

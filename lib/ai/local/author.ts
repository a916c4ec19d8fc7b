import { createPrng, hashString, type Event, type Prng, type State, type World } from "@/lib/kernel";
import { BEING_KINDS, getLexicon, type Kind, type Lexicon } from "@/lib/lexicon";
import type { Bible, SubjectRefInput } from "../provider";
import { readCast, type Cast, type Place, type Thing } from "./cast";
import { readConditions } from "./paint/read";
import { sceneSvgDataUri } from "./painter";
import {
  agree,
  ambientOf,
  ARRIVALS,
  LIGHT_ADJECTIVES,
  looksPlural,
  mendOpeners,
  MOOD_ADJECTIVES,
  moodFor,
  restates,
  movesTo,
  OPENERS,
  thingDetail,
  TIME_PHRASES,
  TIMES_BY_ENV,
  timeId,
  WEATHER_PHRASES,
} from "./prose";
import { isFunctionWord, readText, type NounInfo, type NounTest } from "./read";
import { stockPlaces } from "./stock";
import { capitalize, cleanText, readStory, truncate, type Action, type StoryFacts, type Tone } from "./text";

// The local author: a procedural world from the premise's (or chapter's) own setting, places,
// people and goal. Every noun is read through the lexicon (lib/lexicon, WordNet 3.1), so the
// world's places are the premise's own places, their parts and the places a setting of that
// kind has (cast.ts); stock places come only when the premise names no setting (stock.ts). A
// pure function of its input (seeded from a hash), gate-clean for any input: every prose field
// carries fixed words around the extracted ones, ids are ASCII with an index, names and hotkeys
// are unique per source state, every state is reachable and the last plain state opens every
// ending.
//
// Language rules: the hero is the text's subject noun phrase; event names are imperative
// phrases that end in a noun phrase ("Ring the drowned bell", "Step into the galley", "Talk to
// Ilse"), and the verb fits the object's kind (one talks to people, enters places, examines
// things); verbs agree with the hero; prose never opens a sentence with the `{hero}` slot; no
// sentence restates its own noun; weather only under an open sky; "return" only on a way back.

export interface LocalAuthorInput {
  worldId: string;
  premise?: string;
  /** Chapter (or book) text. */
  text?: string;
  frameRef?: string;
  pov: string;
  subjectRef?: SubjectRefInput;
  /** Book path: the bible keeps hero, places and tone consistent across acts. */
  bible?: Omit<Bible, "provider">;
  chapterTitle?: string;
  /** Names that are no one (a book's places and things read as the book reads them): never talked to or followed. */
  notPeople?: readonly string[];
}

const HEROES = [
  "the wanderer",
  "the courier",
  "the cartographer",
  "the diver",
  "the archivist",
  "the stranger",
  "the pilot",
  "the apprentice",
];
/** A passive predicament's way out: "two chefs are trapped in a market" → escape the market. */
const PREDICAMENTS =
  /\b(?:is|are|was|were|gets?|got|become|becomes)\s+(trapped|lost|stranded|imprisoned|caught|stuck|marooned|locked|buried|hunted|chased)\b/i;

const POV_CAMERA: Record<string, { static: string; dynamic: string }> = {
  first_person: {
    static: "first-person view at eye height, steady and unhurried",
    dynamic: "first-person view with a gentle sway as {hero} moves",
  },
  third_person_shoulder: {
    static: "over-the-shoulder framing just behind {hero}, horizon level",
    dynamic: "over-the-shoulder tracking shot following {hero}",
  },
  third_person: {
    static: "wide third-person framing with {hero} in the lower third",
    dynamic: "third-person chase camera a few steps behind {hero}",
  },
  top_down: { static: "high top-down view looking straight at {hero}", dynamic: "top-down view drifting to keep {hero} centred" },
  isometric: { static: "isometric three-quarter view with {hero} centred", dynamic: "isometric view panning smoothly with {hero}" },
  side_scroller: { static: "flat side view with {hero} in profile", dynamic: "side view scrolling with {hero}" },
  cinematic: { static: "wide cinematic establishing shot with {hero} small in frame", dynamic: "slow cinematic dolly following {hero}" },
};

const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/** ASCII slug of a noun phrase ("the Café Ñandú" → "cafe-nandu"), at most 24 characters, the head kept. */
function slug(text: string): string {
  const words = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, "-")
    .split("-")
    .filter((w) => w !== "" && !/^(the|a|an)$/.test(w));
  // "a crossroads in the cherry orchard" → "crossroads-in-orchard": the place's own words, then the whole's head.
  const joint = words.findIndex((w, i) => i > 0 && i < words.length - 1 && isFunctionWord(w));
  if (words.join("-").length > 24 && joint > 0) words.splice(joint + 1, words.length - joint - 2);
  while (words.length > 1 && words.join("-").length > 24) words.shift();
  // Never "of-underground-city" for "the dead furnaces of the underground city".
  while (words.length > 1 && isFunctionWord(words[0] as string)) words.shift();
  return words.join("-").slice(0, 24);
}

/** "to the lantern room" → "the lantern room": an action's object without its preposition. */
const objectPhrase = (object: string): string => {
  const [first, ...rest] = object.split(" ");
  return rest.length > 0 && first !== undefined && isFunctionWord(first) && !/^(the|a|an)$/i.test(first) ? rest.join(" ") : object;
};
const bare = (phrase: string): string => phrase.replace(/^(the|a|an)\s+/i, "");
const isProperName = (p: string): boolean => !/^(the|a|an)\s/i.test(p);
const actionPhrase = (a: Action): string => (a.object === "" ? a.verb : `${a.verb} ${a.object}`);
/** The content words of a phrase, for keeping two phrases of one sentence apart. */
const contentWords = (phrase: string): Set<string> =>
  new Set(
    phrase
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 2 && !isFunctionWord(w) && w !== "the")
      .map((w) => (w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w)),
  );
const overlaps = (a: string, b: string): boolean => [...contentWords(a)].some((w) => contentWords(b).has(w));

function shuffle<T>(items: readonly T[], rng: Prng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function uniqueBy(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => item.trim() !== "" && !seen.has(item.toLowerCase()) && seen.add(item.toLowerCase()));
}

function povCamera(pov: string): { static: string; dynamic: string } {
  const known = own(POV_CAMERA, pov);
  if (known) return { ...known };
  const words = truncate(cleanText(pov.replace(/_/g, " ")), 40) || "steady";
  return { static: `${words} framing on {hero}`, dynamic: `${words} framing that follows {hero}` };
}

/** The protagonist: the bible's, else the text's subject, else the narrator, a name, a role. */
function heroOf(input: LocalAuthorInput, facts: StoryFacts, rng: Prng): string {
  const people = facts.people;
  const source =
    cleanText(input.bible?.protagonist ?? "") ||
    cleanText(facts.subject) ||
    (facts.firstPerson ? "the narrator" : "") ||
    people.find(isProperName) ||
    people[0] ||
    rng.pick(HEROES);
  return truncate(source, 60);
}

/**
 * "A widow's gramophone plays…", "a new teacher's classroom fills with snow": when the subject
 * is someone's machine or room, the one the camera follows is its owner.
 */
function ownerOf(hero: string, lexicon: Lexicon): string {
  const m = /^the (.+?)['’]s ([^']+)$/.exec(hero);
  if (!m) return hero;
  const owned = lexicon.pick(m[2]!.split(" ").pop()!);
  const owner = lexicon.pick(m[1]!.split(" ").pop()!, { expect: "being" });
  return owned &&
    ["device", "room", "structure", "container", "vehicle", "furniture"].includes(owned.kind) &&
    owner &&
    BEING_KINDS.has(owner.kind)
    ? `the ${m[1]}`
    : hero;
}

/** The goal: the text's first deed on something ("repair the greenhouse"), else the way out of its predicament. */
function goalOf(deeds: readonly Action[], text: string, setting: Place | null): Action | undefined {
  const predicament = PREDICAMENTS.exec(text);
  if (predicament && setting) return { verb: "escape", third: "escapes", object: setting.phrase };
  return deeds[0];
}

/** The reader's questions about a noun, answered by the lexicon. */
const nounInfoCache = new WeakMap<Lexicon, Map<string, NounInfo | undefined>>();

export function nounInfoOf(lexicon: Lexicon): NounTest {
  let cache = nounInfoCache.get(lexicon);
  if (!cache) nounInfoCache.set(lexicon, (cache = new Map()));
  const known = cache;
  return (word) => {
    if (known.has(word)) return known.get(word);
    const info = readNoun(word);
    if (known.size > 20_000) known.clear();
    known.set(word, info);
    return info;
  };
  function readNoun(word: string): NounInfo | undefined {
    const lemma = lexicon.lemmaOf(word);
    if (lemma === undefined) return undefined;
    // Someone only when that is what the word first means ("cosmonaut", not "trawler" the fisherman).
    const first = lexicon.senses(lemma)[0];
    const being = first !== undefined && BEING_KINDS.has(first.kind);
    // A group when one of its commoner senses is ("a pack of wolves", "a pair of twins").
    const collective = lexicon
      .senses(lemma)
      .slice(0, 4)
      .some((s) => s.kind === "group" || s.lexname === "group" || s.lexname === "quantity");
    const maybeBeing = lexicon
      .senses(lemma)
      .slice(0, 4)
      .some((s) => BEING_KINDS.has(s.kind));
    return { lemma, being, maybeBeing, collective };
  }
}

/** A seeded pick from a list a filter may have emptied: the fallback then. */
const pickOr = (rng: Prng, items: readonly string[], fallback: string): string => (items.length > 0 ? rng.pick(items) : fallback);

/** The first sentence of some candidates that says no word twice (else the first). */
function firstFine(candidates: ReadonlyArray<() => string>): string {
  let first: string | undefined;
  for (const make of candidates) {
    const text = make();
    first ??= text;
    if (!text.split(/(?<=[.!?])\s+/).some((sentence) => restates(sentence, isFunctionWord))) return text;
  }
  return first ?? "";
}

/** Builds the world. Pure: the same input always yields the same world. */
export function buildLocalWorld(input: LocalAuthorInput): World {
  const premise = input.premise ?? "";
  const text = input.text ?? "";
  const frameRef = input.frameRef ?? "";
  const key = JSON.stringify([
    "local-v2",
    premise,
    text,
    frameRef,
    input.pov,
    input.subjectRef?.imageUrl ?? "",
    input.subjectRef?.descriptor ?? "",
    input.bible?.title ?? "",
    input.bible?.protagonist ?? "",
    input.chapterTitle ?? "",
  ]);
  const rng = createPrng(hashString(key, 0x5eed));
  const lexicon = getLexicon();
  const source = `${premise}\n${text}`;
  const nounInfo = nounInfoOf(lexicon);
  const { facts, reading: sourceReading } = readStory(source, nounInfo);
  const tone: Tone =
    (input.bible?.tone as Tone | undefined) && own(MOOD_ADJECTIVES, input.bible?.tone ?? "") ? (input.bible?.tone as Tone) : facts.tone;
  const moods = shuffle(MOOD_ADJECTIVES[tone], rng);
  const lights = shuffle(LIGHT_ADJECTIVES[tone], rng);

  const hero = ownerOf(heroOf(input, facts, rng), lexicon);
  const subject = cleanText(facts.subject);
  const plural = !input.bible && subject !== "" && hero === subject && facts.subjectPlural;
  const v = (phrase: string): string => agree(phrase, plural);
  const castText = [premise, text, input.bible ? [input.bible.setting, ...input.bible.places].join(". ") : ""].join("\n");
  // A premise's cast is read from the same reading; a chapter's adds its bible's places.
  const castReading = input.bible ? readText(cleanText(castText), nounInfo) : sourceReading;
  const cast: Cast = readCast({
    text: castText,
    hero,
    heroAliases: castReading.aliases,
    heroPlural: plural,
    lexicon,
    reading: castReading,
  });

  // Other people, never the hero under another form of the name ("Ines Marrow" beside "Ines").
  const heroNames = new Set(hero.split(" ").filter((w) => /^\p{Lu}/u.test(w)));
  const namesHero = (phrase: string): boolean =>
    phrase.split(" ").some((w) => heroNames.has(w)) || phrase.toLowerCase() === hero.toLowerCase();
  const noOne = new Set((input.notPeople ?? []).flatMap((n) => [n.toLowerCase(), `the ${n.toLowerCase()}`]));
  const others = uniqueBy([...cast.people, ...(input.bible?.characters ?? [])]).filter((p) => !namesHero(p) && !noOne.has(p.toLowerCase()));
  const things: Thing[] = cast.things.filter((t) => !namesHero(t.phrase));
  // Deeds on something, or toward somewhere ("repair the greenhouse", "escape into the kingdom"), not a state ("strand on the iceberg").
  const deeds = facts.actions.filter(
    (a) =>
      a.object !== "" &&
      !namesHero(objectPhrase(a.object)) &&
      !/^(on|in|at|by|with|from|of|for|about|like|as|during|after|before)\s/i.test(a.object),
  );
  const goal = goalOf(deeds, source, cast.setting);
  const happenings = facts.happenings.filter((h) => !namesHero(h));

  // Places: the cast's (the premise's own, their parts, its setting's kind); a genre's stock only when it names none.
  const stock = (): Place[] => stockPlaces([hero, ...others, ...things.map((t) => t.phrase), ...cast.notions], lexicon);
  // A world needs four places at least (three to walk, one to end in): a setting with too few parts borrows its genre's.
  const pool: Place[] =
    cast.places.length >= 4 ? cast.places : [...cast.places, ...stock().filter((p) => !cast.places.some((q) => q.phrase === p.phrase))];
  const ownPlaces = pool.filter((p) => p.own);
  const rest = pool.filter((p) => !p.own);
  // The premise's places in its order; the rest in a seeded order, so that distinct premises with one setting differ.
  const ordered = [...ownPlaces, ...shuffle(rest.slice(0, 4), rng), ...rest.slice(4)];
  const endingCount = ordered.length >= 5 && (rng.next() < 0.6 || deeds.length > 1) ? 2 : 1;
  const plainCount = Math.max(2, Math.min(ordered.length - endingCount, Math.max(ownPlaces.length, 3 + rng.int(3)), 7));
  const allPlaces = ordered.slice(0, plainCount + endingCount);
  const stateCount = allPlaces.length;
  const ids = allPlaces.map((p, i) => {
    const prefix = i < plainCount ? `s${i + 1}` : `end${i - plainCount + 1}`;
    const s = slug(p.phrase);
    return s === "" ? prefix : `${prefix}-${s}`;
  });

  // Light and weather: the entrance keeps what the text states ("at dawn", "in the rain"), weather
  // only under an open sky, and no state contradicts the text's weather.
  const stated = readConditions(source.slice(0, 4000));
  const statedWeather = stated.weather ? WEATHER_PHRASES[stated.weather] : undefined;
  // The text's own word for its hour ("at midnight", "in the evening") when it gives one.
  const ownHour = /\b(dawn|dusk|midnight|night|noon|sunset|sunrise|twilight|morning|evening|afternoon)\b/i
    .exec(source.slice(0, 4000))?.[1]
    ?.toLowerCase();
  const statedHour = ownHour ? (/^(morning|evening|afternoon)$/.test(ownHour) ? `in the ${ownHour}` : `at ${ownHour}`) : undefined;
  const times = allPlaces.map((place, i) => {
    // No "late at night" at the night market.
    const options = TIMES_BY_ENV[place.env].filter((t) => !overlaps(t, place.phrase));
    const outdoor = place.env === "outdoor";
    const weathered = readConditions(place.phrase).weather !== null;
    if (i === 0 && outdoor && !weathered && statedWeather)
      return stated.time ? `${TIME_PHRASES[stated.time] ?? ""} ${statedWeather}`.trim() : statedWeather;
    const statedTime = stated.time
      ? statedHour && readConditions(statedHour).time === stated.time
        ? statedHour
        : TIME_PHRASES[stated.time]
      : undefined;
    if (i === 0 && statedTime && !overlaps(statedTime, place.phrase) && (outdoor || place.env === "indoor")) return statedTime;
    if (outdoor && !weathered && statedWeather && rng.next() < 0.35) return statedWeather;
    return options.length > 0 ? rng.pick(options) : "at last";
  });
  const camera = povCamera(input.pov);

  const outcomes: ("good" | "bad" | "neutral")[] =
    endingCount === 2 ? ["good", "bad"] : [tone === "ominous" || tone === "wistful" ? "neutral" : "good"];
  /** Things that are not the place itself nor share its words ("the greenhouse's roof" is not shown in the greenhouse's own sentence twice). */
  const thingFor = (i: number, place: string): Thing | undefined => {
    const fitting = things.filter((t) => !overlaps(t.phrase, place));
    return fitting.length > 0 ? fitting[i % fitting.length] : undefined;
  };
  const tv = (subjectPhrase: string, phrase: string): string => agree(phrase, looksPlural(subjectPhrase));
  const opener = (): string => rng.pick(OPENERS);
  const notions = cast.notions.filter((n) => !namesHero(n));

  // Sentence plans for a state's base prose; the seed picks one per state.
  type Plan = (c: { place: Place; time: string; i: number; mood: string; light: string; thing?: Thing; other?: string }) => string;
  /** "pauses in the greenhouse", "pauses at the shore". */
  const inOrAt = (p: Place): string => (p.env === "indoor" || p.kind === "room" ? "in" : "at");
  const plans: Plan[] = [
    (c) =>
      `${capitalize(c.time)}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place.phrase}.${c.thing && !overlaps(`${c.light} light`, c.thing.phrase) ? ` ${capitalize(c.light)} light falls across ${c.thing.phrase}.` : ""}`,
    (c) =>
      c.thing
        ? `${opener()}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place.phrase} ${c.time}, where ${c.thing.phrase} ${tv(
            c.thing.phrase,
            pickOr(
              rng,
              ["wait", "lie half in shadow", "catch the light", "rest untouched"].filter((p) => !overlaps(p, c.thing!.phrase)),
              "wait",
            ),
          )}.`
        : `${opener()}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place.phrase} ${c.time}.`,
    (c) =>
      `${capitalize(c.place.phrase)} ${looksPlural(c.place.phrase) ? "are" : "is"} ${c.mood} ${c.time}.${c.thing ? ` There {hero} ${v("find")} ${c.thing.phrase}.` : ` Here {hero} ${v("look")} around slowly.`}`,
    (c) =>
      happenings.length > 0 && !overlaps(happenings[c.i % happenings.length]!, c.place.phrase)
        ? `${capitalize(c.time)}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place.phrase}. Somewhere near, ${happenings[c.i % happenings.length]}.`
        : `${capitalize(c.time)}, {hero} ${v("pause")} ${inOrAt(c.place)} ${c.place.phrase}${c.thing ? ` beside ${c.thing.phrase}` : ""}.`,
    (c) =>
      goal && !overlaps(goal.object, c.place.phrase)
        ? `${opener()}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place.phrase} ${c.time}, still hoping to ${actionPhrase(goal)}.`
        : `${capitalize(c.time)}, {hero} ${v("pause")} ${inOrAt(c.place)} ${c.place.phrase}.`,
  ];

  const states: Record<string, State> = {};
  for (let i = 0; i < stateCount; i++) {
    const id = ids[i] as string;
    const place = allPlaces[i] as Place;
    const time = times[i] as string;
    const mood = moodFor(moods, i, place.phrase, place.env);
    const light = moodFor(lights, i, place.phrase, place.env);
    const other = others.length > 0 && rng.next() < 0.6 ? others[i % others.length] : undefined;
    const thing = thingFor(i, place.phrase);
    const isEnding = i >= plainCount;
    const movingThing = thingFor(i + 1, place.phrase);
    const state: State = {
      id,
      base:
        firstFine(shuffle(plans, rng).map((plan) => () => plan({ place, time, i, mood, light, thing, other }))) +
        (other
          ? ` ${capitalize(other)} ${tv(
              other,
              pickOr(
                rng,
                ["wait nearby", "watch from the shadows", "whisper a warning", "keep a careful distance", "hum an old tune"].filter(
                  (w) => !overlaps(w, other) && !overlaps(w, place.phrase),
                ),
                "wait nearby",
              ),
            )}.`
          : "") +
        "",
      camera: { ...camera },
      movement: {
        static: `${capitalize(inOrAt(place))} ${place.phrase}, {hero} ${v("hold")} still, breathing slowly`,
        dynamic: movingThing
          ? `Through ${place.phrase}, {hero} ${v("move")} carefully, eyes on ${movingThing.phrase}`
          : `Through ${place.phrase}, {hero} ${v("move")} carefully`,
      },
      ambient: [
        ...(happenings.length > 0 && i % 2 === 0 ? [happenings[(i / 2) % happenings.length] as string] : []),
        ...ambientOf(place.kind, place.env, place.phrase, readConditions(time).weather),
      ].slice(0, 3),
      ending: { isEnding: false },
      variants: [],
    };
    if (isEnding) {
      const outcome = outcomes[i - plainCount] as "good" | "bad" | "neutral";
      const object = goal ? bare(objectPhrase(goal.object)) : "";
      const title =
        outcome === "good"
          ? object
            ? overlaps("last", object)
              ? capitalize(objectPhrase(goal!.object))
              : `${capitalize(objectPhrase(goal!.object))}, at last`
            : `Light over ${place.phrase}`
          : outcome === "bad"
            ? `Lost in ${place.phrase}`
            : `Beyond ${place.phrase}`;
      const deed = goal
        ? outcome === "bad"
          ? `${v("fail")} to ${actionPhrase(goal)}`
          : v(actionPhrase(goal))
        : outcome === "bad"
          ? v("lose the way")
          : v("find the way through");
      state.ending = {
        isEnding: true,
        outcome,
        title: truncate(capitalize(title), 80),
        text: firstFine(
          (outcome === "bad" ? ["keeps its secret", "stays silent", "goes dark"] : ["falls quiet", "grows still"]).map((close) => () => {
            const where = goal && overlaps(goal.object, place.phrase) ? "all around" : place.phrase;
            const when = restates(`${time} ${deed} ${place.phrase}`, isFunctionWord) ? "In the end" : capitalize(time);
            return `${when}, {hero} ${deed}, and ${where} ${close}. ${input.bible ? "Here ends this chapter of the story" : "Here ends the story of {hero}"}.`;
          }),
        ),
      };
    }
    // Another light on the same place: never a claim that the player has been here before.
    if (rng.next() < 0.45) {
      const alts = TIMES_BY_ENV[place.env].filter((t) => t !== time && !overlaps(t, place.phrase));
      const alt = alts.length > 0 ? rng.pick(alts) : undefined;
      if (alt) {
        state.variants.push({
          id: timeId(alt),
          label: truncate(`${capitalize(bare(place.phrase))} ${alt}`, 80),
          base: `${capitalize(alt)}, ${place.phrase} ${looksPlural(place.phrase) ? "look" : "looks"} ${rng.pick(["strange", "unfamiliar", "changed", "hushed"])}, and {hero} ${v("tread")} carefully.`,
          weight: 1,
        });
      }
    }
    states[id] = state;
  }

  const events = authorEvents({
    ids,
    allPlaces,
    plainCount,
    endingCount,
    outcomes,
    others,
    things,
    deeds,
    goal,
    rng,
    v,
    opener,
    lexiconParts: (t) => partOf(t, lexicon),
  });

  const description =
    truncate(cleanText(input.bible?.summary ?? "") || cleanText(premise) || cleanText(text), 280) || `A ${stateCount}-scene world.`;
  const properHero = isProperName(hero) ? hero : undefined;
  const firstPlace = allPlaces[0] as Place;
  const name = input.bible
    ? truncate(
        `${cleanText(input.bible.title) || capitalize(bare(firstPlace.phrase))}${input.chapterTitle ? `: ${cleanText(input.chapterTitle)}` : ""}`,
        100,
      )
    : truncate(
        (properHero || hero === subject) && hero !== "" && things.length > 0 && things[0]!.phrase.indexOf("'s ") < 0
          ? `${capitalize(hero)} and ${things[0]!.phrase}`
          : capitalize(cast.setting?.phrase ?? firstPlace.phrase),
        100,
      );
  const descriptor = truncate(cleanText(input.subjectRef?.descriptor ?? ""), 300);
  const image = /^https?:\/\//i.test(frameRef.trim())
    ? frameRef.trim()
    : sceneSvgDataUri({ prompt: `${firstPlace.phrase} ${times[0] as string}, featuring ${hero}`, mood: tone, aspect: "16:9" });

  // Everyone and everything the text names is somewhere in the world: what no sentence above
  // happened to name is seen, heard or met in a state where it fits.
  // Things, people and weather are seen: a state's own prose (what its frame is painted from) names them.
  const norm = (t: string): string => ` ${t.toLowerCase().replace(/[^a-z0-9' ]+/g, " ")} `;
  const seen = (phrase: string): boolean =>
    norm(
      Object.values(states)
        .map((st) => st.base)
        .join(" "),
    ).includes(norm(bare(phrase)).slice(0, -1));
  const said = (phrase: string): boolean =>
    norm(
      [
        ...Object.values(states).flatMap((st) => [st.base, st.ending.text ?? "", st.ending.title ?? ""]),
        ...events.flatMap((e) => [e.name, e.base, e.detail]),
      ].join(" "),
    ).includes(norm(bare(phrase)).slice(0, -1));
  const plainIds = ids.slice(0, plainCount);
  let slot = 0;
  const addTo = (sentence: (place: Place) => string, fits: (p: Place) => boolean = () => true): void => {
    for (let k = 0; k < plainIds.length; k++) {
      const at = (slot + k) % plainIds.length;
      const place = allPlaces[at] as Place;
      if (!fits(place)) continue;
      const st = states[plainIds[at] as string] as State;
      const line = sentence(place);
      if (restates(`${st.base} ${line}`.split(/(?<=[.!?])\s+/).pop() ?? line, isFunctionWord)) continue;
      st.base = `${st.base} ${line}`;
      slot = at + 1;
      return;
    }
  };
  for (const who of others) if (!seen(who)) addTo(() => `${capitalize(who)} ${tv(who, "wait")} nearby.`);
  for (const t of things)
    if (!seen(t.phrase))
      addTo(
        (p) => `Not far off, {hero} ${v("notice")} ${t.phrase}${overlaps(t.phrase, p.phrase) ? "" : ""}.`,
        (p) => !overlaps(t.phrase, p.phrase),
      );
  for (const w of cast.weathers)
    if (!seen(w)) addTo((p) => (p.env === "outdoor" ? `All around, ${w} ${tv(w, "rage")}.` : `Outside, ${w} ${tv(w, "rage")}.`));
  for (const n of notions) if (!said(n)) addTo(() => `All the while, {hero} ${v("think")} of ${n}.`);
  // "Jonah Thistlewood, a lamplighter": what the text calls the protagonist besides their name.
  const entrance = states[ids[0] as string] as State;
  for (const alias of castReading.aliases.filter((a) => !said(a) && a.toLowerCase() !== hero.toLowerCase()).slice(0, 1))
    entrance.base = `${entrance.base} Everyone here knows {hero} as ${alias}.`;

  // A fixed opener that happens to repeat a word of its sentence ("At last, … the last reel") gives way to another.
  const mend = (t: string): string => mendOpeners(t, isFunctionWord);
  for (const st of Object.values(states)) {
    st.base = mend(st.base);
    if (st.ending.text) st.ending.text = mend(st.ending.text);
  }
  for (const e of events) e.base = mend(e.base);

  const world: World = {
    id: input.worldId,
    name: name || "Untitled world",
    description,
    cover: image,
    subject: descriptor || `${hero}, the ${cast.figures > 1 ? "ones" : "one"} the camera follows`,
    entrance: {
      image: { src: image, label: truncate(`${capitalize(firstPlace.phrase)} ${times[0] as string}`, 100) },
      state: ids[0] as string,
    },
    scene: { states, events },
    slots: { hero },
  };
  if (input.subjectRef !== undefined) world.subjectRef = { imageUrl: input.subjectRef.imageUrl, descriptor: world.subject };
  return world;
}

/** A part of a thing worth a detail ("the bell's clapper"), from the lexicon. */
function partOf(thing: Thing, lexicon: ReturnType<typeof getLexicon>): string | undefined {
  const sense = lexicon.pick(thing.head, { expect: "thing" });
  const part = sense ? lexicon.parts(sense, 1).find((p) => lexicon.familiarity(p.lemma) > 0 && !p.lemma.includes(" ")) : undefined;
  return part?.lemma;
}

interface EventInput {
  ids: string[];
  allPlaces: Place[];
  plainCount: number;
  endingCount: number;
  outcomes: string[];
  others: string[];
  things: Thing[];
  deeds: Action[];
  goal: Action | undefined;
  rng: Prng;
  v: (phrase: string) => string;
  opener: () => string;
  lexiconParts: (thing: Thing) => string | undefined;
}

/** Events: the spine, a shortcut or a way back, every ending from the last plain state, and things to do in place. */
function authorEvents(x: EventInput): Event[] {
  const { ids, allPlaces, plainCount, endingCount, outcomes, others, things, deeds, goal, rng, v, opener } = x;
  const events: Event[] = [];
  const namesByState = new Map<string, Set<string>>();
  const uniqueName = (from: string, name: string): string => {
    let names = namesByState.get(from);
    if (!names) namesByState.set(from, (names = new Set()));
    const base = truncate(name, 80);
    let candidate = base;
    for (let n = 0; names.has(candidate.toLowerCase()); n++)
      candidate = truncate(`${["Again", "Once more", "Still"][n % 3] as string}: ${base}`, 80);
    names.add(candidate.toLowerCase());
    return candidate;
  };
  const transition = (from: number, to: number, hotkey: string, name: string, base: string, detail: string): void => {
    const f = ids[from] as string;
    events.push({ from: f, to: ids[to] as string, name: uniqueName(f, name), base, detail, hotkey });
  };
  const override = (from: number, hotkey: string, name: string, base: string, detail: string): void => {
    const f = ids[from] as string;
    events.push({ from: f, name: uniqueName(f, name), base, detail, hotkey });
  };
  const thingAt = (i: number, place: Place): Thing | undefined => {
    const fitting = things.filter((t) => !overlaps(t.phrase, place.phrase));
    return fitting.length > 0 ? fitting[i % fitting.length] : undefined;
  };

  const lastPlain = plainCount - 1;
  for (let i = 0; i < plainCount; i++) {
    const here = allPlaces[i] as Place;
    if (i < lastPlain) {
      const target = allPlaces[i + 1] as Place;
      const move = rng.pick(movesTo(target.kind, target.env));
      const guideCandidate = others.length > 0 && rng.next() < 0.35 ? others[(i + 1) % others.length] : undefined;
      const guide = guideCandidate && !overlaps(guideCandidate, target.phrase) ? guideCandidate : undefined;
      const deed = deeds.length > 0 ? deeds[i % deeds.length] : undefined;
      const past = thingAt(i + 1, target);
      transition(
        i,
        i + 1,
        "1",
        guide ? `Follow ${guide} to ${target.phrase}` : `${capitalize(move)} ${target.phrase}`,
        `${opener()}, {hero} ${guide ? `${v("follow")} ${guide} to` : v(move)} ${target.phrase}${deed && !overlaps(actionPhrase(deed), `${target.phrase} ${move} ${guide ?? ""}`) ? `, hoping to ${actionPhrase(deed)}` : ""}.`,
        past && !overlaps(past.phrase, target.phrase)
          ? `The way to ${target.phrase} leads past ${past.phrase}.`
          : overlaps("way", target.phrase)
            ? `${capitalize(target.phrase)} ${looksPlural(target.phrase) ? "are" : "is"} not far.`
            : `The way to ${target.phrase} is ${pickOr(
                rng,
                ["short", "long", "steep", "narrow"].filter((a) => !overlaps(a, target.phrase)),
                "short",
              )}.`,
      );
      // A branch: a shortcut ahead, or a way back to where the hero has been.
      if (rng.next() < 0.5) {
        if (i + 2 <= lastPlain) {
          const ahead = allPlaces[i + 2] as Place;
          transition(
            i,
            i + 2,
            "2",
            `Take the shortcut to ${ahead.phrase}`,
            `${opener()}, {hero} ${v("take")} a hidden path straight to ${ahead.phrase}.`,
            overlaps("far side", here.phrase) ? `A narrow way opens here.` : `A narrow way opens at the far side of ${here.phrase}.`,
          );
        } else if (i > 0) {
          const back = allPlaces[i - 1] as Place;
          transition(
            i,
            i - 1,
            "2",
            `Return to ${back.phrase}`,
            `${opener()}, {hero} ${v("return")} to ${back.phrase}.`,
            `Something was left behind in ${back.phrase}.`,
          );
        }
      }
    } else {
      // The last plain state opens every ending: the goal itself, or walking away from it.
      for (let k = 0; k < endingCount; k++) {
        const endIndex = plainCount + k;
        const outcome = outcomes[k] as string;
        const end = allPlaces[endIndex] as Place;
        const name =
          outcome === "bad"
            ? others.length > 0
              ? `Trust ${others[0] as string}`
              : `Turn away toward ${end.phrase}`
            : goal
              ? capitalize(actionPhrase(goal))
              : `Press on to ${end.phrase}`;
        const base =
          outcome === "bad"
            ? `For a moment {hero} ${v("hesitate")}, and the path bends toward ${end.phrase}.`
            : goal && overlaps(goal.object, end.phrase)
              ? `${opener()}, {hero} ${v(actionPhrase(goal))}.`
              : `${opener()}, {hero} ${goal ? v(actionPhrase(goal)) : v("press on")} and ${v("go")} on toward ${end.phrase}.`;
        transition(
          i,
          endIndex,
          String(k + 1),
          name,
          base,
          overlaps(here.phrase, end.phrase)
            ? `${capitalize(end.phrase)} ${looksPlural(end.phrase) ? "lie" : "lies"} ahead.`
            : `Beyond ${here.phrase} ${looksPlural(end.phrase) ? "lie" : "lies"} ${end.phrase}.`,
        );
      }
      if (i > 0 && rng.next() < 0.4) {
        const back = allPlaces[i - 1] as Place;
        transition(
          i,
          i - 1,
          String(endingCount + 1),
          `Return to ${back.phrase}`,
          `${opener()}, {hero} ${v("retreat")} to ${back.phrase} to think.`,
          `${capitalize(back.phrase)} is still within reach.`,
        );
      }
    }

    // Things to do in place, each verb fitting its object: examine things, talk to people, look around places.
    const inPlace: { name: string; base: string; detail: string }[] = [];
    const thing = thingAt(i, here);
    if (thing)
      inPlace.push({
        name: `Examine ${thing.phrase}`,
        base: `${opener()}, {hero} ${v("examine")} ${thing.phrase} closely.`,
        detail: thingDetail(thing.kind as Kind, x.lexiconParts(thing), rng),
      });
    if (others.length > 0) {
      const who = others[i % others.length] as string;
      const topic = thingAt(i + 1, here);
      inPlace.push({
        name: `Talk to ${who}`,
        base: `${opener()}, {hero} ${v("speak")} with ${who}.`,
        detail: topic
          ? `${capitalize(who)} ${tvAgree(who, "mention")} ${topic.phrase}.`
          : `${capitalize(who)} ${tvAgree(who, "say")} little, but ${tvAgree(who, "listen")}.`,
      });
    }
    const act = deeds.length > 1 ? deeds[(i + 1) % deeds.length] : undefined;
    if (act && act !== goal && !overlaps(act.object, here.phrase))
      inPlace.push({
        name: capitalize(actionPhrase(act)),
        base: `Right here in ${here.phrase}, {hero} ${v("try")} to ${actionPhrase(act)}.`,
        detail: `It is harder than it looks.`,
      });
    inPlace.push({
      name: `Look around ${here.phrase}`,
      base: `For a while {hero} ${v("look")} around ${here.phrase}.`,
      detail: rng.pick([
        "Nothing here is quite as it seemed.",
        "Every corner holds something to notice.",
        "The quiet here is its own kind of answer.",
      ]),
    });
    const count = rng.int(Math.min(3, inPlace.length) + 1);
    const hotkeys = ["q", "e", "r"];
    for (const [k, o] of shuffle(inPlace, rng).slice(0, count).entries()) override(i, hotkeys[k] as string, o.name, o.base, o.detail);
  }
  return events;
}

const tvAgree = (subjectPhrase: string, verb: string): string => agree(verb, looksPlural(subjectPhrase));

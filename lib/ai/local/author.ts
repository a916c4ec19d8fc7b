import { createPrng, hashString, type State, type World } from "@/lib/kernel";
import { getLexicon } from "@/lib/lexicon";
import type { Bible, SubjectRefInput } from "../provider";
import { authorEvents, partOf } from "./author-events";
import { goalOf, heroOf, ownerOf, povCamera } from "./author-hero";
import { mentionEveryone } from "./author-mentions";
import {
  actionPhrase,
  bare,
  firstFine,
  isProperName,
  objectPhrase,
  overlaps,
  own,
  pickOr,
  shuffle,
  slug,
  uniqueBy,
} from "./author-phrases";
import { readCast, type Cast, type Place, type Thing } from "./cast";
import { nounInfoOf } from "./noun-info";
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
  OPENERS,
  TIME_PHRASES,
  TIMES_BY_ENV,
  timeId,
  WEATHER_PHRASES,
} from "./prose";
import { isFunctionWord, readText } from "./read";
import { stockPlaces } from "./stock";
import { capitalize, cleanText, readStory, truncate, type Tone } from "./text";

export { nounInfoOf } from "./noun-info";

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

  // Everyone and everything the text names is somewhere in the world (author-mentions.ts).
  mentionEveryone({
    states,
    events,
    ids,
    plainCount,
    allPlaces,
    hero,
    others,
    things,
    weathers: cast.weathers,
    notions,
    aliases: castReading.aliases,
    v,
    tv,
  });

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

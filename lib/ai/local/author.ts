import { createPrng, hashString, type Event, type Prng, type State, type World } from "@/lib/kernel";
import type { Bible, SubjectRefInput } from "../provider";
import { sceneSvgDataUri } from "./painter";
import { isFunctionWord } from "./read";
import { readConditions } from "./paint/read";
import { capitalize, cleanText, extractStory, thirdPerson, truncate, type Action, type StoryFacts, type Tone } from "./text";

// The local author: a procedural world from the premise's (or chapter's) own places, people and
// actions. A pure function of its input (seeded from a hash), gate-clean for any input: every
// prose field carries fixed words around the extracted ones, ids are ASCII with an index, names
// and hotkeys are made unique per source state, every state is reachable and the last plain
// state opens every ending.
//
// Language rules (issue 12): the hero is the text's subject noun phrase; places and things are
// its own noun phrases; state ids are an index plus a noun phrase's words (head kept when cut);
// event names are imperative phrases that end in a noun phrase ("Ring the drowned bell",
// "Climb to the lantern room", "Talk to Ilse"), so their head, read the English way as the last
// word, is always a noun, never a verb or a function word. Verbs agree with the hero (plural
// subjects take the base form), and prose never opens a sentence with the `{hero}` slot, so a
// lower-case "the keeper" never starts a sentence. Sentence plans are picked by the seed.

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
}

const MOVES = ["head for", "climb toward", "slip into", "cross to", "descend into", "make for", "hurry to", "wander toward", "press on to", "steal away to"];
// "at" fits every kind of place ("at the stormy sea", "at the open gate"); "in" or "into" does not.
const ARRIVALS = ["arrive at", "reach", "come to", "stand at", "wait at", "wake at", "linger at", "pause at"];
const OPENERS = ["At last", "Soon", "Quietly", "Before long", "Slowly", "Without a word", "Now", "Once more"];
const TIMES = ["at dawn", "at dusk", "in the rain", "at midnight", "in thick fog", "at high noon", "under a low moon", "in the first snow", "in the storm"];
/** The phrases of TIMES that are weather, by the weather the painter reads from them. */
const WEATHER_PHRASES: Record<string, string> = { rain: "in the rain", fog: "in thick fog", snow: "in the first snow", storm: "in the storm" };
const TIME_PHRASES: Record<string, string> = { night: "at midnight", dawn: "at dawn", dusk: "at dusk", day: "at high noon" };
const TIME_IDS: Record<string, string> = {
  "at dawn": "dawn",
  "at dusk": "dusk",
  "in the rain": "rain",
  "at midnight": "midnight",
  "in thick fog": "fog",
  "at high noon": "noon",
  "under a low moon": "moon",
  "in the first snow": "snow",
  "in the storm": "storm",
};
const MOOD_ADJECTIVES: Record<Tone, string[]> = {
  ominous: ["cold", "hushed", "smoke-dark", "uneasy"],
  bright: ["golden", "warm", "sunlit", "lively"],
  wistful: ["grey", "faded", "quiet", "rain-soft"],
  wondrous: ["shimmering", "starlit", "strange", "glowing"],
  tense: ["restless", "flickering", "charged", "breathless"],
  quiet: ["still", "pale", "humming", "soft"],
};
const SOUNDS = ["the distant sound of", "a faint echo of", "the murmur of", "the creak of", "the hum of", "the patter of"];
const PLACE_NOUNS = ["garden", "harbor", "archive", "market", "tower", "bridge", "cellar", "rooftop", "observatory", "chapel", "workshop", "station", "orchard", "lighthouse", "library", "canyon", "courtyard", "pier"];
const ENDING_PLACES = ["the far shore", "the open gate", "the lantern room", "the quiet hill", "the high window", "the distant road"];
const HEROES = ["the wanderer", "the courier", "the cartographer", "the diver", "the archivist", "the stranger", "the pilot", "the apprentice"];
const WATCHERS = ["wait nearby", "watch from the shadows", "whisper a warning", "keep a careful distance", "hum an old tune"];

const POV_CAMERA: Record<string, { static: string; dynamic: string }> = {
  first_person: { static: "first-person view at eye height, steady and unhurried", dynamic: "first-person view with a gentle sway as {hero} moves" },
  third_person_shoulder: { static: "over-the-shoulder framing just behind {hero}, horizon level", dynamic: "over-the-shoulder tracking shot following {hero}" },
  third_person: { static: "wide third-person framing with {hero} in the lower third", dynamic: "third-person chase camera a few steps behind {hero}" },
  top_down: { static: "high top-down view looking straight at {hero}", dynamic: "top-down view drifting to keep {hero} centred" },
  isometric: { static: "isometric three-quarter view with {hero} centred", dynamic: "isometric view panning smoothly with {hero}" },
  side_scroller: { static: "flat side view with {hero} in profile", dynamic: "side view scrolling with {hero}" },
  cinematic: { static: "wide cinematic establishing shot with {hero} small in frame", dynamic: "slow cinematic dolly following {hero}" },
};

const own = <T>(record: Record<string, T>, key: string): T | undefined => (Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined);

/**
 * ASCII slug of a noun phrase ("the Café Ñandú" → "cafe-nandu"), at most 24 characters: words
 * are dropped from the front, so the head noun (the last word) stays.
 */
function slug(text: string): string {
  const words = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/['’]s\b/g, "s")
    .replace(/[^a-z0-9]+/g, "-")
    .split("-")
    .filter((w) => w !== "");
  while (words.length > 1 && words.join("-").length > 24) words.shift();
  return words.join("-").slice(0, 24);
}

/** A phrase whose last word reads as a plural ("the ship's gardens", not "the glass" or "Ellis"). */
const looksPlural = (phrase: string): boolean => {
  const last = phrase.split(" ").pop() ?? "";
  return /^[a-z]/.test(last) && /[^su']s$/.test(last) && !/(ss|is|us|ous)$/.test(last);
};

/** "to the lantern room" → "the lantern room": an action's object without its preposition. */
const objectPhrase = (object: string): string => {
  const [first, ...rest] = object.split(" ");
  return rest.length > 0 && first !== undefined && isFunctionWord(first) && !/^(the|a|an)$/i.test(first) ? rest.join(" ") : object;
};

/** "the old lighthouse" → "old lighthouse" (for titles). */
const bare = (phrase: string): string => phrase.replace(/^(the|a|an)\s+/i, "");

function shuffle<T>(items: readonly T[], rng: Prng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const isProperName = (p: string): boolean => !/^(the|a|an)\s/i.test(p);

function uniqueBy(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const key = item.toLowerCase();
    if (item.trim() === "" || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

function povCamera(pov: string): { static: string; dynamic: string } {
  const known = own(POV_CAMERA, pov);
  if (known) return { ...known };
  const words = truncate(cleanText(pov.replace(/_/g, " ")), 40) || "steady";
  return { static: `${words} framing on {hero}`, dynamic: `${words} framing that follows {hero}` };
}

const actionPhrase = (a: Action): string => (a.object === "" ? a.verb : `${a.verb} ${a.object}`);
/** A phrase in the base form ("arrive at") agreeing with the hero ("arrives at", or "arrive at" for "the two kids"). */
const agree = (phrase: string, plural: boolean): string => {
  if (plural) return phrase;
  const [first, ...rest] = phrase.split(" ");
  return [thirdPerson(first as string), ...rest].join(" ");
};

/** Builds the world. Pure: the same input always yields the same world. */
export function buildLocalWorld(input: LocalAuthorInput): World {
  const premise = input.premise ?? "";
  const text = input.text ?? "";
  const frameRef = input.frameRef ?? "";
  const key = JSON.stringify([
    "local-v1",
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
  const facts: StoryFacts = extractStory(`${premise}\n${text}`);
  const bibleFacts = input.bible ? extractStory([input.bible.setting, ...input.bible.places, ...input.bible.characters].join(". ")) : undefined;
  const tone: Tone = (input.bible?.tone as Tone | undefined) && own(MOOD_ADJECTIVES, input.bible?.tone ?? "") ? (input.bible?.tone as Tone) : facts.tone;
  const moods = shuffle(MOOD_ADJECTIVES[tone], rng);
  const mood = (i: number): string => moods[i % moods.length] as string;

  // Nouns for prose: the input's own, padded from a fixed pool; adjectives likewise.
  const words = uniqueBy([...facts.words, ...(bibleFacts?.words ?? [])]);
  for (const w of shuffle(["lantern", "tide", "ember", "glass", "raven", "clockwork", "moss", "signal", "salt", "echo", "copper", "thread"], rng)) {
    if (words.length >= 6) break;
    if (!words.includes(w)) words.push(w);
  }
  const word = (i: number): string => words[i % words.length] as string;
  const modifiers = uniqueBy([...facts.modifiers, ...(bibleFacts?.modifiers ?? [])]);

  // The hero: the bible's protagonist, else the text's subject, else the first proper name,
  // else the first role; "the narrator" for a first-person text that never says who.
  const peopleAll = uniqueBy([...facts.people, ...(bibleFacts?.people ?? [])]);
  const subject = cleanText(facts.subject);
  const heroSource =
    cleanText(input.bible?.protagonist ?? "") ||
    subject ||
    (facts.firstPerson ? "the narrator" : "") ||
    peopleAll.find(isProperName) ||
    peopleAll[0] ||
    rng.pick(HEROES);
  const hero = truncate(heroSource, 60);
  const plural = !input.bible && subject !== "" && hero === subject && facts.subjectPlural;
  const v = (phrase: string): string => agree(phrase, plural);
  // Other people, never the hero under another form of the name ("Ines Marrow" beside "Ines").
  const heroNames = new Set(hero.split(" ").filter((w) => /^\p{Lu}/u.test(w)));
  const others = peopleAll.filter((p) => p.toLowerCase() !== hero.toLowerCase() && !p.split(" ").some((w) => heroNames.has(w)));
  // Things: the input's own; else its other people; else nouns of the pool.
  const heroWords = new Set(hero.toLowerCase().split(" "));
  const proseWords = words.filter((w) => !heroWords.has(w));
  if (proseWords.length > 0) words.splice(0, words.length, ...proseWords);
  const things = (facts.things.length > 0 ? facts.things : others.length > 0 ? others.slice(0, 3) : words.slice(0, 4).map((w) => `the ${w}`)).filter((t) => t.toLowerCase() !== hero.toLowerCase());
  if (things.length === 0) things.push(`the ${word(0)}`);
  const thing = (i: number): string => things[i % things.length] as string;
  const namesHero = (phrase: string): boolean => phrase.split(" ").some((w) => heroNames.has(w));
  const actions = facts.actions.filter((a) => a.object.toLowerCase() !== hero.toLowerCase() && objectPhrase(a.object).toLowerCase() !== hero.toLowerCase() && !namesHero(a.object));
  // Actions that can name an event: those with an object (the name then ends in a noun phrase).
  const deeds = actions.filter((a) => a.object !== "");
  const happenings = facts.happenings.filter((h) => !namesHero(h));

  // Places: the input's, then the bible's, then "the <adjective> <place noun>".
  const placeNouns = shuffle(PLACE_NOUNS, rng);
  const extracted = uniqueBy([...facts.places, ...(bibleFacts?.places ?? [])]).filter((p) => p.toLowerCase() !== hero.toLowerCase());
  const plainCount = extracted.length >= 3 ? Math.min(7, extracted.length) : 3 + rng.int(3);
  const places = extracted.slice(0, plainCount);
  for (let k = 0; places.length < plainCount; k++) {
    const modifier = k < modifiers.length ? (modifiers[k] as string) : mood(k);
    const candidate = `the ${modifier} ${placeNouns[k % placeNouns.length] as string}`;
    if (!places.some((p) => p.toLowerCase() === candidate.toLowerCase())) places.push(candidate);
    if (k > 40) places.push(`the ${mood(k)} ${placeNouns[places.length % placeNouns.length] as string}`);
  }
  const endingCount = rng.next() < 0.6 || actions.length > 1 ? 2 : 1;
  // The text's own places left over come first; the pool only when it has none.
  const endingPlaces = uniqueBy([...shuffle(extracted.slice(plainCount), rng), ...shuffle(ENDING_PLACES, rng)])
    .filter((p) => !places.some((q) => q.toLowerCase() === p.toLowerCase()))
    .slice(0, endingCount);
  while (endingPlaces.length < endingCount) endingPlaces.push(`the ${mood(endingPlaces.length)} threshold`);
  const allPlaces = [...places, ...endingPlaces];
  const stateCount = allPlaces.length;

  const ids = allPlaces.map((p, i) => {
    const prefix = i < plainCount ? `s${i + 1}` : `end${i - plainCount + 1}`;
    const s = slug(p);
    return s === "" ? prefix : `${prefix}-${s}`;
  });
  // The light and weather of each state: the entrance keeps what the text states ("at dawn", "in
  // the rain"); a place that names its weather ("the stormy sea") gets a time of day, not a second
  // weather; and no state contradicts the weather the text states.
  const stated = readConditions(`${premise}\n${text}`.slice(0, 4000));
  const statedWeather = stated.weather && WEATHER_PHRASES[stated.weather];
  const times = allPlaces.map((place, i) => {
    const weathered = readConditions(place).weather !== null;
    const allowed = TIMES.filter((t) => !Object.values(WEATHER_PHRASES).includes(t) || (!weathered && (!statedWeather || t === statedWeather)));
    if (i === 0 && !weathered && statedWeather) return statedWeather;
    if (i === 0 && stated.time) return TIME_PHRASES[stated.time] as string;
    return rng.pick(allowed);
  });
  const camera = povCamera(input.pov);

  const outcomes: ("good" | "bad" | "neutral")[] = endingCount === 2 ? ["good", "bad"] : [tone === "ominous" || tone === "wistful" ? "neutral" : "good"];
  const mainAction: Action | undefined = deeds[0];
  /** A verb agreeing with a thing ("the bell waits", "the gardens wait"). */
  const tv = (subjectPhrase: string, phrase: string): string => agree(phrase, looksPlural(subjectPhrase));
  const opener = (): string => rng.pick(OPENERS);

  // Sentence plans for a state's base prose; the seed picks one per state.
  const basePlans: ((c: { place: string; time: string; i: number; other?: string }) => string)[] = [
    (c) => `${capitalize(c.time)}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place}. ${capitalize(mood(c.i))} light falls across ${thing(c.i)}.`,
    (c) => `${opener()}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place} ${c.time}, where ${thing(c.i)} ${tv(thing(c.i), rng.pick(["wait", "lie half in shadow", "catch the light", "rest untouched"]))}.`,
    (c) => `${capitalize(c.place)} is ${mood(c.i)} ${c.time}. There {hero} ${v("find")} ${thing(c.i)}.`,
    (c) =>
      happenings.length > 0
        ? `${capitalize(c.time)}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place}. Somewhere near, ${happenings[c.i % happenings.length] as string}.`
        : `${capitalize(c.time)}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place}. The scent of the ${word(c.i + 2)} hangs in the ${mood(c.i)} air.`,
    (c) => (mainAction ? `${opener()}, {hero} ${v(rng.pick(ARRIVALS))} ${c.place} ${c.time}, still hoping to ${actionPhrase(mainAction)}.` : `${capitalize(c.time)}, {hero} ${v("pause")} in ${c.place} beside ${thing(c.i)}.`),
  ];

  const states: Record<string, State> = {};
  for (let i = 0; i < stateCount; i++) {
    const id = ids[i] as string;
    const place = allPlaces[i] as string;
    const time = times[i] as string;
    const other = others.length > 0 && rng.next() < 0.6 ? others[i % others.length] : undefined;
    const isEnding = i >= plainCount;
    const plan = rng.pick(basePlans);
    const state: State = {
      id,
      base: plan({ place, time, i, other }) + (other ? ` ${capitalize(other)} ${tv(other, rng.pick(WATCHERS))}.` : ""),
      camera: { ...camera },
      movement: {
        static: `In ${place}, {hero} ${v("hold")} still, breathing slowly`,
        dynamic: `Through ${place}, {hero} ${v("move")} carefully, eyes on ${thing(i + 1)}`,
      },
      ambient: [happenings.length > 0 && i % 2 === 0 ? (happenings[(i / 2) % happenings.length] as string) : `${rng.pick(SOUNDS)} the ${word(i + 3)}`, `${mood(i + 1)} light over ${place}`],
      ending: { isEnding: false },
      variants: [],
    };
    if (isEnding) {
      const outcome = outcomes[i - plainCount] as "good" | "bad" | "neutral";
      const title =
        outcome === "good"
          ? mainAction?.object
            ? `${capitalize(bare(objectPhrase(mainAction.object)))}, at last`
            : `Light over ${place}`
          : outcome === "bad"
            ? `Lost in ${place}`
            : `Beyond ${place}`;
      const deed = mainAction ? (outcome === "bad" ? `${v("fail")} to ${actionPhrase(mainAction)}` : v(actionPhrase(mainAction))) : outcome === "bad" ? v("turn back too late") : v("find the way through");
      state.ending = {
        isEnding: true,
        outcome,
        title: truncate(capitalize(title), 80),
        text: `${capitalize(time)}, {hero} ${deed}, and ${place} ${outcome === "bad" ? "keeps its secret" : "falls quiet"}. ${input.bible ? "Here ends this chapter of the story" : "Here ends the story of {hero}"}.`,
      };
    }
    if (rng.next() < 0.45) {
      const alt = rng.pick(TIMES.filter((t) => t !== time));
      state.variants.push({
        id: own(TIME_IDS, alt) ?? "alt",
        label: truncate(`${capitalize(bare(place))} ${alt}`, 80),
        base: `${capitalize(alt)}, {hero} ${v("return")} to ${place}; ${thing(i + 2)} ${tv(thing(i + 2), "look")} different now.`,
        weight: 1,
      });
    }
    states[id] = state;
  }

  // Events. Names are unique per source state, hotkeys too (1/2/3 move, q/e/r act in place).
  // Every name ends in a noun phrase (see the note at the top).
  const events: Event[] = [];
  const namesByState = new Map<string, Set<string>>();
  const uniqueName = (from: string, name: string): string => {
    let names = namesByState.get(from);
    if (!names) namesByState.set(from, (names = new Set()));
    const base = truncate(name, 80);
    let candidate = base;
    for (let n = 0; names.has(candidate.toLowerCase()); n++) candidate = truncate(`${["Again", "Once more", "Still"][n % 3] as string}: ${base}`, 80);
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

  const lastPlain = plainCount - 1;
  for (let i = 0; i < plainCount; i++) {
    const here = allPlaces[i] as string;
    if (i < lastPlain) {
      // The spine: every plain state leads to the next one.
      const target = allPlaces[i + 1] as string;
      const move = rng.pick(MOVES);
      const guide = others.length > 0 && rng.next() < 0.35 ? others[(i + 1) % others.length] : undefined;
      const action = deeds.length > 0 ? deeds[i % deeds.length] : undefined;
      transition(
        i,
        i + 1,
        "1",
        guide ? `Follow ${guide} to ${target}` : `${capitalize(move)} ${target}`,
        `${opener()}, {hero} ${guide ? `${v("follow")} ${guide} to` : v(move)} ${target}${action ? `, hoping to ${actionPhrase(action)}` : ""}.`,
        `The way to ${target} leads past ${thing(i + 1)}.`,
      );
      // A branch: a shortcut ahead, or a way back.
      if (rng.next() < 0.5) {
        if (i + 2 < stateCount && i + 2 <= lastPlain) {
          const ahead = allPlaces[i + 2] as string;
          transition(i, i + 2, "2", `Take the shortcut to ${ahead}`, `${opener()}, {hero} ${v("take")} a hidden path straight to ${ahead}.`, `A narrow way opens behind ${thing(i)}.`);
        } else if (i > 0) {
          const back = allPlaces[i - 1] as string;
          transition(i, i - 1, "2", `Return to ${back}`, `${opener()}, {hero} ${v("turn")} back toward ${back}.`, `Something was left behind in ${back}.`);
        }
      }
    } else {
      // The last plain state opens every ending: the deed itself, or walking away from it.
      for (let k = 0; k < endingCount; k++) {
        const endIndex = plainCount + k;
        const outcome = outcomes[k] as string;
        const endPlace = allPlaces[endIndex] as string;
        const deed = deeds[0];
        const name =
          outcome === "bad"
            ? others.length > 0
              ? `Trust ${others[0] as string}`
              : `Turn away toward ${endPlace}`
            : deed
              ? capitalize(actionPhrase(deed))
              : `Press on to ${endPlace}`;
        const base =
          outcome === "bad"
            ? `For a moment {hero} ${v("hesitate")}, and the path bends toward ${endPlace}.`
            : `${opener()}, {hero} ${mainAction ? v(actionPhrase(mainAction)) : v("press on")} and ${v("walk")} out toward ${endPlace}.`;
        transition(i, endIndex, String(k + 1), name, base, `Beyond ${here} lies ${endPlace}.`);
      }
      if (i > 0 && rng.next() < 0.4) {
        const back = allPlaces[i - 1] as string;
        transition(i, i - 1, String(endingCount + 1), `Return to ${back}`, `${opener()}, {hero} ${v("retreat")} to ${back} to think.`, `${capitalize(back)} is still within reach.`);
      }
    }

    // Overrides: things to do in place, drawn from the input's things, people and actions.
    const inPlace: { name: string; base: string; detail: string }[] = [];
    if (things.length > 0)
      inPlace.push({
        name: `Examine ${thing(i)}`,
        base: `${opener()}, {hero} ${v("examine")} ${thing(i)} closely.`,
        detail: rng.pick([
          `Up close, ${thing(i)} ${tv(thing(i), "smell")} of ${word(i + 4)}.`,
          `Marks of ${word(i + 4)} cover ${thing(i)}.`,
          `Under the dust, ${thing(i)} ${looksPlural(thing(i)) ? "are" : "is"} older than ${looksPlural(thing(i)) ? "they" : "it"} looked.`,
        ]),
      });
    if (others.length > 0) {
      const who = others[i % others.length] as string;
      inPlace.push({ name: `Talk to ${who}`, base: `${opener()}, {hero} ${v("speak")} quietly with ${who}.`, detail: `${capitalize(who)} mentions the ${word(i + 5)}.` });
    }
    const act = deeds.length > 1 ? deeds[(i + 1) % deeds.length] : undefined;
    if (act) inPlace.push({ name: capitalize(actionPhrase(act)), base: `Right here in ${here}, {hero} ${v("try")} to ${actionPhrase(act)}.`, detail: `It is harder than it looks in ${here}.` });
    inPlace.push({ name: `Listen to ${here}`, base: `For a while {hero} ${v("listen")} to ${here}.`, detail: `Somewhere, the ${word(i + 6)} stirs.` });
    const count = rng.int(Math.min(3, inPlace.length) + 1);
    const hotkeys = ["q", "e", "r"];
    for (const [k, o] of shuffle(inPlace, rng).slice(0, count).entries()) override(i, hotkeys[k] as string, o.name, o.base, o.detail);
  }

  const description =
    truncate(cleanText(input.bible?.summary ?? "") || cleanText(premise) || cleanText(text), 280) ||
    `A ${stateCount}-scene world of ${words.slice(0, 3).join(", ")}.`;
  const properHero = isProperName(hero) ? hero : undefined;
  const name = input.bible
    ? truncate(`${cleanText(input.bible.title) || capitalize(bare(allPlaces[0] as string))}${input.chapterTitle ? `: ${cleanText(input.chapterTitle)}` : ""}`, 100)
    : truncate(
        (properHero || hero === subject) && hero !== "" && facts.things.length > 0
          ? `${capitalize(hero)} and ${facts.things.find((t) => t.toLowerCase() !== hero.toLowerCase()) ?? (facts.things[0] as string)}`
          : facts.places.length > 0
            ? capitalize(facts.places[0] as string)
            : `The ${capitalize(word(0))} ${capitalize(placeNouns[0] as string)}`,
        100,
      );
  const descriptor = truncate(cleanText(input.subjectRef?.descriptor ?? ""), 300);
  const entranceIndex = 0;
  const image = /^https?:\/\//i.test(frameRef.trim())
    ? frameRef.trim()
    : sceneSvgDataUri({ prompt: `${allPlaces[entranceIndex] as string} ${times[entranceIndex] as string} ${words.slice(0, 4).join(" ")}`, mood: `${tone} ${mood(0)}`, aspect: "16:9" });

  const world: World = {
    id: input.worldId,
    name: name || "Untitled world",
    description,
    cover: image,
    subject: descriptor || `${hero}, the one the camera follows`,
    entrance: { image: { src: image, label: truncate(`${capitalize(allPlaces[entranceIndex] as string)} ${times[entranceIndex] as string}`, 100) }, state: ids[entranceIndex] as string },
    scene: { states, events },
    slots: { hero },
  };
  if (input.subjectRef !== undefined) world.subjectRef = { imageUrl: input.subjectRef.imageUrl, descriptor: world.subject };
  return world;
}

import { createPrng, hashString, type Event, type Prng, type State, type World } from "@/lib/kernel";
import type { Bible, SubjectRefInput } from "../provider";
import { sceneSvgDataUri } from "./painter";
import { capitalize, cleanText, extractStory, thirdPerson, truncate, type Action, type StoryFacts, type Tone } from "./text";

// The local author: a procedural world from the premise's (or chapter's) own places, people and
// actions. A pure function of its input (seeded from a hash), gate-clean for any input: every
// prose field carries fixed words around the extracted ones, ids are ASCII with an index, names
// and hotkeys are made unique per source state, every state is reachable and the last plain
// state opens every ending.

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
const ARRIVALS = ["arrives at", "stands in", "reaches", "steps into", "waits in", "wakes in", "emerges into", "lingers in"];
const TIMES = ["at dawn", "at dusk", "in the rain", "at midnight", "in thick fog", "at high noon", "under a low moon", "in the first snow"];
const TIME_IDS: Record<string, string> = {
  "at dawn": "dawn",
  "at dusk": "dusk",
  "in the rain": "rain",
  "at midnight": "midnight",
  "in thick fog": "fog",
  "at high noon": "noon",
  "under a low moon": "moon",
  "in the first snow": "snow",
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
const ENDING_PLACES = ["the far shore", "the open gate", "the last light", "the quiet hill", "the high window", "the end of the road"];
const HEROES = ["the wanderer", "the courier", "the cartographer", "the diver", "the archivist", "the stranger", "the pilot", "the apprentice"];
const WATCHERS = ["waits nearby", "watches from the shadows", "whispers a warning", "keeps a careful distance", "hums an old tune"];

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

/** ASCII slug of a phrase ("the Café Ñandú" → "cafe-nandu"), at most 24 characters. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/^(the|a|an)\s+/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 24)
    .replace(/-+$/, "");
}

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
const actionThird = (a: Action): string => (a.object === "" ? thirdPerson(a.verb) : `${thirdPerson(a.verb)} ${a.object}`);
const moveThird = (move: string): string => {
  const [first, ...rest] = move.split(" ");
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

  // Words for prose: the input's own content words, padded from a fixed pool.
  const words = uniqueBy([...facts.words, ...(bibleFacts?.words ?? [])]);
  for (const w of shuffle(["lantern", "tide", "ember", "glass", "raven", "clockwork", "moss", "signal", "salt", "echo", "copper", "thread"], rng)) {
    if (words.length >= 6) break;
    if (!words.includes(w)) words.push(w);
  }
  const word = (i: number): string => words[i % words.length] as string;

  // The hero: the bible's protagonist, else the first proper name, else the first role.
  const peopleAll = uniqueBy([...facts.people, ...(bibleFacts?.people ?? [])]);
  const heroSource = cleanText(input.bible?.protagonist ?? "") || peopleAll.find(isProperName) || peopleAll[0] || rng.pick(HEROES);
  const hero = truncate(heroSource, 60);
  const others = peopleAll.filter((p) => p.toLowerCase() !== hero.toLowerCase());
  const things = facts.things.length > 0 ? facts.things : words.slice(0, 4).map((w) => `the ${w}`);
  const thing = (i: number): string => things[i % things.length] as string;
  const actions = facts.actions.filter((a) => a.object.toLowerCase() !== hero.toLowerCase());

  // Places: the input's, then the bible's, then "the <word> <place noun>" from the input's words.
  const placeNouns = shuffle(PLACE_NOUNS, rng);
  const extracted = uniqueBy([...facts.places, ...(bibleFacts?.places ?? [])]).filter((p) => p.toLowerCase() !== hero.toLowerCase());
  const plainCount = extracted.length >= 3 ? Math.min(7, extracted.length) : 3 + rng.int(3);
  const places = extracted.slice(0, plainCount);
  for (let k = 0; places.length < plainCount; k++) {
    const candidate = `the ${k < words.length ? word(k + 1) : mood(k)} ${placeNouns[k % placeNouns.length] as string}`;
    if (!places.some((p) => p.toLowerCase() === candidate.toLowerCase())) places.push(candidate);
    if (k > 40) places.push(`the ${placeNouns[k % placeNouns.length] as string} ${places.length + 1}`);
  }
  const endingCount = rng.next() < 0.6 || actions.length > 1 ? 2 : 1;
  const endingPlaces = shuffle(
    uniqueBy([...extracted.slice(plainCount), ...ENDING_PLACES]).filter((p) => !places.some((q) => q.toLowerCase() === p.toLowerCase())),
    rng,
  ).slice(0, endingCount);
  while (endingPlaces.length < endingCount) endingPlaces.push(`the ${mood(endingPlaces.length)} threshold`);
  const allPlaces = [...places, ...endingPlaces];
  const stateCount = allPlaces.length;

  const ids = allPlaces.map((p, i) => {
    const prefix = i < plainCount ? `s${i + 1}` : `end${i - plainCount + 1}`;
    const s = slug(p);
    return s === "" ? prefix : `${prefix}-${s}`;
  });
  const times = allPlaces.map(() => rng.pick(TIMES));
  const camera = povCamera(input.pov);

  const outcomes: ("good" | "bad" | "neutral")[] = endingCount === 2 ? ["good", "bad"] : [tone === "ominous" || tone === "wistful" ? "neutral" : "good"];
  const mainAction: Action | undefined = actions[0];

  const states: Record<string, State> = {};
  for (let i = 0; i < stateCount; i++) {
    const id = ids[i] as string;
    const place = allPlaces[i] as string;
    const time = times[i] as string;
    const other = others.length > 0 && rng.next() < 0.6 ? others[i % others.length] : undefined;
    const isEnding = i >= plainCount;
    const state: State = {
      id,
      base:
        `{hero} ${rng.pick(ARRIVALS)} ${place} ${time}. ${capitalize(mood(i))} light falls across ${thing(i)}` +
        (other ? `, and ${other} ${rng.pick(WATCHERS)}.` : `; ${word(i + 2)} hangs in the air.`),
      camera: { ...camera },
      movement: {
        static: `{hero} holds still in ${place}, breathing slowly`,
        dynamic: `{hero} moves carefully through ${place}, eyes on ${thing(i + 1)}`,
      },
      ambient: [`${rng.pick(SOUNDS)} ${word(i + 3)}`, `${mood(i + 1)} light over ${place}`],
      ending: { isEnding: false },
      variants: [],
    };
    if (isEnding) {
      const outcome = outcomes[i - plainCount] as "good" | "bad" | "neutral";
      const title =
        outcome === "good"
          ? mainAction?.object
            ? `${capitalize(bare(mainAction.object))}, at last`
            : `Light over ${place}`
          : outcome === "bad"
            ? `Lost in ${place}`
            : `Beyond ${place}`;
      const deed = mainAction
        ? outcome === "bad"
          ? `fails to ${actionPhrase(mainAction)}`
          : actionThird(mainAction)
        : outcome === "bad"
          ? "turns back too late"
          : "finds the way through";
      state.ending = {
        isEnding: true,
        outcome,
        title: truncate(capitalize(title), 80),
        text: `{hero} ${deed} ${time}, and ${place} ${outcome === "bad" ? "keeps its secret" : "falls quiet"}. The story of ${word(0)} ends here.`,
      };
    }
    if (rng.next() < 0.45) {
      const alt = rng.pick(TIMES.filter((t) => t !== time));
      state.variants.push({
        id: own(TIME_IDS, alt) ?? "alt",
        label: truncate(`${capitalize(bare(place))} ${alt}`, 80),
        base: `{hero} returns to ${place} ${alt}; ${thing(i + 2)} looks different now.`,
        weight: 1,
      });
    }
    states[id] = state;
  }

  // Events. Names are unique per source state, hotkeys too (1/2/3 move, q/e/r act in place).
  const events: Event[] = [];
  const namesByState = new Map<string, Set<string>>();
  const uniqueName = (from: string, name: string): string => {
    let names = namesByState.get(from);
    if (!names) namesByState.set(from, (names = new Set()));
    const base = truncate(name, 80);
    let candidate = base;
    for (let n = 2; names.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})`;
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
      const action = actions.length > 0 ? actions[i % actions.length] : undefined;
      transition(
        i,
        i + 1,
        "1",
        guide ? `Follow ${guide} to ${target}` : `${capitalize(move)} ${target}`,
        `{hero} ${guide ? `follows ${guide} to` : moveThird(move)} ${target}${action ? `, hoping to ${actionPhrase(action)}` : ""}.`,
        `The way to ${target} leads past ${thing(i + 1)}.`,
      );
      // A branch: a shortcut ahead, or a way back.
      if (rng.next() < 0.5) {
        if (i + 2 < stateCount && i + 2 <= lastPlain) {
          const ahead = allPlaces[i + 2] as string;
          transition(i, i + 2, "2", `Take the shortcut to ${ahead}`, `{hero} takes a hidden path straight to ${ahead}.`, `A narrow way opens behind ${thing(i)}.`);
        } else if (i > 0) {
          const back = allPlaces[i - 1] as string;
          transition(i, i - 1, "2", `Return to ${back}`, `{hero} turns back toward ${back}.`, `Something was left behind in ${back}.`);
        }
      }
    } else {
      // The last plain state opens every ending: the deed itself, or walking away from it.
      for (let k = 0; k < endingCount; k++) {
        const endIndex = plainCount + k;
        const outcome = outcomes[k] as string;
        const endPlace = allPlaces[endIndex] as string;
        const name =
          outcome === "bad"
            ? others.length > 0
              ? `Trust ${others[0] as string}`
              : `Turn away toward ${endPlace}`
            : mainAction
              ? capitalize(actionPhrase(mainAction))
              : `Press on to ${endPlace}`;
        const base =
          outcome === "bad"
            ? `{hero} hesitates, and the path bends toward ${endPlace}.`
            : `{hero} ${mainAction ? actionThird(mainAction) : "presses on"} and walks out toward ${endPlace}.`;
        transition(i, endIndex, String(k + 1), name, base, `Beyond ${here} lies ${endPlace}.`);
      }
      if (i > 0 && rng.next() < 0.4) {
        const back = allPlaces[i - 1] as string;
        transition(i, i - 1, String(endingCount + 1), `Return to ${back}`, `{hero} retreats to ${back} to think.`, `${capitalize(back)} is still within reach.`);
      }
    }

    // Overrides: things to do in place, drawn from the input's things, people and actions.
    const inPlace: { name: string; base: string; detail: string }[] = [];
    if (things.length > 0) inPlace.push({ name: `Examine ${thing(i)}`, base: `{hero} examines ${thing(i)} closely.`, detail: `Up close, ${thing(i)} smells of ${word(i + 4)}.` });
    if (others.length > 0) {
      const who = others[i % others.length] as string;
      inPlace.push({ name: `Talk to ${who}`, base: `{hero} speaks quietly with ${who}.`, detail: `${capitalize(who)} mentions ${word(i + 5)}.` });
    }
    const act = actions.length > 1 ? actions[(i + 1) % actions.length] : undefined;
    if (act) inPlace.push({ name: capitalize(actionPhrase(act)), base: `{hero} tries to ${actionPhrase(act)} right here in ${here}.`, detail: `It is harder than it looks in ${here}.` });
    inPlace.push({ name: "Listen closely", base: `{hero} listens to ${here}.`, detail: `Somewhere, ${word(i + 6)} stirs.` });
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
        properHero && facts.things.length > 0
          ? `${properHero} and ${facts.things[0] as string}`
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

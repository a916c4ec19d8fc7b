import { createPrng, hashHex, hashString, type Prng } from "./hash";
import { ENDING_OUTCOMES, type Event, type State, type World } from "./schema";

// The test-mode world author. Everything derives from a hash of the input, so the same
// premise/text/frame always yields the same world, on the server and in the browser alike.

export interface MockWorldInput {
  premise?: string;
  /** Book chapter text (book-to-game). Only its first words matter. */
  text?: string;
  /** The seed frame: an http(s) URL becomes the entrance image; any other string (e.g. base64) is only hashed. */
  frameRef?: string;
  pov?: string;
  subjectRef?: { imageUrl: string; descriptor?: string };
  /** Overrides the generated name (not part of the hash). */
  name?: string;
  /** Overrides the generated world id (not part of the hash). */
  id?: string;
}

const STOPWORDS = new Set(
  "the and for with that this from into onto upon what when where which while who whom whose why how are was were been being have has had not but all any can could would should will shall may might must its his her their our your they them she him you about above after again against before below between both down during each few more most other over same some such than then there these those through too under until very off out own just only also yet".split(
    " ",
  ),
);

const FALLBACK_WORDS = ["lantern", "tide", "ember", "glass", "raven", "clockwork", "moss", "signal", "salt", "echo", "copper", "orchard"];
const PLACES = [
  "Harbor",
  "Lighthouse",
  "Market",
  "Archive",
  "Forest",
  "Station",
  "Garden",
  "Tower",
  "Bridge",
  "Cellar",
  "Rooftop",
  "Canyon",
  "Library",
  "Observatory",
  "Chapel",
  "Workshop",
];
const TIMES = ["at dawn", "at dusk", "in the rain", "at midnight", "in thick fog", "at high noon"];
const MOODS = ["hushed", "restless", "golden", "cold", "flickering", "overgrown", "humming", "drowned"];
const VERBS = ["Follow", "Climb toward", "Slip into", "Run for", "Cross to", "Descend into", "Head for", "Sneak into"];
const HEROES = ["wanderer", "courier", "cartographer", "diver", "archivist", "stranger", "pilot", "apprentice"];
const OVERRIDES = [
  { name: "Look around", hotkey: "q", verb: "looks around" },
  { name: "Listen closely", hotkey: "e", verb: "listens closely" },
];
const MAX_SCANNED_CHARS = 20_000;
const MAX_WORD_CHARS = 24;

const capitalize = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
// User text ends up in prose; braces would read as template slots there.
const stripBraces = (s: string): string => s.replace(/[{}]/g, "");

/** Distinct content words of the premise/text, in order of appearance. */
function extractWords(source: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const re = /[\p{L}\p{N}]+/gu;
  const text = source.slice(0, MAX_SCANNED_CHARS);
  for (let m = re.exec(text); m !== null && out.length < 24; m = re.exec(text)) {
    const word = Array.from(m[0].toLowerCase()).slice(0, MAX_WORD_CHARS).join("");
    if (word.length < 3 || STOPWORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
  }
  return out;
}

function shuffle<T>(items: readonly T[], rng: Prng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function frameSvg(hex: string, rng: Prng): string {
  const hue = rng.int(360);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},45%,18%)"/>` +
    `</linearGradient></defs><rect width="1280" height="720" fill="url(#g)"/>` +
    `<circle cx="${200 + rng.int(880)}" cy="${120 + rng.int(200)}" r="${40 + rng.int(60)}" fill="hsl(${(hue + 180) % 360},70%,80%)" opacity=".8"/>` +
    `<!--${hex}--></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const POV_CAMERA: Record<string, { static: string; dynamic: string }> = {
  first_person: {
    static: "first-person view at eye height, steady and unhurried",
    dynamic: "first-person view with a gentle sway as {hero} moves",
  },
  third_person_shoulder: {
    static: "over-the-shoulder framing just behind {hero}, horizon level",
    dynamic: "over-the-shoulder tracking shot following {hero}",
  },
  top_down: {
    static: "high top-down view looking straight at {hero}",
    dynamic: "top-down view drifting to keep {hero} centred",
  },
};

/**
 * A small, playable, gate-clean world (4–8 states, an entrance, 1–2 endings, hotkeys), a pure
 * function of the input. The prose reuses the premise's own words, so different premises give
 * visibly different worlds.
 */
export function mockWorld(input: MockWorldInput = {}): World {
  const premise = input.premise ?? "";
  const text = input.text ?? "";
  const frameRef = input.frameRef ?? "";
  const pov = input.pov ?? "third_person_shoulder";
  const key = JSON.stringify([premise, text, frameRef, pov, input.subjectRef?.imageUrl ?? "", input.subjectRef?.descriptor ?? ""]);
  const hex = hashHex(key);
  const rng = createPrng(hashString(key, 0x9e3779b9));

  const words = extractWords(`${premise} ${text}`);
  for (const w of shuffle(FALLBACK_WORDS, rng)) if (words.length < 6 && !words.includes(w)) words.push(w);
  const word = (i: number): string => words[i % words.length] as string;

  const stateCount = 4 + rng.int(5);
  const endingCount = stateCount >= 6 && rng.next() < 0.5 ? 2 : 1;
  const firstEnding = stateCount - endingCount;
  const places = shuffle(PLACES, rng);
  const moods = shuffle(MOODS, rng);
  const hero = `a ${rng.pick(HEROES)} drawn by the ${word(0)}`;
  // Own-property lookup: a pov such as "toString" must not hit Object.prototype.
  const known = Object.prototype.hasOwnProperty.call(POV_CAMERA, pov) ? POV_CAMERA[pov] : undefined;
  const povCamera = known ?? {
    static: `${stripBraces(pov).replace(/_/g, " ").trim() || "steady"} framing on {hero}`,
    dynamic: `${stripBraces(pov).replace(/_/g, " ").trim() || "smooth"} framing that follows {hero}`,
  };

  const ids: string[] = [];
  const titles: string[] = [];
  for (let i = 0; i < stateCount; i++) {
    const place = places[i % places.length] as string;
    titles.push(`${capitalize(word(i + 1))} ${place}`);
    const ascii = word(i + 1).replace(/[^a-z0-9]/g, "");
    ids.push(ascii === "" ? `s${i + 1}` : `s${i + 1}-${ascii}`);
  }

  const states: Record<string, State> = {};
  for (let i = 0; i < stateCount; i++) {
    const id = ids[i] as string;
    const title = titles[i] as string;
    const place = (places[i % places.length] as string).toLowerCase();
    const time = rng.pick(TIMES);
    const mood = moods[i % moods.length] as string;
    const ending = i >= firstEnding;
    const state: State = {
      id,
      base: `{hero} stands in the ${title.toLowerCase()} ${time}. ${capitalize(mood)} ${place} air carries the ${word(i + 2)} and the ${word(i + 3)}.`,
      camera: { ...povCamera },
      movement: {
        static: `{hero} holds still, breathing slowly in the ${mood} ${place}`,
        dynamic: `{hero} moves carefully through the ${place}, eyes on the ${word(i + 2)}`,
      },
      ambient: [`${mood} light over the ${place}`, `the distant sound of ${word(i + 4)}`],
      ending: ending
        ? {
            isEnding: true,
            outcome: rng.pick(ENDING_OUTCOMES),
            title: `The ${title}`,
            text: `The story of the ${word(0)} ends here, ${time}, in the ${title.toLowerCase()}.`,
          }
        : { isEnding: false },
      variants: [],
    };
    if (rng.next() < 0.4) {
      const alt = rng.pick(TIMES.filter((t) => t !== time));
      state.variants.push({
        id: "alt",
        label: `${title} ${alt}`,
        base: `{hero} returns to the ${title.toLowerCase()} ${alt}; the ${word(i + 2)} has changed.`,
        weight: 1,
      });
    }
    states[id] = state;
  }

  const events: Event[] = [];
  const addTransition = (from: number, to: number, hotkey: string): void => {
    const verb = rng.pick(VERBS);
    const target = titles[to] as string;
    events.push({
      from: ids[from] as string,
      to: ids[to] as string,
      name: `${verb} the ${target.toLowerCase()}`,
      base: `{hero} ${verb.toLowerCase()} the ${target.toLowerCase()}.`,
      detail: `The way to the ${target.toLowerCase()} opens beyond the ${word(to + 2)}.`,
      hotkey,
    });
  };
  for (let i = 0; i < firstEnding; i++) {
    // A spine through every plain state reaches all of them; the last one opens every ending.
    const targets = i < firstEnding - 1 ? [i + 1] : Array.from({ length: endingCount }, (_, k) => firstEnding + k);
    const extra = rng.int(stateCount);
    if (extra !== i && !targets.includes(extra) && rng.next() < 0.6) targets.push(extra);
    targets.forEach((to, k) => addTransition(i, to, String(k + 1)));
    const overrides = rng.int(OVERRIDES.length + 1);
    for (let k = 0; k < overrides; k++) {
      const o = OVERRIDES[k] as (typeof OVERRIDES)[number];
      events.push({
        from: ids[i] as string,
        name: o.name,
        base: `{hero} ${o.verb} in the ${(titles[i] as string).toLowerCase()}.`,
        detail: `Nothing stirs but the ${word(i + 5)}.`,
        hotkey: o.hotkey,
      });
    }
  }

  const premiseWords = words.slice(0, 4).join(", ");
  const image = /^https?:\/\//i.test(frameRef.trim()) ? frameRef.trim() : frameSvg(hex, rng);
  const subject = stripBraces(input.subjectRef?.descriptor ?? "").trim() || hero;
  const world: World = {
    id: input.id !== undefined && input.id.trim() !== "" ? input.id : `mock_${hex}`,
    name: input.name !== undefined && input.name.trim() !== "" ? input.name : `The ${titles[0] as string}`,
    description: `${stateCount === 8 ? "An" : "A"} ${stateCount}-scene world of ${premiseWords}, where {hero} must find the way to the ${(titles[firstEnding] as string).toLowerCase()}.`,
    cover: image,
    subject,
    entrance: { image: { src: image, label: `${titles[0] as string}, the first light` }, state: ids[0] as string },
    scene: { states, events },
    slots: { hero },
  };
  if (input.subjectRef !== undefined) world.subjectRef = { imageUrl: input.subjectRef.imageUrl, descriptor: subject };
  return world;
}

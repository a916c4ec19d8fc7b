import { createPrng, hashString, type Prng } from "@/lib/kernel";
import type { Aspect, ReferenceLook } from "../../provider";
import { f, hslToRgb, mix, rgb } from "./draw";
import { PERSON_MOTIF } from "./lexicon";
import { getMotif } from "./motifs";
import { readScene, type PainterLexicon, type Reading } from "./read";
import type { Box, Ctx, Look, ManifestObject, Motif, SceneManifest, TimeOfDay, Weather } from "./types";

// Layout: the frame's text → a list of placed objects (motif, box, depth) → one SVG, drawn
// farthest first so nearer objects occlude farther ones, lit by the time of day and weather.

export interface ComposeInput {
  prompt: string;
  mood?: string;
  aspect: Aspect;
  /** The protagonist (the world's subject or its descriptor): drawn with the same look in every frame. */
  subject?: string;
  /** Fewer small shapes (rain, snow): for the `data:` URI previews. */
  lite?: boolean;
  /** Colours of the world's subject reference image (lib/vision/reference.ts): the protagonist wears them, the sky leans toward them. */
  reference?: { look: ReferenceLook };
  /** Time of day and weather set by the caller: they win over what the text says. */
  conditions?: { timeOfDay?: TimeOfDay; weather?: Weather };
}

interface Placed {
  label: string;
  motif: Motif;
  kind?: string;
  box: Box;
  depth: number;
  subject?: boolean;
  /** Drawn under a veil of water. */
  underwater?: boolean;
  /** Someone other than the protagonist: drawn in a look of their own. */
  other?: boolean;
}

export interface ComposedScene {
  svg: string;
  width: number;
  height: number;
  manifest: SceneManifest;
  /** Each manifest object drawn alone (same order), for checks and for detection ground truth. */
  objectSvgs: string[];
}

const SKY: Record<TimeOfDay, [string, string]> = {
  day: ["#4a8fd6", "#c4e2f4"],
  dawn: ["#55669e", "#f2b48c"],
  dusk: ["#2c2858", "#de7a5c"],
  night: ["#0a0f2c", "#27335c"],
};
const LIGHT: Record<TimeOfDay, number> = { day: 1, dawn: 0.85, dusk: 0.72, night: 0.45 };
const GROUNDS = new Set(["sea", "desert", "snowfield", "meadow", "swamp", "beach", "street", "river", "lake"]);
const WATERS = new Set(["sea", "lake", "beach"]);
const AFLOAT = new Set(["ship", "boat", "island", "whale"]);
const ON_WALL = new Set(["bookshelf", "door", "window", "fireplace", "clock", "mirror", "stairs"]);

const hex = (s: string): [number, number, number] => [
  parseInt(s.slice(1, 3), 16),
  parseInt(s.slice(3, 5), 16),
  parseInt(s.slice(5, 7), 16),
];

/** #rrggbb → [hue 0..360, saturation %, lightness %]. */
function hslOf(colour: string): [number, number, number] {
  const [r, g, b] = hex(colour).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l * 100];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [(h * 60 + 360) % 360, s * 100, l * 100];
}

/**
 * The protagonist's look, seeded from the subject text alone (so every frame of a world agrees);
 * with a subject reference, its clothes and hair take the reference's colours (kept light enough
 * to read as a figure at dusk, dark enough not to vanish into a daytime sky).
 */
export function lookOf(subject: string, reference?: ReferenceLook, item?: Look["item"]): Look {
  const rng = createPrng(hashString(`look-v1|${subject.trim().toLowerCase()}`));
  const look: Look = {
    hue: rng.pick([0, 25, 45, 95, 150, 200, 215, 265, 330]),
    sat: 45,
    light: 32,
    hat: rng.pick(["none", "cap", "hood", "brim"] as const),
    coat: rng.pick(["short", "long"] as const),
    hairHue: 25,
    hairSat: 35,
    hair: 12 + rng.int(50),
    item: /\b(keeper|lamp|lantern|watch)/i.test(subject) ? "lantern" : rng.pick(["none", "none", "lantern", "staff"] as const),
  };
  if (item) look.item = item;
  if (!reference) return look;
  const [hue, sat, light] = hslOf(reference.coat);
  const [hairHue, hairSat, hair] = hslOf(reference.hair);
  return {
    ...look,
    hue,
    sat: Math.min(85, sat),
    light: Math.max(18, Math.min(62, light)),
    hairHue,
    hairSat: Math.min(70, hairSat),
    hair: Math.max(8, Math.min(70, hair)),
  };
}

/** A sky colour tinted toward the reference's palette (a third of the way), so a world's frames share its colours. */
function tinted(colour: string, reference: ReferenceLook | undefined, index: number): string {
  const toward = reference?.palette[index] ?? reference?.palette[0];
  return toward ? rgb(mix(hex(colour), hex(toward), 0.33)) : colour;
}

function inkFor(depth: number, light: number, haze: [number, number, number], hazeK: number): Ctx["ink"] {
  const amount = Math.max(0, Math.min(0.75, (depth - 0.25) * hazeK));
  return (h, s, l) => rgb(mix(hslToRgb(h, s, l * light), haze, amount));
}

function clampBox(b: Box, W: number): Box {
  const x = Math.max(0, Math.min(W - b.w, b.x));
  return { x, y: b.y, w: b.w, h: b.h };
}

/** A box of the motif's aspect, `height` tall, centred on `cx`, standing on `base`. */
function standing(m: Motif, cx: number, base: number, height: number, W: number, H: number): Box {
  const h = Math.min(height, base - H * 0.02);
  const w = Math.min(h * m.aspect, W * 0.9);
  return clampBox({ x: cx - w / 2, y: base - w / m.aspect, w, h: w / m.aspect }, W);
}

function subjectOf(input: ComposeInput): string | undefined {
  if (input.subject && input.subject.trim() !== "") return input.subject.trim();
  const m = /,?\s*featuring (.+)$/i.exec(input.prompt);
  return m?.[1]?.trim();
}

/** The noun a subject is drawn as: "the diplomat's daughter, the one…" → daughter; "the gang of grandmothers" → grandmothers. */
function headOf(subject: string): string | undefined {
  // The first noun phrase: up to a comma, or a preposition other than "of" ("a red fox in a scarf" → fox).
  let phrase = subject
    .split(/[,;(]/)[0]!
    .trim()
    .split(/\s+(?:in|on|at|with|from|by|under|inside|near|beside|behind|wearing)\s+/i)[0]!;
  const of = / of /.exec(phrase);
  // A group is drawn as its members and named as the group ("gang of grandmothers").
  if (of && /\b(pair|gang|family|crew|team|band|troupe|tribe|pack|colony|swarm|flock|herd|group|couple)$/i.test(phrase.slice(0, of.index)))
    return phrase.replace(/^(the|a|an)\s+/i, "").toLowerCase();
  if (of) phrase = phrase.slice(0, of.index);
  const words = phrase.split(/\s+/).filter((w) => /[\p{L}]/u.test(w));
  // A name is drawn under the whole name ("Captain Amara Osei").
  if (words.length > 1 && words.every((w) => /^\p{Lu}/u.test(w))) return words.join(" ").toLowerCase();
  const last = words[words.length - 1];
  return last === undefined || /^(the|a|an)$/i.test(last) ? undefined : last.replace(/['’]s?$/, "").toLowerCase();
}

/**
 * The protagonist's label: its head with the nouns that say what kind of person it is ("child
 * astronaut", "salvage diver"), but not a place it belongs to ("lighthouse keeper" is drawn as a
 * keeper, the lighthouse as a lighthouse), so that grounding "the lighthouse" never finds the keeper.
 */
function heroNameOf(head: string | undefined, subject: string, lexicon: PainterLexicon): string | undefined {
  if (!head || head.includes(" ")) return head;
  const phrase = subject.split(/[,;(]/)[0]!.toLowerCase().split(/\s+/);
  const at = phrase.lastIndexOf(head);
  const before = at > 0 ? phrase[at - 1]!.replace(/['’]s?$/, "") : "";
  const kind = before !== "" && before === phrase[at - 1] ? lexicon.pick(before)?.kind : undefined;
  return kind && !["structure", "room", "place", "vehicle", "water", "landform", "celestial", "time", "abstract"].includes(kind)
    ? `${before} ${head}`
    : head;
}

/** What the protagonist carries, by what they are: a warrior a sword, a keeper a lantern, a cook or a clerk nothing. */
function itemOf(label: string, lexicon: PainterLexicon): Look["item"] | undefined {
  const sense = lexicon.pick(label.split(" ").pop()!, { expect: "being" });
  if (!sense) return undefined;
  const kinds = [...sense.words, ...sense.ancestors];
  if (kinds.some((w) => /^(warrior|soldier|swordsman|knight|fighter|samurai|mercenary|gladiator|guard)$/.test(w))) return "sword";
  if (kinds.some((w) => /^(keeper|lamplighter|watchman|miner)$/.test(w))) return "lantern";
  if (kinds.some((w) => /^(pilgrim|wanderer|traveler|shepherd|wizard|magician|hermit)$/.test(w))) return "staff";
  if (kinds.some((w) => /^(cook|worker|employee|scientist|child|juvenile)$/.test(w))) return "none";
  return undefined;
}

/** How many figures a subject is: "the two rival chefs" two, "the gang of grandmothers" three, "the keeper" one. */
export function figuresOf(subject: string | undefined): number {
  if (!subject) return 1;
  const head = subject.split(/[,;(]/)[0]!.toLowerCase();
  const number = /\b(two|both|pair|twins|couple)\b/.test(head)
    ? 2
    : /\b(three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozen|family|gang|crew|team|band|troupe|tribe|pack|colony|swarm|flock|herd|group)\b/.test(
          head,
        )
      ? 3
      : 0;
  if (number > 0) return number;
  if (/ and /.test(head)) return 2;
  // The local author writes "the ones the camera follows" for a protagonist of several ("the musicians").
  return /\bthe ones\b/i.test(subject) ? 3 : 1;
}

const SPACE =
  /\b(space|orbit|orbiting|comets?|asteroids?|planet|nebula|galaxy|starship|spaceship|space station|black sky|stars wheel|distant sun|zero-g)\b/;
const BELOW =
  /\b(mines?|mineshaft|adit|caves?|cavern|grotto|tunnels?|catacombs?|sewers?|bunker|crypt|underground|below ground|ossuary|burrow)\b/;
const DEEP =
  /\b(underwater|undersea|sea floor|seabed|ocean floor|sea bed|green gloom|cold dark water|filtered light|light from above|coral reef)\b/;

/**
 * Composes a frame. A lexicon (lib/lexicon, from a worker; the browser's simulator has none)
 * lets every noun be drawn: a motif of its own when the library has one, else its nearest
 * kind's, labelled with the noun.
 */
export function composeScene(input: ComposeInput, lexicon?: PainterLexicon): ComposedScene {
  const subject = subjectOf(input);
  const text = [input.prompt, input.mood].filter(Boolean).join(". ");
  // What to draw comes from the scene's own prose: with a lexicon every noun is drawn, so the
  // camera's framing words ("over-the-shoulder framing") and the subject's "the one the camera
  // follows" are left out; light, weather and pose still read the whole text.
  const reading: Reading = lexicon
    ? { ...readScene(text, undefined), named: readScene(input.prompt.replace(/,\s*featuring .*$/i, ""), lexicon).named }
    : readScene(text);
  const lower = text.toLowerCase();
  const inSpace = SPACE.test(lower) || reading.named.some((n) => n.kind === "celestial");
  const deep = !inSpace && DEEP.test(lower);
  // Under the ground: rock overhead and underfoot, lit by lamps, no sky (a mine, a cave, catacombs).
  const below = !inSpace && !deep && lexicon !== undefined && BELOW.test(lower);
  const rng: Prng = createPrng(hashString(JSON.stringify(["paint-v2", text, input.aspect, subject ?? ""])));
  const W = input.aspect === "16:9" ? 1280 : 720;
  const H = 720;
  // Space is always night (a black sky); there is no weather in space or under the sea.
  const time: TimeOfDay =
    input.conditions?.timeOfDay ?? (inSpace ? "night" : reading.time) ?? rng.pick(["day", "dusk", "dawn", "night", "day"] as const);
  const weather: Weather =
    input.conditions?.weather ?? (inSpace || deep || below ? "clear" : (reading.weather ?? (rng.next() < 0.7 ? "clear" : "cloudy")));
  const light = LIGHT[time] * (weather === "storm" ? 0.7 : weather === "rain" || weather === "fog" ? 0.85 : 1);
  let [skyTop, skyBottom] = (
    inSpace
      ? ["#020308", "#0b1024"]
      : deep
        ? ["#06222c", "#12535a"]
        : below
          ? ["#0d0b0a", "#2b2520"]
          : SKY[time].map((c, i) => tinted(c, input.reference?.look, i + 1))
  ) as [string, string];
  if (weather === "storm" || weather === "rain")
    [skyTop, skyBottom] = [rgb(mix(hex(skyTop), [40, 44, 54], 0.6)), rgb(mix(hex(skyBottom), [70, 76, 88], 0.6))];
  if (weather === "fog") skyBottom = rgb(mix(hex(skyBottom), [200, 204, 210], 0.6));
  const haze = hex(skyBottom);
  const hazeK = weather === "fog" ? 1.2 : 0.55;

  // Sort what the text names into the layers of the frame.
  const byLayer = new Map<string, Array<{ label: string; motif: Motif; kind?: string }>>();
  const people: string[] = [];
  for (const n of reading.named) {
    for (const id of n.motifs) {
      if (id === PERSON_MOTIF) {
        people.push(n.label);
        continue;
      }
      const motif = getMotif(id);
      const layer = GROUNDS.has(id) ? "ground" : motif.layer;
      const list = byLayer.get(layer) ?? [];
      if (!list.some((e) => e.motif.id === id && (!lexicon || e.label === n.label)))
        list.push({ label: n.label, motif, ...(n.kind ? { kind: n.kind } : {}) });
      byLayer.set(layer, list);
    }
  }
  const get = (layer: string): Array<{ label: string; motif: Motif; kind?: string }> => byLayer.get(layer) ?? [];
  const firstIndex = (pred: (id: string) => boolean): number => reading.named.findIndex((n) => n.motifs.some(pred));
  const roomAt = firstIndex((id) => getMotif(id === PERSON_MOTIF ? "room" : id).layer === "room" && id !== PERSON_MOTIF);
  const outAt = firstIndex((id) => id !== PERSON_MOTIF && (GROUNDS.has(id) || getMotif(id).layer === "range"));
  const indoor = roomAt >= 0 && (outAt < 0 || roomAt < outAt);

  // The protagonist: the subject's person or animal, else the text's first person.
  const subjectReading = subject ? readScene(subject, lexicon) : undefined;
  const subjectAnimal = subjectReading?.named.find((n) => n.motifs.some((id) => id !== PERSON_MOTIF && getMotif(id).layer === "figure"));
  const subjectPerson = subjectReading?.named.find((n) => n.motifs.includes(PERSON_MOTIF));
  // Else the head of the subject's first noun phrase ("the sheriff, the one the camera follows" → "sheriff").
  // Else the head of the subject's first noun phrase ("the sheriff, the one the camera follows" → "sheriff").
  const readLabel =
    subjectPerson?.label ?? subjectAnimal?.label ?? (subject ? subject.split(/[,;(]/)[0]!.trim().split(/\s+/).slice(-1)[0] : people[0]);
  // With a lexicon, "the diplomat's daughter" is the daughter, "the gang of grandmothers" the gang, "the child astronaut" a child astronaut.
  const heroLabel = lexicon && subject ? heroNameOf(headOf(subject) ?? readLabel, subject, lexicon) : readLabel;
  const heroMotif =
    subjectAnimal && !subjectPerson
      ? getMotif(subjectAnimal.motifs.find((id) => id !== PERSON_MOTIF)!)
      : getMotif(`person-${reading.pose}`);
  const look = lookOf(
    subject ?? heroLabel ?? "someone",
    input.reference?.look,
    lexicon && heroLabel ? itemOf(heroLabel, lexicon) : undefined,
  );
  // An animal protagonist is drawn once, as the protagonist.
  // (With a lexicon, only the protagonist itself: "the cat" returns "a stolen kitten", both cats.)
  if (heroLabel && heroMotif.id === subjectAnimal?.motifs[0])
    byLayer.set(
      "figure",
      get("figure").filter((e) => (lexicon ? e.label !== subjectAnimal.label : e.motif.id !== heroMotif.id)),
    );

  const placed: Placed[] = [];
  const heroX = W * (0.4 + rng.next() * 0.2);
  const propSlots = [
    ...[0.14, 0.3, 0.7, 0.86].map((u) => W * u).sort((a, b) => Math.abs(b - heroX) - Math.abs(a - heroX)),
    W * 0.22,
    W * 0.78,
  ];
  const landSlots = rng.next() < 0.5 ? [0.24, 0.76, 0.5] : [0.76, 0.24, 0.5];
  let horizon: number | null = null;

  if (indoor) {
    const room = get("room")[0]!;
    placed.push({ label: room.label, motif: room.motif, box: { x: 0, y: 0, w: W, h: H }, depth: 1 });
    const wallLine = H * 0.7;
    const wallThings = get("prop").filter((e) => ON_WALL.has(e.motif.id));
    if (!wallThings.some((e) => e.motif.id === "window")) wallThings.push({ label: "window", motif: getMotif("window") });
    wallThings.slice(0, 3).forEach((e, i) => {
      const cx = W * [0.3, 0.7, 0.5][i]!;
      placed.push({
        label: e.label,
        motif: e.motif,
        ...(e.kind ? { kind: e.kind } : {}),
        box: standing(e.motif, cx, wallLine - (e.motif.id === "window" ? H * 0.2 : 0), e.motif.size * H * 1.1, W, H),
        depth: 0.7,
      });
    });
    const floorThings = [
      ...get("figure"),
      ...get("prop").filter((e) => !ON_WALL.has(e.motif.id)),
      ...get("landmark").filter((e) => e.motif.size < 0.3),
    ];
    floorThings.slice(0, lexicon ? 5 : 3).forEach((e, i) => {
      const back = i >= 4;
      placed.push({
        label: e.label,
        motif: e.motif,
        ...(e.kind ? { kind: e.kind } : {}),
        box: standing(e.motif, propSlots[i]!, back ? H * 0.8 : H * 0.86, e.motif.size * H * (back ? 0.8 : 1.2), W, H),
        depth: back ? 0.45 : 0.35,
      });
    });
  } else {
    horizon = H * (0.52 + rng.next() * 0.08);
    const named = get("ground")[0];
    // Unnamed ground follows from what stands on it: boats and islands float, a city has streets.
    const afloatNamed =
      get("landmark").some((e) => AFLOAT.has(e.motif.id)) || get("figure").some((e) => e.motif.id === "whale" || e.motif.id === "fish");
    const groundMotif = inSpace
      ? getMotif("regolith")
      : deep
        ? getMotif("seabed")
        : below
          ? getMotif("rock-floor")
          : (named?.motif ??
            getMotif(
              afloatNamed
                ? "sea"
                : weather === "snow"
                  ? "snowfield"
                  : get("range").some((e) => e.motif.id === "city")
                    ? "street"
                    : "meadow",
            ));
    const sky: Placed[] = [];
    // Storm clouds would hide a sun or moon completely: a manifest lists only what can be seen.
    const namedSky = get("sky").filter(
      (e) =>
        !(weather === "storm" && (e.motif.id === "sun" || e.motif.id === "moon")) &&
        !((inSpace && /^(cloud|storm-cloud|sun|moon|lightning)$/.test(e.motif.id)) || ((deep || below) && e.motif.layer === "sky")),
    );
    const lamp = time === "night" ? "moon" : "sun";
    if (
      !inSpace &&
      !deep &&
      !below &&
      weather !== "storm" &&
      weather !== "rain" &&
      !namedSky.some((e) => e.motif.id === "sun" || e.motif.id === "moon")
    )
      namedSky.push({ label: lamp, motif: getMotif(lamp) });
    if (weather === "storm" && !namedSky.some((e) => e.motif.id === "storm-cloud"))
      namedSky.push({ label: "storm", motif: getMotif("storm-cloud") }, { label: "lightning", motif: getMotif("lightning") });
    if (weather === "cloudy" && !namedSky.some((e) => e.motif.id === "cloud")) namedSky.push({ label: "cloud", motif: getMotif("cloud") });
    for (const e of namedSky) {
      const id = e.motif.id;
      if (id === "storm-cloud") sky.push({ ...e, box: { x: 0, y: 0, w: W, h: horizon * 0.42 }, depth: 0.98 });
      // Lightning strikes on the side away from the first landmark, so the landmark does not hide it.
      else if (id === "lightning")
        sky.push({
          ...e,
          box: {
            x: W * ((landSlots[0]! < 0.5 ? 0.6 : 0.1) + rng.next() * 0.25),
            y: horizon * 0.3,
            w: horizon * 0.45 * 0.35,
            h: horizon * 0.45,
          },
          depth: 0.97,
        });
      else {
        const h = e.motif.size * H;
        sky.push({
          ...e,
          box: { x: W * (0.08 + rng.next() * 0.75), y: horizon * (0.1 + rng.next() * 0.25), w: h * e.motif.aspect, h },
          depth: 1,
        });
      }
    }
    placed.push(...sky.sort((a, b) => b.depth - a.depth));
    get("range")
      .slice(0, 2)
      .forEach((e, i) => {
        const h = e.motif.size * H * (i === 0 ? 1 : 0.7);
        placed.push({
          label: e.label,
          motif: e.motif,
          ...(e.kind ? { kind: e.kind } : {}),
          box: { x: 0, y: horizon! - h + 4, w: W, h },
          depth: 0.92 - i * 0.04,
        });
      });
    placed.push({
      label: named?.label ?? groundMotif.label,
      motif: groundMotif,
      box: { x: 0, y: horizon, w: W, h: H - horizon },
      depth: 0.8,
    });

    const water = WATERS.has(groundMotif.id);
    get("landmark")
      .slice(0, 3)
      .forEach((e, i) => {
        const afloat = water && AFLOAT.has(e.motif.id);
        const base = afloat ? horizon! + H * (0.05 + i * 0.03) : horizon! + H * (0.04 + i * 0.02);
        const scale = afloat ? 0.6 : 1 - i * 0.15;
        placed.push({
          label: e.label,
          motif: e.motif,
          ...(e.kind ? { kind: e.kind } : {}),
          box: standing(e.motif, W * landSlots[i]!, base, e.motif.size * H * scale, W, H),
          depth: 0.55 - i * 0.02,
        });
      });
    const under = reading.underwater && water;
    [...get("prop"), ...get("figure")].slice(0, lexicon ? 6 : 4).forEach((e, i) => {
      const sunk = under && (e.motif.layer === "prop" || e.motif.id === "fish" || e.motif.id === "whale");
      // The fifth and sixth things stand farther back, smaller, between the first four.
      const back = i >= 4;
      const base = sunk ? H * 0.97 : back ? H * 0.78 : H * (0.86 + (i % 2) * 0.04);
      const size = e.motif.size * H * (sunk ? 1.3 : back ? 0.7 : 1);
      placed.push({
        label: e.label,
        motif: e.motif,
        ...(e.kind ? { kind: e.kind } : {}),
        box: standing(e.motif, propSlots[i]!, base, size, W, H),
        depth: sunk ? 0.45 : back ? 0.4 : 0.3,
        underwater: sunk,
      });
    });
  }

  // The protagonist always stands in front, on a rock ledge when the ground is water.
  if (heroLabel) {
    const base = indoor ? H * 0.96 : H * 0.93;
    const box = standing(heroMotif, heroX, base, heroMotif.size * H * (indoor ? 1.3 : 1.1), W, H);
    if (!indoor && WATERS.has(placed.find((p) => p.depth === 0.8)?.motif.id ?? "")) {
      const rock = getMotif("rock");
      placed.push({
        label: "rock",
        motif: rock,
        box: clampBox({ x: heroX - box.w * 1.6, y: base - H * 0.04, w: box.w * 3.2, h: H - base + H * 0.04 }, W),
        depth: 0.25,
      });
    }
    placed.push({ label: heroLabel, motif: heroMotif, box, depth: 0.15, subject: true });
    // "Two rival chefs", "a gang of grandmothers": the others stand beside the first; "a father
    // and daughter" are each named.
    const figures = figuresOf(subject);
    const pair = lexicon && subject ? / and /.exec(subject.split(/[,;(]/)[0]!) : null;
    const names =
      pair && subject
        ? [headOf(subject.split(/[,;(]/)[0]!.slice(0, pair.index)), headOf(subject.split(/[,;(]/)[0]!.slice(pair.index + 5))]
        : [];
    if (names[0]) placed[placed.length - 1]!.label = names[0];
    for (let k = 1; k < Math.min(3, figures); k++) {
      const dx = box.w * 1.15 * (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2);
      placed.push({
        label: names[k] ?? heroLabel,
        motif: heroMotif,
        box: clampBox({ ...box, x: box.x + dx }, W),
        depth: 0.15 + k * 0.01,
        subject: true,
      });
    }
  }
  // Other people the text names stand a little farther back, each in a look of their own.
  const heroWords = new Set((subject ?? "").toLowerCase().split(/[^\p{L}]+/u));
  // (Only with a lexicon: the simulator's rooms, read without one, hold what the library alone draws.)
  const others = lexicon ? [...new Set(people)].filter((label) => label !== heroLabel && !heroWords.has(label)).slice(0, 2) : [];
  others.forEach((label, k) => {
    const motif = getMotif("person-standing");
    const cx = W * (heroX < W / 2 ? [0.72, 0.88] : [0.12, 0.28])[k]!;
    placed.push({
      label,
      motif,
      box: standing(motif, cx, indoor ? H * 0.9 : H * 0.88, motif.size * H * (indoor ? 1.1 : 0.9), W, H),
      depth: 0.28 + k * 0.01,
      other: true,
    });
  });
  placed.sort((a, b) => b.depth - a.depth);

  // Draw.
  const glow = time === "night" || time === "dusk" || weather === "storm" ? "#ffd36b" : "#f4d58a";
  const objectSvgs: string[] = [];
  const body: string[] = [];
  if (!indoor) {
    body.push(
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    );
    if (time === "night" && !below && !deep && weather !== "storm" && weather !== "rain")
      for (let i = 0; i < (input.lite ? 12 : 60); i++)
        body.push(
          `<circle cx="${f(rng.next() * W)}" cy="${f(rng.next() * (horizon ?? H) * 0.8)}" r="${f(0.6 + rng.next() * 1.4)}" fill="#fff" opacity="${f(0.3 + rng.next() * 0.6)}"/>`,
        );
  }
  for (const p of placed) {
    const skyish = p.motif.layer === "sky";
    const ctx: Ctx = {
      rng: createPrng(hashString(`${p.motif.id}|${p.label}`)),
      ink: inkFor(p.depth, skyish ? 1 : indoor ? Math.max(0.6, light) : light, haze, indoor ? 0 : hazeK),
      glow,
      time,
      weather,
      look: p.other ? lookOf(p.label) : look,
    };
    const drawn = p.motif.draw(p.box, ctx);
    objectSvgs.push(drawn);
    body.push(drawn);
    if (p.underwater) {
      // A veil of water over what lies under it, fading in from above so it has no hard edge.
      const top = p.box.y - H * 0.06;
      const deep = inkFor(0.8, light, haze, hazeK)(210, 50, weather === "storm" ? 18 : 24);
      body.push(
        `<defs><linearGradient id="under${body.length}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${deep}" stop-opacity="0"/><stop offset=".3" stop-color="${deep}" stop-opacity=".5"/></linearGradient></defs><rect x="${f(p.box.x - W * 0.06)}" y="${f(top)}" width="${f(p.box.w + W * 0.12)}" height="${f(H - top)}" rx="${f(W * 0.05)}" fill="url(#under${body.length})"/>`,
      );
    }
    if (p.motif.id === "lighthouse" && (time !== "day" || weather === "storm")) {
      const lx = p.box.x + p.box.w * 0.5;
      const ly = p.box.y + p.box.h * 0.2;
      const dir = lx < W / 2 ? 1 : -1;
      body.push(
        `<path d="M${f(lx)} ${f(ly)}L${f(lx + dir * W * 0.6)} ${f(ly - H * 0.12)}L${f(lx + dir * W * 0.6)} ${f(ly + H * 0.06)}Z" fill="${glow}" opacity=".22"/>`,
      );
    }
  }
  if (!input.lite && (weather === "storm" || weather === "rain")) {
    let d = "";
    for (let i = 0; i < 140; i++) {
      const x = rng.next() * W;
      const y = rng.next() * H;
      d += `M${f(x)} ${f(y)}l-7 22`;
    }
    body.push(`<path d="${d}" stroke="#dfe6f0" stroke-width="1.2" opacity=".35"/>`);
  }
  if (!input.lite && weather === "snow")
    for (let i = 0; i < 120; i++)
      body.push(`<circle cx="${f(rng.next() * W)}" cy="${f(rng.next() * H)}" r="${f(1 + rng.next() * 2)}" fill="#fff" opacity=".8"/>`);
  if (weather === "fog")
    body.push(
      `<defs><linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity=".35"/></linearGradient></defs><rect y="${f(H * 0.35)}" width="${W}" height="${f(H * 0.65)}" fill="url(#fog)"/>`,
    );
  body.push(
    `<defs><radialGradient id="vignette" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".4"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#vignette)"/>`,
  );

  const doc = (inner: string): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${inner}</svg>`;
  const groundPlaced = placed.find((p) => p.motif.layer === "terrain" || p.motif.layer === "room");
  const r3 = (n: number): number => Math.round(n * 1000) / 1000;
  const objects: ManifestObject[] = placed.map((p) => ({
    label: p.label,
    motif: p.motif.id,
    box: { x: r3(p.box.x / W), y: r3(p.box.y / H), w: r3(p.box.w / W), h: r3(p.box.h / H) },
    depth: p.depth,
    ...(p.subject ? { subject: true } : {}),
    ...(p.kind ? { kind: p.kind } : {}),
  }));
  const manifest: SceneManifest = {
    version: 1,
    width: W,
    height: H,
    timeOfDay: time,
    weather,
    indoor,
    horizon: horizon === null ? null : r3(horizon / H),
    palette: {
      skyTop,
      skyBottom,
      ground: groundPlaced ? (/fill="(#[0-9a-f]{6})"/.exec(objectSvgs[placed.indexOf(groundPlaced)]!)?.[1] ?? skyBottom) : skyBottom,
      accent: glow,
      haze: skyBottom,
    },
    objects,
  };
  return { svg: doc(body.join("")), width: W, height: H, manifest, objectSvgs: objectSvgs.map(doc) };
}

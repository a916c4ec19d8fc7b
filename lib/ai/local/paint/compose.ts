import { createPrng, hashString, type Prng } from "@/lib/kernel";
import type { Aspect, ReferenceLook } from "../../provider";
import { hex } from "./colour";
import { mix, rgb } from "./draw";
import { drawScene, type ComposedScene, type Placed } from "./draw-scene";
import { PERSON_MOTIF } from "./lexicon";
import { getMotif } from "./motifs";
import { figuresOf, headOf, heroNameOf, itemOf, lookOf } from "./protagonist";
import { readScene, type PainterLexicon, type Reading } from "./read";
import type { Box, Motif, TimeOfDay, Weather } from "./types";

export type { ComposedScene } from "./draw-scene";
export { figuresOf, lookOf } from "./protagonist";

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

/** A sky colour tinted toward the reference's palette (a third of the way), so a world's frames share its colours. */
function tinted(colour: string, reference: ReferenceLook | undefined, index: number): string {
  const toward = reference?.palette[index] ?? reference?.palette[0];
  return toward ? rgb(mix(hex(colour), hex(toward), 0.33)) : colour;
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

  return drawScene({
    placed,
    W,
    H,
    time,
    weather,
    indoor,
    below,
    deep,
    horizon,
    skyTop,
    skyBottom,
    light,
    haze,
    hazeK,
    look,
    lite: input.lite,
    rng,
  });
}

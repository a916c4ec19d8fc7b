import { createPrng, hashString } from "@/lib/kernel";
import type { Aspect, ReferenceLook } from "../../provider";
import { lookOf } from "./compose";
import { f } from "./draw";
import { moodLight, readExpression, type Expression } from "./face";
import { body, face, featuresOf, hairAndHat, hsl, type Features, type Palette } from "./portrait-figure";
import type { Look, SceneManifest } from "./types";

export { featuresOf, type Features } from "./portrait-figure";

// A character's portrait in one stance: the same person (their look is seeded from the subject
// lock alone, or taken from the subject reference's colours), the same backdrop and the same
// framing (read from the camera prose) in every stance; only the face, the pose and the light of
// the stance's mood change. Shapes only, no text; deterministic.

export interface PortraitInput {
  /** The subject lock: who is painted ("Maren, an old lighthouse keeper"). */
  subject: string;
  /** The stance: its mood and expression are drawn in the face and pose, its mood in the light. */
  stance: { label: string; mood: string; expression: string };
  /** The camera's still framing (prose): "medium close-up at eye level, centered". */
  camera: string;
  /** Where the character is (prose): tints the backdrop. */
  scene?: string;
  aspect: Aspect;
  /** The subject reference's colours: the character wears them. */
  reference?: { look: ReferenceLook };
}

export interface Framing {
  /** The head's height as a share of the frame's height. */
  head: number;
  /** The head's top as a share of the frame's height. */
  top: number;
  /** The figure's centre as a share of the frame's width. */
  x: number;
  name: "extreme close-up" | "close-up" | "medium close-up" | "medium shot" | "full figure";
}

/** The framing the camera prose asks for; a medium close-up, centred, when it says nothing of it. */
export function readFraming(camera: string): Framing {
  const c = camera.toLowerCase();
  const x = /\b(left third|on the left|to the left|left of (?:the )?frame|off-?cent(?:er|re) left)\b/.test(c)
    ? 0.38
    : /\b(right third|on the right|to the right|right of (?:the )?frame|off-?cent(?:er|re) right)\b/.test(c)
      ? 0.62
      : 0.5;
  if (/\bextreme close/.test(c)) return { head: 0.7, top: 0.12, x, name: "extreme close-up" };
  if (/\bmedium close|\bbust\b|head and shoulders|\bshoulders up\b/.test(c)) return { head: 0.36, top: 0.14, x, name: "medium close-up" };
  if (/\bclose[- ]?up\b|\bclose shot\b|\btight\b/.test(c)) return { head: 0.5, top: 0.1, x, name: "close-up" };
  if (/\bfull[- ](?:figure|body|length|shot)|\bwide\b|\blong shot\b|head to toe|\bestablishing\b/.test(c))
    return { head: 0.105, top: 0.1, x, name: "full figure" };
  if (/\bmedium\b|\bmid[- ]shot\b|\bwaist\b|\bhalf[- ](?:length|body)|\bcowboy\b|\bknees?\b/.test(c))
    return { head: 0.2, top: 0.1, x, name: "medium shot" };
  return { head: 0.36, top: 0.14, x, name: "medium close-up" };
}

function paletteOf(subject: string, look: Look, features: Features): Palette {
  const rng = createPrng(hashString(`portrait-skin-v1|${subject.trim().toLowerCase()}`));
  const skinHue = 18 + rng.int(16);
  const skinL = 36 + rng.int(38);
  return {
    skin: hsl(skinHue, 42, skinL),
    skinShade: hsl(skinHue - 4, 40, skinL - 12),
    // Age greys the hair whatever its colour was (a reference's too).
    hair: features.old ? hsl(look.hairHue, 6, 66 + (look.hair % 14)) : hsl(look.hairHue, look.hairSat, look.hair),
    coat: hsl(look.hue, look.sat, look.light),
    coatDark: hsl(look.hue, look.sat * 0.7, look.light * 0.62),
    lining: hsl(look.hue + 30, 20, 80),
  };
}

const SCENE_HUES: Array<[RegExp, number, number]> = [
  [/\b(sea|ocean|harbou?r|shore|coast|lighthouse|bay|tide|lake|river|boat|ship)\b/, 205, 35],
  [/\b(forest|woods|garden|meadow|grove|orchard|park|field)\b/, 115, 30],
  [/\b(kitchen|market|street|cafe|café|stall|tavern|inn|bakery|restaurant|shop)\b/, 28, 40],
  [/\b(library|study|office|archive|museum|school)\b/, 35, 25],
  [/\b(desert|dune|sand|canyon)\b/, 38, 45],
  [/\b(space|station|ship's bridge|starship|orbit)\b/, 235, 35],
  [/\b(castle|palace|hall|court|cathedral|chapel|temple)\b/, 280, 22],
  [/\b(snow|ice|winter|mountain|glacier)\b/, 200, 15],
];

/** The backdrop: the same for every stance of a character (seeded by who and where), softly out of focus. */
function backdrop(W: number, H: number, subject: string, scene: string): string {
  const rng = createPrng(hashString(`portrait-backdrop-v1|${subject.trim().toLowerCase()}|${scene.trim().toLowerCase()}`));
  const text = `${scene} ${subject}`.toLowerCase();
  const found = SCENE_HUES.find(([pattern]) => pattern.test(text));
  const hue = found ? found[1] + rng.int(21) - 10 : rng.int(360);
  const sat = found ? found[2] : 18 + rng.int(25);
  const night = /\b(night|midnight|dark|moon\w*|storm\w*)\b/.test(text);
  const top = hsl(hue, sat, night ? 12 : 30);
  const bottom = hsl(hue + 15, sat + 8, night ? 26 : 52);
  let out = `<defs><linearGradient id="bd" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  out += `<radialGradient id="bk"><stop offset="0" stop-color="#fff" stop-opacity=".5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`;
  out += `<rect width="${W}" height="${H}" fill="url(#bd)"/>`;
  // Out-of-focus lights and shapes behind the character (shallow depth of field).
  for (let i = 0; i < 9; i++) {
    const r = H * (0.04 + rng.next() * 0.1);
    out += `<circle cx="${f(rng.next() * W)}" cy="${f(rng.next() * H * 0.75)}" r="${f(r)}" fill="url(#bk)" opacity="${f(0.25 + rng.next() * 0.5)}"/>`;
  }
  const horizon = H * (0.55 + rng.next() * 0.15);
  out += `<path d="M0 ${f(horizon)} Q${f(W * 0.3)} ${f(horizon - H * 0.05)} ${f(W * 0.55)} ${f(horizon + H * 0.02)} T${W} ${f(horizon - H * 0.03)} L${W} ${H} L0 ${H} Z" fill="${hsl(hue + 180, sat * 0.5, night ? 8 : 22)}" opacity=".55"/>`;
  return out;
}

export interface ComposedPortrait {
  svg: string;
  width: number;
  height: number;
  framing: Framing;
  expression: Expression;
  manifest: SceneManifest;
}

/** The portrait of one stance as an SVG document, with what was drawn (the character, as the subject). */
export function composePortrait(input: PortraitInput, subjectLabel = "person"): ComposedPortrait {
  const W = input.aspect === "16:9" ? 1280 : 720;
  const H = 720;
  const subject = input.subject.trim() || "someone";
  const look = lookOf(subject, input.reference?.look);
  const features = featuresOf(subject);
  const p = paletteOf(subject, look, features);
  const long = createPrng(hashString(`portrait-hair-v1|${subject.toLowerCase()}`)).next() < 0.45;
  const framing = readFraming(input.camera);
  const e = readExpression(input.stance);
  const light = moodLight(input.stance);
  const full = framing.name === "full figure";

  // The head is 100 units tall: k pixels a unit; the head's centre 50 units below its top.
  const lean = 1 + e.lean * 0.07;
  const k = ((framing.head * H) / 100) * lean;
  const cx = framing.x * W + e.lean * 6;
  const cy = framing.top * H + 50 * k + (e.lean < 0 ? -e.lean * 10 : 0) - e.shoulders * 4;
  const dy = e.chin * -3.5;
  const hair = hairAndHat(look, p, long);
  const headAt = `translate(0 ${f(-e.chin * 4 + (e.shoulders < 0 ? 6 : 0))}) rotate(${f(e.headTilt)} 0 45)`;
  const head = `<g transform="${headAt}">` + hair.back + face(e, p, dy, features) + hair.front + `</g>`;
  const figure = `<g transform="translate(${f(cx)} ${f(cy)}) scale(${Math.round(k * 1000) / 1000})">${hair.behind ? `<g transform="${headAt}">${hair.behind}</g>` : ""}${body(e, p, look, full)}${head}</g>`;

  // The mood's light: a tinted glow from the key side and a darkening for the dim moods.
  const glow =
    `<defs><radialGradient id="ml" cx="0.25" cy="0.2" r="0.9"><stop offset="0" stop-color="${hsl(light.hue, light.sat, 62)}" stop-opacity="${f(light.strength * 2.2)}"/><stop offset="1" stop-color="${hsl(light.hue, light.sat, 40)}" stop-opacity="${f(light.strength * 0.6)}"/></radialGradient>` +
    `<radialGradient id="vg" r=".78"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#ml)"/>` +
    (light.dim > 0 ? `<rect width="${W}" height="${H}" fill="#05070d" opacity="${f(light.dim)}"/>` : "") +
    `<rect width="${W}" height="${H}" fill="url(#vg)"/>`;

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${backdrop(W, H, subject, input.scene ?? "")}${figure}${glow}</svg>`;
  const top = Math.max(0, (cy - 60 * k) / H);
  const halfW = ((e.arms === "raised" ? 150 : 125) * k) / W;
  const r3 = (n: number): number => Math.round(n * 1000) / 1000;
  const x0 = Math.max(0, cx / W - halfW);
  const manifest: SceneManifest = {
    version: 1,
    width: W,
    height: H,
    timeOfDay: "day",
    weather: "clear",
    indoor: true,
    horizon: null,
    palette: { skyTop: p.coat, skyBottom: p.coat, ground: p.coatDark, accent: hsl(light.hue, light.sat, 62), haze: p.lining },
    objects: [
      {
        label: subjectLabel,
        motif: "portrait",
        box: { x: r3(x0), y: r3(top), w: r3(Math.min(1, cx / W + halfW) - x0), h: r3(1 - top) },
        depth: 0.15,
        subject: true,
        kind: "person",
      },
    ],
  };
  return { svg, width: W, height: H, framing, expression: e, manifest };
}

import { createPrng, hashString } from "@/lib/kernel";
import type { Aspect, ReferenceLook } from "../../provider";
import { lookOf } from "./compose";
import { f } from "./draw";
import { moodLight, readExpression, type Expression } from "./face";
import type { Look, SceneManifest } from "./types";

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

interface Palette {
  skin: string;
  skinShade: string;
  hair: string;
  coat: string;
  coatDark: string;
  lining: string;
}

const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(Math.max(0, Math.min(100, s)))}%,${Math.round(Math.max(0, Math.min(100, l)))}%)`;

/** What the subject lock says of the face besides its colours: age (grey hair, lines) and a beard. */
export interface Features {
  old: boolean;
  beard: boolean;
}

const OLD =
  /\b(old|elderly|aged|ancient|aging|ageing|grey-haired|gray-haired|white-haired|silver-haired|grey-bearded|gray-bearded|white-bearded|grandmother|grandfather|granny|grandpa|grandma|crone|veteran|retired|weathered|wizened|venerable)\b/i;

export function featuresOf(subject: string): Features {
  return { old: OLD.test(subject), beard: /\b(beard\w*|bearded)\b/i.test(subject) };
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

/** Hair behind the head (drawn first) and over it (drawn after the face), with the look's hat. */
function hairAndHat(look: Look, p: Palette, long: boolean): { behind: string; back: string; front: string } {
  let back = `<ellipse cx="0" cy="-6" rx="47" ry="54" fill="${p.hair}"/>`;
  // Long hair falls behind the shoulders: drawn before the body.
  let behind = long ? `<path d="M-46 -10 Q-62 60 -50 128 L50 128 Q62 60 46 -10 Z" fill="${p.hair}"/>` : "";
  let front = `<path d="M-41 -14 Q-38 -58 0 -58 Q38 -58 41 -14 Q26 -34 4 -30 Q-20 -40 -41 -14 Z" fill="${p.hair}"/>`;
  if (look.hat === "hood") {
    behind = `<path d="M-62 120 Q-70 -20 -40 -55 Q0 -82 40 -55 Q70 -20 62 120 Z" fill="${p.coat}"/>`;
    back = "";
    front = `<path d="M-52 40 Q-58 -36 -30 -56 Q0 -70 30 -56 Q58 -36 52 40 Q46 -30 0 -44 Q-46 -30 -52 40 Z" fill="${p.coatDark}"/>`;
  } else if (look.hat === "cap") {
    front += `<path d="M-44 -22 Q-40 -66 0 -66 Q40 -66 44 -22 Z" fill="${p.coat}"/><path d="M-6 -24 L62 -20 Q58 -12 -6 -14 Z" fill="${p.coatDark}"/>`;
  } else if (look.hat === "brim") {
    front += `<ellipse cx="0" cy="-36" rx="74" ry="11" fill="#23201d"/><path d="M-40 -36 L-36 -86 Q0 -94 36 -86 L40 -36 Z" fill="#23201d"/><rect x="-39" y="-48" width="78" height="7" fill="${p.coat}"/>`;
  }
  return { behind, back, front };
}

/** The face: ears, eyes, brows, nose, mouth and cheeks as the expression reads. Head centre at 0,0; 100 units tall. */
function face(e: Expression, p: Palette, dy: number, features: Features): string {
  let out = `<ellipse cx="-40" cy="4" rx="7" ry="12" fill="${p.skinShade}"/><ellipse cx="40" cy="4" rx="7" ry="12" fill="${p.skinShade}"/>`;
  out += `<ellipse cx="0" cy="0" rx="40" ry="50" fill="${p.skin}"/>`;
  // Age: lines on the brow and at the eyes' corners.
  if (features.old) {
    const line = (d: string) =>
      `<path d="${d}" stroke="${p.skinShade}" stroke-width="1.6" fill="none" stroke-linecap="round" opacity=".8"/>`;
    out +=
      line(`M-14 ${f(-31 + dy)} Q0 ${f(-34 + dy)} 14 ${f(-31 + dy)}`) + line(`M-10 ${f(-26.5 + dy)} Q0 ${f(-29 + dy)} 10 ${f(-26.5 + dy)}`);
    out += line(
      `M-27 ${f(-3 + dy)} L-31 ${f(-6 + dy)} M-27 ${f(0 + dy)} L-31 ${f(1 + dy)} M27 ${f(-3 + dy)} L31 ${f(-6 + dy)} M27 ${f(0 + dy)} L31 ${f(1 + dy)}`,
    );
    out += line(`M-13 ${f(19 + dy)} Q-17 ${f(26 + dy)} -15 ${f(33 + dy)} M13 ${f(19 + dy)} Q17 ${f(26 + dy)} 15 ${f(33 + dy)}`);
  }
  // Eyes.
  const ey = -4 + dy;
  const ry = Math.max(1.2, 5.6 * e.eyeOpen);
  for (const side of [-1, 1]) {
    const ex = side * 16;
    out += `<ellipse cx="${ex}" cy="${f(ey)}" rx="8.5" ry="${f(ry)}" fill="#f6f1ea"/>`;
    out += `<ellipse cx="${f(ex + e.gazeX * 3)}" cy="${f(ey - e.gazeY * Math.min(2.2, ry * 0.4))}" rx="4.2" ry="${f(Math.min(4.2, ry))}" fill="#2a1d17"/>`;
    out += `<path d="M${ex - 9.5} ${f(ey + 0.5)} Q${ex} ${f(ey - ry - 2.2)} ${ex + 9.5} ${f(ey + 0.5)}" stroke="#1d1512" stroke-width="2.2" fill="none" stroke-linecap="round"/>`;
  }
  // Brows: raised or drawn down; the inner ends up in sorrow, down in anger; one arched in doubt.
  const by = -18 - e.browRaise * 6 + dy;
  for (const side of [-1, 1]) {
    const arch = e.browArch && side === 1 ? -6 : 0;
    const inner = by - e.browInner * 6 + arch * 0.5;
    const outer = by + arch + (e.browInner > 0 ? 2 : 0);
    out += `<path d="M${side * 7} ${f(inner)} Q${side * 16} ${f(Math.min(inner, outer) - 3 + arch * 0.3)} ${side * 27} ${f(outer)}" stroke="${p.hair}" stroke-width="4.6" fill="none" stroke-linecap="round"/>`;
  }
  // Nose.
  out += `<path d="M-2 ${f(6 + dy)} Q-5 ${f(15 + dy)} 4 ${f(16 + dy)}" stroke="${p.skinShade}" stroke-width="2.2" fill="none" stroke-linecap="round"/>`;
  // Cheeks.
  if (e.blush)
    out += `<ellipse cx="-23" cy="${f(14 + dy)}" rx="8" ry="5" fill="#e0707a" opacity=".35"/><ellipse cx="23" cy="${f(14 + dy)}" rx="8" ry="5" fill="#e0707a" opacity=".35"/>`;
  // Mouth: the corners rise with a smile and fall with a frown; open for a laugh or a gasp.
  const my = 29 + dy;
  const half = (e.tight ? 9 : 12) + Math.max(0, e.smile) * 3;
  const lift = e.smile * 6;
  const left = my - lift + (e.crooked ? 1.5 : 0);
  const right = my - lift - (e.crooked ? 5 : 0);
  if (e.mouthOpen > 0.1) {
    const upper = my + e.smile * 2;
    const lower = my + Math.max(0, e.smile) * 6 + 4 + e.mouthOpen * 12;
    out += `<path d="M${f(-half)} ${f(left)} Q0 ${f(upper - 2)} ${f(half)} ${f(right)} Q0 ${f(lower + 4)} ${f(-half)} ${f(left)} Z" fill="#4a1c1c"/>`;
    if (e.smile > 0.4)
      out += `<path d="M${f(-half * 0.8)} ${f(left + 1)} Q0 ${f(upper)} ${f(half * 0.8)} ${f(right + 1)} L${f(half * 0.7)} ${f(right + 4)} Q0 ${f(upper + 4)} ${f(-half * 0.7)} ${f(left + 4)} Z" fill="#f4efe8"/>`;
  } else {
    const mid = my + e.smile * 7;
    out += `<path d="M${f(-half)} ${f(left)} Q0 ${f(mid)} ${f(half)} ${f(right)}" stroke="#6b2a2a" stroke-width="${e.tight ? 2.4 : 3.2}" fill="none" stroke-linecap="round"/>`;
  }
  // A beard round the jaw, open at the mouth.
  if (features.beard)
    out += `<path d="M-38 ${f(8 + dy)} Q-36 58 0 62 Q36 58 38 ${f(8 + dy)} Q30 ${f(30 + dy)} 18 ${f(36 + dy)} Q0 ${f(28 + dy)} -18 ${f(36 + dy)} Q-30 ${f(30 + dy)} -38 ${f(8 + dy)} Z" fill="${p.hair}"/>`;
  return out;
}

/** The body below the head: neck, coat and arms in the stance's pose. Units as the head's; the shoulders at y 80. */
function body(e: Expression, p: Palette, look: Look, full: boolean): string {
  const sh = -e.shoulders * 12;
  const sw = 100 - (e.shoulders < 0 ? 8 : 0) + (e.shoulders > 0.5 ? -4 : 0);
  const hem = full ? (look.coat === "long" ? 520 : 430) : 470;
  let out = "";
  if (full) {
    out += `<rect x="-44" y="${hem - 20}" width="36" height="${700 - hem}" fill="${p.coatDark}"/><rect x="8" y="${hem - 20}" width="36" height="${700 - hem}" fill="${p.coatDark}"/>`;
    out += `<rect x="-54" y="690" width="48" height="18" rx="6" fill="#1b1714"/><rect x="6" y="690" width="48" height="18" rx="6" fill="#1b1714"/>`;
  }
  out += `<rect x="-15" y="30" width="30" height="${f(56 + sh)}" fill="${p.skinShade}"/>`;
  const torso = `M${-sw} ${f(100 + sh)} Q${-sw - 4} ${f(84 + sh)} ${-sw + 34} ${f(78 + sh)} L${sw - 34} ${f(78 + sh)} Q${sw + 4} ${f(84 + sh)} ${sw} ${f(100 + sh)} L${f(sw * 0.92)} ${hem} L${f(-sw * 0.92)} ${hem} Z`;
  out += `<path d="${torso}" fill="${p.coat}"/>`;
  // The collar: an open V over a lighter shirt.
  out += `<path d="M-26 ${f(78 + sh)} L0 ${f(150 + sh)} L26 ${f(78 + sh)} Z" fill="${p.lining}"/><path d="M-34 ${f(78 + sh)} L0 ${f(160 + sh)} L-8 ${f(78 + sh)} Z M34 ${f(78 + sh)} L0 ${f(160 + sh)} L8 ${f(78 + sh)} Z" fill="${p.coatDark}"/>`;
  const arm = (points: number[][], width: number): string =>
    `<path d="M${points.map(([x, y]) => `${f(x!)} ${f(y!)}`).join(" L")}" stroke="${p.coatDark}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;
  const hand = (x: number, y: number): string => `<ellipse cx="${f(x)}" cy="${f(y)}" rx="15" ry="17" fill="${p.skin}"/>`;
  const s = 100 + sh;
  switch (e.arms) {
    case "crossed":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 2, 196],
          ],
          40,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw + 2, 196],
          ],
          40,
        );
      out +=
        arm(
          [
            [-sw + 4, 198],
            [sw - 20, 168],
          ],
          40,
        ) +
        arm(
          [
            [sw - 4, 202],
            [-sw + 20, 178],
          ],
          40,
        );
      out += hand(sw - 14, 160) + hand(-sw + 14, 182);
      break;
    case "clasped":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw + 4, 300],
            [-18, 340],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw - 4, 300],
            [18, 340],
          ],
          38,
        );
      out += `<ellipse cx="0" cy="340" rx="26" ry="20" fill="${p.skin}"/>`;
      break;
    case "chin":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 4, 400],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw - 10, 300],
            [22, 70],
          ],
          36,
        );
      out += hand(18, 58);
      break;
    case "raised":
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 4, 400],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw + 44, 20],
            [sw + 40, -62],
          ],
          36,
        );
      out += hand(sw + 40, -78);
      break;
    case "hug":
      out += `<rect x="-58" y="170" width="116" height="120" rx="10" fill="${hsl(look.hue + 160, 35, 55)}"/>`;
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw + 8, 260],
            [30, 262],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw - 8, 230],
            [-30, 226],
          ],
          38,
        );
      out += hand(32, 258) + hand(-32, 224);
      break;
    default:
      out +=
        arm(
          [
            [-sw + 6, s],
            [-sw - 6, 330],
            [-sw, 400],
          ],
          38,
        ) +
        arm(
          [
            [sw - 6, s],
            [sw + 6, 330],
            [sw, 400],
          ],
          38,
        );
      out += hand(-sw, 412) + hand(sw, 412);
      if (look.item === "lantern" && full)
        out += `<rect x="${sw - 18}" y="426" width="36" height="44" rx="6" fill="#ffd36b"/><rect x="${sw - 20}" y="420" width="40" height="8" fill="#2a2420"/>`;
  }
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

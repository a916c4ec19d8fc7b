import { createPrng, hashString, type Prng } from "@/lib/kernel";
import type { Aspect } from "../provider";
import { SETTING_WORDS, TIME_WORDS, type SceneKind, type TimeOfDay } from "./scene-svg-words";
import { cleanText, detectTone, type Tone } from "./text";

export type { SceneKind, TimeOfDay } from "./scene-svg-words";

// The first local painter (kept for `sceneSvg` and as the bench's baseline): a composed vector scene (sky, light, layered land, a setting, the hero's
// silhouette, weather, a title band) whose palette, time of day and setting come from the words
// of the prompt and mood, and whose details come from a hash of them. Shapes only, no text, so
// rendering never depends on fonts. Deterministic: the same input gives the same bytes.

interface Palette {
  skyTop: string;
  skyBottom: string;
  land: [number, number, number];
  accent: string;
}

const hsl = (h: number, s: number, l: number, a?: number): string =>
  a === undefined
    ? `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`
    : `hsla(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%,${a})`;
const f = (n: number): string => (Math.round(n * 10) / 10).toString();

function palette(tone: Tone, time: TimeOfDay, rng: Prng): Palette {
  const j = rng.int(31) - 15;
  const base: Record<Tone, { h: number; s: number }> = {
    ominous: { h: 265, s: 35 },
    bright: { h: 35, s: 80 },
    wistful: { h: 212, s: 22 },
    wondrous: { h: 190, s: 60 },
    tense: { h: 12, s: 70 },
    quiet: { h: rng.int(360), s: 40 },
  };
  const { h, s } = base[tone];
  const hue = h + j;
  const light = time === "night" ? 0.35 : time === "day" ? 1.1 : 0.8;
  const topHue = time === "day" ? 205 + j : hue + (time === "dusk" ? -30 : 0);
  return {
    skyTop: hsl(topHue, Math.min(90, s + 10), Math.min(70, 30 * light + 8)),
    skyBottom: hsl(hue + (time === "dusk" || time === "dawn" ? 25 : 10), Math.min(95, s + 20), Math.min(85, 55 * light + 10)),
    land: [hue + 180 + j, Math.max(12, s - 10), Math.max(6, 22 * light)],
    accent: hsl(hue + 40, 85, time === "night" ? 85 : 75),
  };
}

function pickByWords<K extends string>(table: Record<K, string[]>, words: ReadonlySet<string>): K | undefined {
  let best: K | undefined;
  let bestCount = 0;
  for (const key of Object.keys(table) as K[]) {
    const count = table[key].filter((w) => words.has(w)).length;
    if (count > bestCount) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/** A ridge line across the frame: y around `base` with sine noise of `amp`. */
function ridge(w: number, h: number, base: number, amp: number, rng: Prng, steps = 24, jagged = false): string {
  const p1 = rng.next() * Math.PI * 2;
  const p2 = rng.next() * Math.PI * 2;
  const k1 = 1 + rng.int(3);
  const k2 = 3 + rng.int(5);
  let d = `M0 ${f(h)}`;
  for (let i = 0; i <= steps; i++) {
    const x = (w * i) / steps;
    const t = (i / steps) * Math.PI * 2;
    let y = base + amp * (0.6 * Math.sin(k1 * t + p1) + 0.4 * Math.sin(k2 * t + p2));
    if (jagged && i % 2 === 1) y -= amp * 0.5 * rng.next();
    d += ` L${f(x)} ${f(y)}`;
  }
  return `${d} L${f(w)} ${f(h)} Z`;
}

const landColor = (p: Palette, depth: number, alpha?: number): string =>
  hsl(p.land[0], p.land[1], Math.max(3, p.land[2] * (1.5 - depth)), alpha);

function feature(
  kind: SceneKind,
  w: number,
  h: number,
  p: Palette,
  time: TimeOfDay,
  rng: Prng,
  words: ReadonlySet<string>,
  lite: boolean,
): string {
  const out: string[] = [];
  const horizon = h * (0.55 + rng.next() * 0.1);
  switch (kind) {
    case "sea": {
      out.push(`<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#water)"/>`);
      for (let i = 0; i < 14; i++) {
        const y = horizon + (h - horizon) * rng.next();
        const x = w * rng.next();
        out.push(
          `<rect x="${f(x)}" y="${f(y)}" width="${f(20 + rng.next() * 120)}" height="2" fill="${p.accent}" opacity="${f(0.15 + rng.next() * 0.3)}"/>`,
        );
      }
      if (words.has("ship") || words.has("boat") || words.has("sail") || rng.next() < 0.4) {
        const x = w * (0.15 + rng.next() * 0.7);
        const y = horizon + 6;
        out.push(
          `<path d="M${f(x - 40)} ${f(y)} L${f(x + 40)} ${f(y)} L${f(x + 28)} ${f(y + 14)} L${f(x - 28)} ${f(y + 14)} Z M${f(x)} ${f(y - 70)} L${f(x)} ${f(y)} L${f(x + 36)} ${f(y - 8)} Z" fill="${landColor(p, 0.9)}"/>`,
        );
      }
      break;
    }
    case "forest": {
      out.push(`<path d="${ridge(w, h, horizon, h * 0.04, rng)}" fill="${landColor(p, 0.6)}"/>`);
      const trees = lite ? 10 : 26 + rng.int(20);
      for (let i = 0; i < trees; i++) {
        const x = w * rng.next();
        const th = h * (0.12 + rng.next() * 0.18);
        const tw = th * (0.3 + rng.next() * 0.15);
        const y = horizon + h * 0.06 + rng.next() * h * 0.12;
        out.push(
          `<path d="M${f(x)} ${f(y - th)} L${f(x + tw)} ${f(y)} L${f(x - tw)} ${f(y)} Z" fill="${landColor(p, 0.75 + rng.next() * 0.25)}"/>`,
        );
      }
      break;
    }
    case "city": {
      const count = 14 + rng.int(10);
      let x = -20;
      for (let i = 0; i < count && x < w; i++) {
        const bw = w / count + rng.next() * 40;
        const bh = h * (0.15 + rng.next() * 0.35);
        const top = horizon + h * 0.1 - bh;
        out.push(
          `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(h - top)}" fill="${landColor(p, 0.7 + rng.next() * 0.3)}"/>`,
        );
        const lit = time === "night" || time === "dusk" ? 0.8 : 0.25;
        for (let wy = top + 10; !lite && wy < horizon + h * 0.08; wy += 18) {
          for (let wx = x + 6; wx < x + bw - 10; wx += 14) {
            if (rng.next() < 0.35) out.push(`<rect x="${f(wx)}" y="${f(wy)}" width="6" height="8" fill="${p.accent}" opacity="${lit}"/>`);
          }
        }
        x += bw + rng.next() * 6;
      }
      break;
    }
    case "mountains": {
      out.push(`<path d="${ridge(w, h, horizon - h * 0.12, h * 0.12, rng, 14, true)}" fill="${landColor(p, 0.45)}"/>`);
      out.push(`<path d="${ridge(w, h, horizon, h * 0.08, rng, 18, true)}" fill="${landColor(p, 0.7)}"/>`);
      break;
    }
    case "desert": {
      for (let layer = 0; layer < 3; layer++) {
        const y0 = horizon + layer * h * 0.08;
        const c1 = w * (0.2 + rng.next() * 0.3);
        out.push(
          `<path d="M0 ${f(y0)} Q${f(c1)} ${f(y0 - h * 0.12)} ${f(w / 2)} ${f(y0)} T${f(w)} ${f(y0 - h * 0.03)} L${f(w)} ${f(h)} L0 ${f(h)} Z" fill="${hsl(p.land[0] + 180, 55, 40 + layer * 8 - (time === "night" ? 25 : 0))}" opacity="${f(0.7 + layer * 0.1)}"/>`,
        );
      }
      break;
    }
    case "space": {
      const cx = w * (0.2 + rng.next() * 0.6);
      const cy = h * (0.3 + rng.next() * 0.25);
      const r = h * (0.12 + rng.next() * 0.15);
      out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#planet)"/>`);
      if (rng.next() < 0.6)
        out.push(
          `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.8)}" ry="${f(r * 0.35)}" fill="none" stroke="${p.accent}" stroke-width="3" opacity=".6" transform="rotate(${f(-20 + rng.next() * 40)} ${f(cx)} ${f(cy)})"/>`,
        );
      out.push(`<path d="${ridge(w, h, h * 0.85, h * 0.03, rng, 30, true)}" fill="${landColor(p, 0.9)}"/>`);
      break;
    }
    case "castle": {
      out.push(`<path d="${ridge(w, h, horizon + h * 0.05, h * 0.05, rng)}" fill="${landColor(p, 0.65)}"/>`);
      const cx = w * (0.3 + rng.next() * 0.4);
      const base = horizon + h * 0.04;
      const tw = w * 0.05;
      const th = h * (0.3 + rng.next() * 0.15);
      const color = landColor(p, 0.85);
      let d = `M${f(cx - tw * 2.5)} ${f(base)} L${f(cx - tw * 2.5)} ${f(base - th * 0.45)} L${f(cx + tw * 2.5)} ${f(base - th * 0.45)} L${f(cx + tw * 2.5)} ${f(base)} Z`;
      d += ` M${f(cx - tw / 2)} ${f(base)} L${f(cx - tw / 2)} ${f(base - th)} L${f(cx)} ${f(base - th - tw * 1.4)} L${f(cx + tw / 2)} ${f(base - th)} L${f(cx + tw / 2)} ${f(base)} Z`;
      for (let k = 0; k < 5; k++) {
        const bx = cx - tw * 2.5 + k * tw * 1.1;
        d += ` M${f(bx)} ${f(base - th * 0.45)} l0 -${f(tw * 0.4)} l${f(tw * 0.5)} 0 l0 ${f(tw * 0.4)} Z`;
      }
      out.push(`<path d="${d}" fill="${color}"/>`);
      if (words.has("lighthouse") || time === "night") {
        out.push(
          `<path d="M${f(cx)} ${f(base - th * 0.9)} L${f(cx + w * 0.45)} ${f(base - th * 1.2)} L${f(cx + w * 0.45)} ${f(base - th * 0.7)} Z" fill="${p.accent}" opacity=".18"/>`,
        );
        out.push(`<circle cx="${f(cx)}" cy="${f(base - th * 0.9)}" r="6" fill="${p.accent}"/>`);
      }
      break;
    }
    case "hills": {
      out.push(`<path d="${ridge(w, h, horizon, h * 0.06, rng)}" fill="${landColor(p, 0.55)}"/>`);
      break;
    }
  }
  return out.join("");
}

export interface SceneSvg {
  svg: string;
  width: number;
  height: number;
  kind: SceneKind;
  tone: Tone;
  time: TimeOfDay;
  artStyle: string;
  prompt: string;
}

/** The effective prompt: the caller's prompt with the mood folded in. */
export function effectivePrompt(prompt: string, mood?: string): string {
  const p = cleanText(prompt);
  const m = cleanText(mood ?? "");
  return m === "" ? p : `${p} (mood: ${m})`;
}

/** Composes the scene as an SVG document (a pure function of prompt, mood and aspect). */
export function sceneSvg(input: { prompt: string; mood?: string; aspect: Aspect; lite?: boolean }): SceneSvg {
  const lite = input.lite === true;
  const prompt = effectivePrompt(input.prompt, input.mood);
  const rng = createPrng(hashString(JSON.stringify(["scene-v1", prompt, input.aspect])));
  const words = new Set(
    prompt
      .toLowerCase()
      .split(/[^\p{L}\p{N}-]+/u)
      .filter(Boolean),
  );
  const tone = detectTone([...words]);
  const time: TimeOfDay =
    pickByWords(TIME_WORDS, words) ?? (rng.pick(["day", "dusk", "dawn", "night", "day"] as const) satisfies TimeOfDay);
  const kind: SceneKind = pickByWords(SETTING_WORDS, words) ?? rng.pick(["hills", "mountains", "forest", "sea"] as const);
  const p = palette(tone, time, rng);
  const w = input.aspect === "16:9" ? 1280 : 720;
  const h = 720;
  const parts: string[] = [];

  parts.push(
    `<defs>` +
      `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="${p.accent}" stop-opacity=".9"/><stop offset=".35" stop-color="${p.accent}" stop-opacity=".35"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyBottom}"/><stop offset="1" stop-color="${landColor(p, 0.9)}"/></linearGradient>` +
      `<radialGradient id="planet" cx=".35" cy=".35"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${landColor(p, 0.5)}"/></radialGradient>` +
      `<radialGradient id="vignette" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>` +
      `<linearGradient id="fog" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff" stop-opacity=".35"/></linearGradient>` +
      `</defs>`,
  );
  parts.push(`<rect width="${w}" height="${h}" fill="url(#sky)"/>`);

  if (time === "night" || kind === "space") {
    const stars = lite ? 12 : 50 + rng.int(60);
    for (let i = 0; i < stars; i++)
      parts.push(
        `<circle cx="${f(rng.next() * w)}" cy="${f(rng.next() * h * 0.6)}" r="${f(0.6 + rng.next() * 1.6)}" fill="#fff" opacity="${f(0.3 + rng.next() * 0.7)}"/>`,
      );
  }

  // Sun or moon with its glow.
  const sx = w * (0.15 + rng.next() * 0.7);
  const sy = h * (time === "day" ? 0.15 + rng.next() * 0.15 : 0.3 + rng.next() * 0.2);
  const sr = h * (0.04 + rng.next() * 0.04);
  parts.push(
    `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr * 5)}" fill="url(#glow)"/><circle cx="${f(sx)}" cy="${f(sy)}" r="${f(sr)}" fill="${p.accent}"/>`,
  );

  // Far ridge, the setting, the near ground.
  parts.push(`<path d="${ridge(w, h, h * 0.5, h * 0.07, rng, 20)}" fill="${landColor(p, 0.25, 0.55)}"/>`);
  parts.push(feature(kind, w, h, p, time, rng, words, lite));
  parts.push(`<path d="${ridge(w, h, h * 0.86, h * 0.025, rng, 16)}" fill="${landColor(p, 1)}"/>`);

  // The hero: a small silhouette standing on the near ground.
  const hx = w * (0.2 + rng.next() * 0.6);
  const hy = h * 0.86;
  const hs = h * 0.07;
  parts.push(
    `<g fill="${landColor(p, 1.2)}"><circle cx="${f(hx)}" cy="${f(hy - hs * 1.15)}" r="${f(hs * 0.16)}"/>` +
      `<path d="M${f(hx - hs * 0.2)} ${f(hy - hs * 0.95)} L${f(hx + hs * 0.2)} ${f(hy - hs * 0.95)} L${f(hx + hs * 0.28)} ${f(hy)} L${f(hx - hs * 0.28)} ${f(hy)} Z"/></g>`,
  );

  // Weather.
  if (words.has("fog") || words.has("mist") || words.has("misty") || (tone === "wistful" && rng.next() < 0.5)) {
    parts.push(`<rect y="${f(h * 0.4)}" width="${w}" height="${f(h * 0.6)}" fill="url(#fog)"/>`);
  }
  if (!lite && (words.has("rain") || words.has("storm") || words.has("rainy"))) {
    for (let i = 0; i < 90; i++) {
      const x = rng.next() * w;
      const y = rng.next() * h;
      parts.push(`<path d="M${f(x)} ${f(y)} l-6 18" stroke="#fff" stroke-width="1.2" opacity=".35"/>`);
    }
  }
  if (!lite && (words.has("snow") || words.has("winter") || words.has("frost"))) {
    for (let i = 0; i < 110; i++)
      parts.push(`<circle cx="${f(rng.next() * w)}" cy="${f(rng.next() * h)}" r="${f(1 + rng.next() * 2)}" fill="#fff" opacity=".8"/>`);
  }

  // Vignette and a title band (abstract marks, no lettering).
  parts.push(`<rect width="${w}" height="${h}" fill="url(#vignette)"/>`);
  const bandY = h * 0.9;
  parts.push(`<rect y="${f(bandY)}" width="${w}" height="${f(h - bandY)}" fill="#000" opacity=".35"/>`);
  const marks = 2 + rng.int(3);
  let mx = w * 0.05;
  for (let i = 0; i < marks; i++) {
    const mw = w * (0.05 + rng.next() * 0.12);
    parts.push(
      `<rect x="${f(mx)}" y="${f(bandY + (h - bandY) * 0.38)}" width="${f(mw)}" height="${f((h - bandY) * 0.24)}" rx="3" fill="${p.accent}" opacity=".75"/>`,
    );
    mx += mw + w * 0.015;
  }

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${parts.join("")}</svg>`;
  const artStyle = `procedural vector art: ${kind} scene, ${tone} palette, ${time}`;
  return { svg, width: w, height: h, kind, tone, time, artStyle, prompt };
}

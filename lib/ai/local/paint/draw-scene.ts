// Draws a composed frame (compose.ts): the placed objects farthest first, lit by the time of day
// and weather, with sky, stars, rain, snow, fog and a vignette; and the manifest of what it drew.
import { createPrng, hashString, type Prng } from "@/lib/kernel";
import { f, hslToRgb, mix, rgb } from "./draw";
import { lookOf } from "./protagonist";
import type { Box, Ctx, Look, ManifestObject, Motif, SceneManifest, TimeOfDay, Weather } from "./types";

export interface Placed {
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

function inkFor(depth: number, light: number, haze: [number, number, number], hazeK: number): Ctx["ink"] {
  const amount = Math.max(0, Math.min(0.75, (depth - 0.25) * hazeK));
  return (h, s, l) => rgb(mix(hslToRgb(h, s, l * light), haze, amount));
}

/** What drawing a frame needs of its composition. */
export interface SceneToDraw {
  placed: readonly Placed[];
  W: number;
  H: number;
  time: TimeOfDay;
  weather: Weather;
  indoor: boolean;
  below: boolean;
  deep: boolean;
  /** The horizon's height in pixels, null when there is none. */
  horizon: number | null;
  skyTop: string;
  skyBottom: string;
  light: number;
  haze: [number, number, number];
  hazeK: number;
  look: Look;
  lite: boolean | undefined;
  /** The frame's seeded generator, continued from the composition. */
  rng: Prng;
}

/** Draws the placed objects and the weather into one SVG, with each object drawn alone and the manifest. */
export function drawScene(scene: SceneToDraw): ComposedScene {
  const { placed, W, H, time, weather, indoor, below, deep, horizon, skyTop, skyBottom, light, haze, hazeK, look, rng } = scene;
  const glow = time === "night" || time === "dusk" || weather === "storm" ? "#ffd36b" : "#f4d58a";
  const objectSvgs: string[] = [];
  const body: string[] = [];
  if (!indoor) {
    body.push(
      `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    );
    if (time === "night" && !below && !deep && weather !== "storm" && weather !== "rain")
      for (let i = 0; i < (scene.lite ? 12 : 60); i++)
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
  if (!scene.lite && (weather === "storm" || weather === "rain")) {
    let d = "";
    for (let i = 0; i < 140; i++) {
      const x = rng.next() * W;
      const y = rng.next() * H;
      d += `M${f(x)} ${f(y)}l-7 22`;
    }
    body.push(`<path d="${d}" stroke="#dfe6f0" stroke-width="1.2" opacity=".35"/>`);
  }
  if (!scene.lite && weather === "snow")
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

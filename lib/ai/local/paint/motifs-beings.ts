import { pen, type Pen } from "./draw";
import type { Ctx, Motif } from "./types";

// People in a few poses (all drawn with the protagonist's fixed look: the subject lock) and animals.

type Pose = "standing" | "walking" | "sitting" | "kneeling" | "reaching";

/** Head with hair and hat; the head's box is u 0.3..0.7 of the figure, top at `top`. */
function head(p: Pen, c: Ctx, cu: number, top: number, ru: number, rv: number): string {
  const skin = c.ink(28, 45, 62);
  const hair = c.ink(c.look.hairHue, c.look.hairSat, c.look.hair);
  const coat = c.ink(c.look.hue, c.look.sat, c.look.light);
  let out = "";
  if (c.look.hat === "hood")
    return p.ell(cu, top + rv * 1.1, ru * 1.25, rv * 1.1, coat) + p.ell(cu, top + rv * 1.25, ru * 0.75, rv * 0.8, skin);
  const hv = c.look.hat === "none" ? 0 : rv * 0.7;
  out +=
    p.ell(cu, top + hv + rv, ru, rv, skin) +
    p.path(["M", cu - ru, top + hv + rv, "Q", cu, top + hv - rv * 0.3, cu + ru, top + hv + rv, "Z"], hair);
  if (c.look.hat === "cap")
    out += p.path(["M", cu - ru, top + hv + rv * 0.6, "Q", cu, top - hv - rv * 0.6, cu + ru, top + hv + rv * 0.6, "Z"], coat);
  if (c.look.hat === "brim")
    out +=
      p.rect(cu - ru * 1.45, top + hv * 0.9, ru * 2.9, rv * 0.25, c.ink(0, 0, 14)) +
      p.rect(cu - ru * 0.8, top, ru * 1.6, hv, c.ink(0, 0, 14));
  return out;
}

function person(pose: Pose): Motif {
  const aspect = pose === "sitting" ? 0.62 : pose === "kneeling" ? 0.55 : pose === "walking" ? 0.48 : 0.42;
  const size = pose === "sitting" || pose === "kneeling" ? 0.24 : 0.34;
  return {
    id: `person-${pose}`,
    label: `person ${pose}`,
    layer: "figure",
    aspect,
    size,
    draw(b, c) {
      const p = pen(b);
      const coat = c.ink(c.look.hue, c.look.sat, c.look.light);
      const dark = c.ink(c.look.hue, c.look.sat * 0.55, c.look.light / 2);
      const skin = c.ink(28, 45, 62);
      const hem = c.look.coat === "long" ? 0.8 : 0.62;
      let out = "";
      if (pose === "sitting") {
        out +=
          p.rect(0, 0.55, 0.7, 0.1, c.ink(25, 40, 26)) +
          p.rect(0, 0.55, 0.08, 0.45, c.ink(25, 40, 26)) +
          p.rect(0.62, 0.55, 0.08, 0.45, c.ink(25, 40, 26));
        out +=
          head(p, c, 0.35, 0, 0.13, 0.1) +
          p.poly([0.2, 0.22, 0.5, 0.22, 0.55, 0.58, 0.15, 0.58], coat) +
          p.poly([0.3, 0.5, 0.9, 0.5, 0.9, 0.6, 0.3, 0.6], dark) +
          p.rect(0.82, 0.55, 0.08, 0.4, dark) +
          p.rect(0.8, 0.93, 0.2, 0.07, c.ink(0, 0, 10));
        return out;
      }
      if (pose === "kneeling") {
        out +=
          head(p, c, 0.45, 0, 0.16, 0.1) +
          p.poly([0.25, 0.22, 0.65, 0.22, 0.75, 0.65, 0.2, 0.65], coat) +
          p.poly([0.2, 0.6, 0.6, 0.6, 0.62, 0.78, 0.2, 0.78], dark) +
          p.poly([0.5, 0.7, 0.62, 0.7, 0.62, 1, 0.5, 1], dark) +
          p.poly([0, 0.78, 0.25, 0.78, 0.25, 1, 0, 1], dark) +
          p.poly([0.6, 0.3, 0.72, 0.28, 1, 0.5, 0.95, 0.56], coat) +
          p.ell(0.97, 0.53, 0.03, 0.03, skin);
        return out;
      }
      const lean = pose === "walking" ? 0.05 : 0;
      out += head(p, c, 0.5 + lean, 0, 0.16, 0.075);
      // Legs.
      if (pose === "walking")
        out +=
          p.poly([0.35, hem - 0.02, 0.48, hem - 0.02, 0.2, 0.97, 0.08, 0.97], dark) +
          p.poly([0.5, hem - 0.02, 0.63, hem - 0.02, 0.88, 0.97, 0.76, 0.97], dark) +
          p.rect(0, 0.95, 0.2, 0.05, c.ink(0, 0, 10)) +
          p.rect(0.76, 0.95, 0.22, 0.05, c.ink(0, 0, 10));
      else
        out +=
          p.rect(0.34, hem - 0.02, 0.12, 0.98 - hem, dark) +
          p.rect(0.54, hem - 0.02, 0.12, 0.98 - hem, dark) +
          p.rect(0.28, 0.95, 0.18, 0.05, c.ink(0, 0, 10)) +
          p.rect(0.54, 0.95, 0.18, 0.05, c.ink(0, 0, 10));
      // Body (the coat) and arms.
      out += p.poly([0.3 + lean, 0.17, 0.7 + lean, 0.17, 0.78, hem, 0.22, hem], coat);
      if (pose === "reaching")
        out +=
          p.poly([0.66, 0.2, 0.74, 0.17, 0.98, 0.02, 1, 0.07, 0.76, 0.28], coat) +
          p.poly([0.34, 0.2, 0.26, 0.17, 0.02, 0.02, 0, 0.07, 0.24, 0.28], coat);
      else
        out +=
          p.poly([0.28 + lean, 0.19, 0.36 + lean, 0.19, 0.1, 0.5, 0, 0.48], coat) +
          p.poly([0.64 + lean, 0.19, 0.72 + lean, 0.19, 1, 0.48, 0.9, 0.5], coat);
      if (pose !== "reaching" && c.look.item === "lantern")
        out += p.rect(0.84, 0.5, 0.16, 0.12, c.glow) + p.rect(0.84, 0.48, 0.16, 0.02, c.ink(0, 0, 10));
      if (pose !== "reaching" && c.look.item === "staff") out += p.rect(0.1, 0.1, 0.035, 0.88, c.ink(25, 40, 25));
      if (pose !== "reaching" && c.look.item === "sword")
        out +=
          p.poly([0.86, 0.08, 0.9, 0, 0.94, 0.08, 0.94, 0.5, 0.86, 0.5], c.ink(210, 10, 78)) +
          p.rect(0.8, 0.5, 0.2, 0.03, c.ink(42, 70, 45)) +
          p.rect(0.87, 0.53, 0.06, 0.08, c.ink(25, 40, 25));
      return out;
    },
  };
}

const beast = (
  id: string,
  label: string,
  aspect: number,
  size: number,
  hue: number,
  sat: number,
  light: number,
  draw: (p: Pen, col: string, dark: string, c: Ctx) => string,
): Motif => ({
  id,
  label,
  layer: "figure",
  aspect,
  size,
  draw(b, c) {
    return draw(pen(b), c.ink(hue, sat, light), c.ink(hue, sat, light * 0.6), c);
  },
});

/** A four-legged body: torso, neck and head up to the right, four legs to the ground. */
const quadruped = (p: Pen, col: string, dark: string, neck: number, tail: boolean, stocky = false): string =>
  // A stocky body (dog, fox, wolf) sits low on short legs; a tall one (horse, deer) on long legs.
  p.ell(0.45, stocky ? 0.5 : 0.45, 0.33, stocky ? 0.26 : 0.2, col) +
  p.poly([0.68, 0.45, 0.78, 0.45, 0.92, neck + 0.08, 0.82, neck + 0.1], col) +
  p.ell(0.9, neck + 0.06, 0.1, 0.08, col) +
  p.poly([0.88, neck, 0.91, 0, 0.94, neck + 0.02], col) +
  [0.2, 0.32, 0.55, 0.67].map((u) => p.rect(u, stocky ? 0.66 : 0.5, 0.06, stocky ? 0.34 : 0.5, dark)).join("") +
  (tail ? p.poly([0.14, 0.4, 0, 0.55, 0.03, 0.6, 0.16, 0.48], col) : p.poly([0.14, 0.38, 0, 0.36, 0.13, 0.46], col));

export const BEING_MOTIFS: Motif[] = [
  ...(["standing", "walking", "sitting", "kneeling", "reaching"] as const).map(person),
  beast("dog", "dog", 1.4, 0.13, 30, 40, 40, (p, col, dark) => quadruped(p, col, dark, 0.12, true, true)),
  beast("wolf", "wolf", 1.5, 0.15, 220, 8, 45, (p, col, dark) => quadruped(p, col, dark, 0.08, true, true)),
  beast(
    "fox",
    "fox",
    1.6,
    0.11,
    22,
    80,
    48,
    (p, col, dark) =>
      quadruped(p, col, dark, 0.15, true, true) +
      p.path(["M", 0.14, 0.45, "Q", 0, 0.5, 0, 0.8, "Q", 0.1, 0.7, 0.2, 0.55, "Z"], col) +
      p.ell(0.03, 0.78, 0.03, 0.04, "#f3eee6"),
  ),
  beast("horse", "horse", 1.2, 0.3, 25, 45, 30, (p, col, dark) => quadruped(p, col, dark, 0.05, true)),
  beast(
    "deer",
    "deer",
    1.05,
    0.26,
    28,
    50,
    40,
    (p, col, dark) =>
      quadruped(p, col, dark, 0.18, false) +
      p.poly([0.86, 0.2, 0.78, 0.02, 0.84, 0.05, 0.88, 0.18], dark) +
      p.poly([0.94, 0.2, 1, 0.02, 0.95, 0.05, 0.92, 0.18], dark),
  ),
  beast(
    "cat",
    "cat",
    1.1,
    0.09,
    0,
    0,
    25,
    (p, col) =>
      p.ell(0.45, 0.65, 0.35, 0.3, col) +
      p.ell(0.78, 0.35, 0.18, 0.2, col) +
      p.poly([0.64, 0.25, 0.66, 0, 0.74, 0.18], col) +
      p.poly([0.82, 0.18, 0.92, 0, 0.93, 0.28], col) +
      p.poly([0.12, 0.7, 0, 0.3, 0.04, 0.28, 0.2, 0.65], col) +
      p.rect(0.3, 0.9, 0.4, 0.1, col),
  ),
  beast(
    "rabbit",
    "rabbit",
    1,
    0.07,
    30,
    15,
    60,
    (p, col) =>
      p.ell(0.4, 0.7, 0.35, 0.3, col) +
      p.ell(0.75, 0.5, 0.18, 0.17, col) +
      p.ell(0.72, 0.2, 0.05, 0.2, col) +
      p.ell(0.84, 0.22, 0.05, 0.2, col) +
      p.ell(0.08, 0.65, 0.08, 0.08, col) +
      p.rect(0.05, 0.95, 0.9, 0.05, col),
  ),
  beast("bird", "bird", 1.6, 0.05, 0, 0, 12, (p, col) =>
    p.path(["M", 0, 0, "Q", 0.25, 0, 0.5, 0.7, "Q", 0.75, 0, 1, 0, "Q", 0.75, 0.3, 0.5, 1, "Q", 0.25, 0.3, 0, 0, "Z"], col),
  ),
  beast(
    "owl",
    "owl",
    0.7,
    0.1,
    30,
    30,
    35,
    (p, col, dark, c) =>
      p.ell(0.5, 0.55, 0.5, 0.45, col) +
      p.poly([0.05, 0.3, 0.1, 0, 0.3, 0.15], col) +
      p.poly([0.95, 0.3, 0.9, 0, 0.7, 0.15], col) +
      p.ell(0.33, 0.35, 0.12, 0.09, c.glow) +
      p.ell(0.67, 0.35, 0.12, 0.09, c.glow),
  ),
  beast(
    "fish",
    "fish",
    2.2,
    0.05,
    200,
    50,
    55,
    (p, col) => p.ell(0.45, 0.5, 0.4, 0.4, col) + p.poly([0.8, 0.5, 1, 0, 1, 1], col) + p.ell(0.2, 0.45, 0.04, 0.08, "#111"),
  ),
  beast("whale", "whale", 2.6, 0.16, 215, 30, 30, (p, col) =>
    p.path(
      [
        "M",
        0,
        0.55,
        "Q",
        0.05,
        -0.1,
        0.5,
        0.1,
        "Q",
        0.75,
        0.15,
        0.85,
        0.45,
        "L",
        1,
        0.2,
        "L",
        0.97,
        0.7,
        "Q",
        0.8,
        0.6,
        0.7,
        0.8,
        "Q",
        0.4,
        1.1,
        0.1,
        0.9,
        "Q",
        0,
        0.8,
        0,
        0.55,
        "Z",
      ],
      col,
    ),
  ),
  beast(
    "dragon",
    "dragon",
    1.6,
    0.42,
    140,
    45,
    28,
    (p, col, dark) =>
      p.ell(0.45, 0.55, 0.28, 0.2, col) +
      p.poly([0.3, 0.45, 0.05, 0, 0.5, 0.35], dark) +
      p.poly([0.5, 0.45, 0.6, 0.02, 0.72, 0.4], dark) +
      p.poly([0.65, 0.5, 0.85, 0.25, 0.9, 0.3, 0.75, 0.58], col) +
      p.poly([0.85, 0.2, 1, 0.25, 0.92, 0.35], col) +
      p.poly([0.2, 0.6, 0, 0.8, 0.05, 0.85, 0.25, 0.68], col) +
      [0.3, 0.55].map((u) => p.rect(u, 0.65, 0.07, 0.35, dark)).join(""),
  ),
  beast("snake", "snake", 2.5, 0.05, 100, 45, 35, (p, col) => {
    const top: number[] = [];
    const bottom: number[] = [];
    for (let i = 0; i <= 20; i++) {
      const u = i / 20;
      const v = 0.5 + 0.38 * Math.sin(u * Math.PI * 3);
      top.push(u, v - 0.12);
      bottom.unshift(u, v + 0.12);
    }
    return p.poly([...top, ...bottom], col);
  }),
  beast(
    "crow",
    "crow",
    1.3,
    0.06,
    0,
    0,
    10,
    (p, col) =>
      p.ell(0.45, 0.5, 0.3, 0.25, col) +
      p.ell(0.75, 0.17, 0.13, 0.17, col) +
      p.poly([0.85, 0.12, 1, 0.2, 0.85, 0.25], col) +
      p.poly([0.2, 0.45, 0, 0.7, 0.22, 0.62], col) +
      p.rect(0.4, 0.7, 0.03, 0.3, col) +
      p.rect(0.5, 0.7, 0.03, 0.3, col),
  ),
];

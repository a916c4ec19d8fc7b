import { pen } from "./draw";
import type { Motif } from "./types";

// Ground, ranges, sky and rooms: the backdrops a frame is built on. Every motif spans its box.

const waves = (p: ReturnType<typeof pen>, stroke: string, n: number, seed: number): string => {
  let out = "";
  for (let i = 0; i < n; i++) {
    const v = 0.04 + ((i * 0.618 + seed) % 1) * 0.92;
    const u = (i * 0.377 + seed * 3) % 0.85;
    out += p.line(u, v, u + 0.05 + v * 0.1, v, stroke, 1.5 + v * 3, 0.5);
  }
  return out;
};

export const LAND_MOTIFS: Motif[] = [
  {
    id: "sea",
    label: "sea",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      const storm = c.weather === "storm";
      let out = p.rect(0, 0, 1, 1, c.ink(205, 45, storm ? 26 : 34)) + p.rect(0, 0.45, 1, 0.55, c.ink(210, 50, storm ? 18 : 24));
      if (storm)
        for (let i = 0; i < 9; i++)
          out += p.path(["M", i / 9, 0.5, "Q", i / 9 + 0.05, 0.2 + (i % 3) * 0.1, i / 9 + 0.11, 0.5, "Z"], c.ink(205, 30, 40), 0.8);
      return out + waves(p, c.ink(200, 40, 70), 28, 0.31);
    },
  },
  {
    id: "desert",
    label: "desert",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0, 1, 1, c.ink(38, 60, 62)) +
        p.path(["M", 0, 0.5, "Q", 0.3, 0.05, 0.6, 0.45, "Q", 0.8, 0.7, 1, 0.35, "L", 1, 1, "L", 0, 1, "Z"], c.ink(32, 62, 54)) +
        p.path(["M", 0, 0.85, "Q", 0.5, 0.55, 1, 0.8, "L", 1, 1, "L", 0, 1, "Z"], c.ink(28, 60, 46))
      );
    },
  },
  {
    id: "snowfield",
    label: "snowfield",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0, 1, 1, c.ink(210, 30, 88)) +
        p.path(["M", 0, 0.6, "Q", 0.4, 0.35, 1, 0.65, "L", 1, 1, "L", 0, 1, "Z"], c.ink(215, 35, 80))
      );
    },
  },
  {
    id: "meadow",
    label: "meadow",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0, 1, 1, c.ink(100, 40, 36)) + p.path(["M", 0, 0.4, "Q", 0.5, 0.2, 1, 0.5, "L", 1, 1, "L", 0, 1, "Z"], c.ink(95, 42, 30));
      for (let i = 0; i < 18; i++)
        out += p.ell(((i * 0.53) % 1) * 0.96 + 0.02, 0.3 + ((i * 0.29) % 0.65), 0.004, 0.01, c.ink(50 + (i % 3) * 120, 70, 65));
      return out;
    },
  },
  {
    id: "swamp",
    label: "swamp",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0, 0, 1, 1, c.ink(90, 25, 24));
      for (let i = 0; i < 6; i++) out += p.ell(0.1 + i * 0.16, 0.3 + (i % 3) * 0.22, 0.08, 0.06, c.ink(170, 25, 30));
      return out;
    },
  },
  {
    id: "beach",
    label: "beach",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0, 1, 1, c.ink(200, 50, 40)) +
        p.path(["M", 0, 0.45, "Q", 0.5, 0.3, 1, 0.55, "L", 1, 1, "L", 0, 1, "Z"], c.ink(42, 55, 70)) +
        p.path(["M", 0, 0.45, "Q", 0.5, 0.3, 1, 0.55, "L", 1, 0.58, "Q", 0.5, 0.34, 0, 0.49, "Z"], c.ink(0, 0, 95))
      );
    },
  },
  {
    id: "street",
    label: "city street",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0, 0, 1, 1, c.ink(220, 8, 30)) + p.poly([0.42, 0, 0.58, 0, 1, 1, 0, 1], c.ink(220, 6, 22));
      for (let i = 0; i < 5; i++)
        out += p.poly(
          [0.497, 0.05 + i * 0.2, 0.503, 0.05 + i * 0.2, 0.506 + i * 0.002, 0.15 + i * 0.2, 0.494 - i * 0.002, 0.15 + i * 0.2],
          c.ink(50, 60, 70),
        );
      return out;
    },
  },
  {
    id: "river",
    label: "river",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0, 1, 1, c.ink(100, 38, 34)) +
        p.path(["M", 0.45, 0, "L", 0.52, 0, "Q", 0.7, 0.5, 0.75, 1, "L", 0.25, 1, "Q", 0.35, 0.5, 0.45, 0, "Z"], c.ink(205, 50, 45))
      );
    },
  },
  {
    id: "lake",
    label: "lake",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0, 1, 1, c.ink(105, 35, 34)) +
        p.ell(0.5, 0.45, 0.4, 0.35, c.ink(205, 50, 45)) +
        waves(pen({ x: b.x + b.w * 0.2, y: b.y + b.h * 0.2, w: b.w * 0.6, h: b.h * 0.5 }), c.ink(200, 40, 75), 8, 0.2)
      );
    },
  },
  {
    id: "mountains",
    label: "mountains",
    layer: "range",
    aspect: 5,
    size: 0.3,
    draw(b, c) {
      const p = pen(b);
      const rock = c.ink(230, 14, 40);
      return (
        p.poly([0, 1, 0, 0.55, 0.15, 0.2, 0.3, 0.6, 0.45, 0, 0.62, 0.5, 0.78, 0.15, 1, 0.6, 1, 1], rock) +
        p.poly([0.45, 0, 0.51, 0.18, 0.47, 0.15, 0.43, 0.2, 0.39, 0.17], c.ink(0, 0, 94)) +
        p.poly([0.78, 0.15, 0.82, 0.28, 0.77, 0.25, 0.74, 0.3], c.ink(0, 0, 94))
      );
    },
  },
  {
    id: "hills",
    label: "hills",
    layer: "range",
    aspect: 5,
    size: 0.2,
    draw(b, c) {
      const p = pen(b);
      return p.path(["M", 0, 1, "L", 0, 0.5, "Q", 0.2, -0.474, 0.45, 0.45, "Q", 0.7, -0.424, 1, 0.4, "L", 1, 1, "Z"], c.ink(110, 28, 30));
    },
  },
  {
    id: "forest",
    label: "forest",
    layer: "range",
    aspect: 5,
    size: 0.26,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0, 0.6, 1, 0.4, c.ink(130, 35, 18));
      for (let i = 0; i <= 24; i++) {
        const u = i / 24;
        const top = 0.05 + ((i * 0.37) % 0.35);
        out += p.poly(
          [Math.max(0, u - 0.035), 0.75, u, i === 9 ? 0 : top, Math.min(1, u + 0.035), 0.75],
          c.ink(135 + (i % 3) * 8, 38, 16 + (i % 4) * 3),
        );
      }
      return out;
    },
  },
  {
    id: "city",
    label: "city skyline",
    layer: "range",
    aspect: 5,
    size: 0.35,
    draw(b, c) {
      const p = pen(b);
      let out = "";
      const lit = c.time === "night" || c.time === "dusk";
      for (let i = 0; i < 14; i++) {
        const u = i / 14;
        const top = i === 6 ? 0 : 0.15 + ((i * 0.41) % 0.6);
        out += p.rect(u, top, 1 / 14 + 0.004, 1 - top, c.ink(225, 12, 22 + (i % 3) * 4));
        for (let k = 0; k < 6; k++)
          if ((i + k) % 3 !== 0)
            out += p.rect(u + 0.015, top + 0.06 + k * ((1 - top) / 7), 0.012, 0.04, lit ? c.glow : c.ink(210, 20, 55), lit ? 0.9 : 0.5);
      }
      return out;
    },
  },
  {
    id: "sun",
    label: "sun",
    layer: "sky",
    aspect: 1,
    size: 0.12,
    draw(b, c) {
      const p = pen(b);
      return p.ell(0.5, 0.5, 0.5, 0.5, c.ink(45, 95, 80), 0.35) + p.ell(0.5, 0.5, 0.36, 0.36, c.ink(45, 100, 72));
    },
  },
  {
    id: "moon",
    label: "moon",
    layer: "sky",
    aspect: 1,
    size: 0.1,
    draw(b) {
      const p = pen(b);
      return p.ell(0.5, 0.5, 0.5, 0.5, "#f4f1de") + p.ell(0.38, 0.4, 0.1, 0.1, "#d8d4bd") + p.ell(0.65, 0.66, 0.07, 0.07, "#d8d4bd");
    },
  },
  {
    id: "storm-cloud",
    label: "storm clouds",
    layer: "sky",
    aspect: 4,
    size: 0.3,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0, 0, 1, 0.55, c.ink(235, 12, 22));
      for (let i = 0; i < 9; i++)
        out += p.ell(0.06 + i * 0.11, 0.55 + (i % 2) * 0.1, 0.07, 0.45 - (i % 2) * 0.1, c.ink(235, 10, 18 + (i % 3) * 4));
      return out;
    },
  },
  {
    id: "cloud",
    label: "cloud",
    layer: "sky",
    aspect: 2.2,
    size: 0.12,
    draw(b, c) {
      const p = pen(b);
      return (
        p.ell(0.25, 0.65, 0.25, 0.35, c.ink(0, 0, 92)) +
        p.ell(0.55, 0.45, 0.3, 0.45, c.ink(0, 0, 95)) +
        p.ell(0.8, 0.65, 0.2, 0.35, c.ink(0, 0, 90))
      );
    },
  },
  {
    id: "planet",
    label: "planet",
    layer: "sky",
    aspect: 2,
    size: 0.18,
    draw(b, c) {
      const p = pen(b);
      return (
        p.ell(0.5, 0.5, 0.5, 0.12, c.ink(40, 50, 70)) +
        p.ell(0.5, 0.5, 0.25, 0.5, c.ink(280, 35, 50)) +
        p.ell(0.45, 0.4, 0.15, 0.25, c.ink(280, 35, 62)) +
        p.path(["M", 0.25, 0.5, "Q", 0.5, 0.72, 0.75, 0.5, "L", 0.75, 0.56, "Q", 0.5, 0.78, 0.25, 0.56, "Z"], c.ink(40, 50, 70))
      );
    },
  },
  {
    id: "lightning",
    label: "lightning",
    layer: "sky",
    aspect: 0.35,
    size: 0.35,
    draw(b) {
      return pen(b).poly([0.55, 0, 1, 0, 0.6, 0.4, 0.9, 0.4, 0, 1, 0.35, 0.5, 0.05, 0.5], "#fffbe0");
    },
  },
  ...(
    [
      ["room", "room", 28, 30, 45],
      ["hall", "hall", 35, 10, 40],
      ["cellar", "cellar", 25, 15, 20],
      ["library-room", "library", 20, 35, 32],
    ] as const
  ).map(([id, label, hue, sat, light]): Motif => ({
    id,
    label,
    layer: "room",
    aspect: 16 / 9,
    size: 1,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0, 1, 1, c.ink(hue, sat, light * 0.7)) +
        p.rect(0.12, 0.08, 0.76, 0.62, c.ink(hue, sat, light)) +
        p.poly([0, 1, 0.12, 0.7, 0.88, 0.7, 1, 1], c.ink(hue + 10, sat, light * 0.55));
      for (let i = 1; i < 8; i++) out += p.line(0.12 + i * 0.095, 0.7, -0.1 + i * 0.15, 1, c.ink(hue, sat, light * 0.4), 2);
      if (id === "hall" || id === "cellar")
        for (let i = 0; i < 6; i++) out += p.rect(0.12, 0.08 + i * 0.1, 0.76, 0.006, c.ink(hue, sat, light * 0.6));
      return out;
    },
  })),
];

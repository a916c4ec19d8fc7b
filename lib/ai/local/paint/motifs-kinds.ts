import { pen } from "./draw";
import type { Ctx, Motif } from "./types";

// Motifs for what the library has no picture of, by the kind the lexicon gives the noun: a
// greenhouse is a glass house with plants, a samovar a machine, a cormorant a bird, a comet a
// bright body with a tail; and the grounds of places with no weather (a comet's ice, the sea
// floor). Each is drawn with the noun as its label (compose.ts), so nothing named is dropped.

const glassy = (c: Ctx, l = 78): string => c.ink(190, 35, l);

export const KIND_MOTIFS: Motif[] = [
  {
    id: "glasshouse",
    label: "glasshouse",
    layer: "landmark",
    aspect: 1.5,
    size: 0.3,
    draw(b, c) {
      const p = pen(b);
      let out = p.poly([0, 0.35, 0.5, 0, 1, 0.35, 1, 1, 0, 1], glassy(c), 0.75) + p.poly([0, 0.35, 0.5, 0, 1, 0.35], glassy(c, 88), 0.8);
      for (let k = 1; k < 6; k++) out += p.line(k / 6, 0.35 - (0.5 - Math.abs(k / 6 - 0.5)) * 0.7, k / 6, 1, c.ink(200, 15, 40), 2);
      for (let k = 0; k < 5; k++) out += p.ell(0.14 + k * 0.18, 0.82, 0.07, 0.12, c.ink(120, 45, 32 + (k % 2) * 6));
      return out + p.rect(0, 0.94, 1, 0.06, c.ink(25, 30, 28));
    },
  },
  {
    id: "building",
    label: "building",
    layer: "landmark",
    aspect: 1.2,
    size: 0.36,
    draw(b, c) {
      const p = pen(b);
      let out = p.poly([0, 0.3, 0.5, 0, 1, 0.3], c.ink(10, 30, 32)) + p.rect(0.05, 0.3, 0.9, 0.7, c.ink(30, 18, 55));
      for (let r = 0; r < 2; r++) for (let k = 0; k < 3; k++) out += p.rect(0.15 + k * 0.28, 0.4 + r * 0.25, 0.14, 0.14, c.glow, 0.85);
      return out + p.rect(0.43, 0.76, 0.14, 0.24, c.ink(25, 40, 24));
    },
  },
  {
    id: "machine",
    label: "machine",
    layer: "prop",
    aspect: 1.1,
    size: 0.16,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0.15, 1, 0.85, c.ink(210, 12, 42)) +
        p.rect(0.08, 0.25, 0.5, 0.35, c.ink(190, 40, 22)) +
        p.line(0.12, 0.5, 0.54, 0.32, c.ink(150, 70, 60), 2);
      for (let k = 0; k < 3; k++) out += p.ell(0.78, 0.3 + k * 0.2, 0.07, 0.06, k === 0 ? c.glow : c.ink(0, 0, 70));
      return out + p.rect(0.3, 0, 0.06, 0.15, c.ink(0, 0, 30)) + p.rect(0, 0.92, 1, 0.08, c.ink(0, 0, 20));
    },
  },
  {
    id: "plant",
    label: "plant",
    layer: "prop",
    aspect: 0.8,
    size: 0.18,
    draw(b, c) {
      const p = pen(b);
      let out = p.poly([0.3, 0.78, 0.7, 0.78, 0.62, 1, 0.38, 1], c.ink(18, 55, 40));
      // Seven leaves fanning out from the pot: the outer ones reach the box's sides, the middle one its top.
      for (let k = 0; k < 7; k++) {
        const tipU = k / 6;
        const tipV = Math.abs(k - 3) * 0.12;
        out += p.poly([0.46, 0.8, tipU, tipV, 0.54, 0.8], c.ink(115, 45, 28 + (k % 3) * 7));
      }
      return out;
    },
  },
  {
    id: "food",
    label: "food",
    layer: "prop",
    aspect: 1.6,
    size: 0.08,
    draw(b, c) {
      const p = pen(b);
      return (
        p.ell(0.5, 0.35, 0.4, 0.35, c.ink(30, 70, 45)) +
        p.ell(0.38, 0.3, 0.14, 0.14, c.ink(5, 65, 48)) +
        p.ell(0.62, 0.32, 0.12, 0.12, c.ink(50, 75, 55)) +
        p.path(["M", 0, 0.55, "Q", 0.5, 1.1, 1, 0.55, "Z"], c.ink(40, 10, 85)) +
        p.rect(0.3, 0.9, 0.4, 0.1, c.ink(40, 10, 70))
      );
    },
  },
  {
    id: "garment",
    label: "garment",
    layer: "prop",
    aspect: 0.6,
    size: 0.22,
    draw(b, c) {
      const p = pen(b);
      return (
        p.line(0.5, 0, 0.5, 1, c.ink(25, 40, 25), 3) +
        p.rect(0.2, 0.05, 0.6, 0.04, c.ink(25, 40, 25)) +
        p.poly([0.3, 0.08, 0.7, 0.08, 1, 0.75, 0, 0.75], c.ink((c.look.hue + 150) % 360, 45, 38)) +
        p.rect(0.35, 0.92, 0.3, 0.08, c.ink(25, 40, 25))
      );
    },
  },
  {
    id: "creature",
    label: "creature",
    layer: "figure",
    aspect: 1.3,
    size: 0.14,
    draw(b, c) {
      const p = pen(b);
      const col = c.ink(30, 30, 38);
      return (
        p.ell(0.45, 0.5, 0.32, 0.22, col) +
        p.ell(0.86, 0.26, 0.14, 0.14, col) +
        p.ell(0.9, 0.22, 0.025, 0.025, c.ink(0, 0, 90)) +
        p.rect(0.22, 0.65, 0.08, 0.35, col) +
        p.rect(0.58, 0.65, 0.08, 0.35, col) +
        p.poly([0.16, 0.42, 0, 0, 0.06, 0, 0.2, 0.4], col)
      );
    },
  },
  {
    id: "comet",
    label: "comet",
    layer: "sky",
    aspect: 3,
    size: 0.14,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(["M", 0.82, 0.35, "L", 0, 0, "L", 0.05, 0.45, "Z"], c.ink(190, 60, 85), 0.35) +
        p.path(["M", 0.82, 0.65, "L", 0, 1, "L", 0.04, 0.6, "Z"], c.ink(200, 50, 80), 0.25) +
        p.ell(0.85, 0.5, 0.15, 0.5, c.ink(190, 70, 80), 0.5) +
        p.ell(0.86, 0.5, 0.08, 0.24, c.ink(50, 20, 96))
      );
    },
  },
  {
    id: "regolith",
    label: "icy ground",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0, 1, 1, c.ink(215, 10, 52)) +
        p.path(["M", 0, 0.3, "Q", 0.3, 0.1, 0.55, 0.28, "Q", 0.8, 0.42, 1, 0.2, "L", 1, 1, "L", 0, 1, "Z"], c.ink(210, 12, 44));
      for (let k = 0; k < 7; k++) out += p.ell(0.08 + k * 0.14, 0.45 + (k % 3) * 0.16, 0.05 + (k % 2) * 0.03, 0.03, c.ink(215, 14, 32));
      return out;
    },
  },
  {
    id: "rock-floor",
    label: "rock floor",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0, 1, 1, c.ink(25, 12, 26)) +
        p.path(["M", 0, 0.35, "Q", 0.3, 0.15, 0.6, 0.3, "Q", 0.85, 0.42, 1, 0.25, "L", 1, 1, "L", 0, 1, "Z"], c.ink(28, 14, 20));
      for (let k = 0; k < 6; k++)
        out += p.poly([0.05 + k * 0.17, 0.6, 0.1 + k * 0.17, 0.45 + (k % 2) * 0.08, 0.16 + k * 0.17, 0.6], c.ink(30, 10, 34));
      return out;
    },
  },
  {
    id: "seabed",
    label: "sea floor",
    layer: "terrain",
    aspect: 3,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0, 1, 1, c.ink(45, 30, 38)) +
        p.path(["M", 0, 0.25, "Q", 0.25, 0.05, 0.5, 0.22, "Q", 0.75, 0.38, 1, 0.15, "L", 1, 1, "L", 0, 1, "Z"], c.ink(40, 32, 30));
      for (let k = 0; k < 6; k++)
        out += p.path(
          [
            "M",
            0.1 + k * 0.16,
            0.55,
            "Q",
            0.06 + k * 0.16,
            0.2,
            0.12 + k * 0.16,
            0.05,
            "Q",
            0.14 + k * 0.16,
            0.3,
            0.13 + k * 0.16,
            0.55,
            "Z",
          ],
          c.ink(150, 40, 30),
        );
      return out;
    },
  },
];

import { pen } from "./draw";
import type { Motif } from "./types";

// Landmarks people built: buildings, towers, bridges, stalls and monuments, standing mid-distance on the ground.

/** Stone in the frame's light: grey, `l` light. */
export const stone = (c: Parameters<Motif["draw"]>[1], l = 46): string => c.ink(30, 10, l);

export const BUILT_MOTIFS: Motif[] = [
  {
    id: "lighthouse",
    label: "lighthouse",
    layer: "landmark",
    aspect: 0.5,
    size: 0.62,
    draw(b, c) {
      const p = pen(b);
      let out = p.path(["M", 0, 1, "Q", 0.1, 0.84, 0.3, 0.86, "L", 0.75, 0.84, "Q", 0.95, 0.86, 1, 1, "Z"], stone(c, 30));
      out += p.poly([0.3, 0.86, 0.37, 0.3, 0.63, 0.3, 0.7, 0.86], c.ink(0, 5, 92));
      for (const v of [0.42, 0.62])
        out += p.poly(
          [
            0.37 - (v - 0.3) * 0.12,
            v,
            0.63 + (v - 0.3) * 0.12,
            v,
            0.64 + (v + 0.1 - 0.3) * 0.12,
            v + 0.1,
            0.36 - (v + 0.1 - 0.3) * 0.12,
            v + 0.1,
          ],
          c.ink(355, 70, 45),
        );
      out +=
        p.rect(0.3, 0.27, 0.4, 0.035, c.ink(0, 0, 20)) +
        p.rect(0.38, 0.13, 0.24, 0.14, c.glow) +
        p.rect(0.47, 0.13, 0.06, 0.14, c.ink(0, 0, 20), 0.6);
      return out + p.poly([0.34, 0.13, 0.5, 0, 0.66, 0.13], c.ink(0, 0, 18));
    },
  },
  {
    id: "tower",
    label: "tower",
    layer: "landmark",
    aspect: 0.35,
    size: 0.6,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0.12, 0.1, 0.76, 0.9, stone(c));
      for (let i = 0; i < 4; i++) out += p.rect(i * 0.27, 0, 0.19, 0.12, stone(c));
      out += p.rect(0, 0.08, 1, 0.05, stone(c, 40));
      return (
        out +
        p.path(["M", 0.4, 0.4, "Q", 0.5, 0.3, 0.6, 0.4, "L", 0.6, 0.5, "L", 0.4, 0.5, "Z"], c.glow) +
        p.rect(0.38, 0.85, 0.24, 0.15, c.ink(25, 40, 18))
      );
    },
  },
  {
    id: "bell-tower",
    label: "bell tower",
    layer: "landmark",
    aspect: 0.35,
    size: 0.62,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0.1, 0.35, 0.8, 0.65, stone(c)) +
        p.rect(0.05, 0.15, 0.9, 0.22, stone(c, 40)) +
        p.path(["M", 0.2, 0.37, "L", 0.2, 0.24, "Q", 0.5, 0.14, 0.8, 0.24, "L", 0.8, 0.37, "Z"], c.ink(0, 0, 12)) +
        p.path(["M", 0.36, 0.33, "Q", 0.38, 0.22, 0.5, 0.21, "Q", 0.62, 0.22, 0.64, 0.33, "Z"], c.ink(42, 70, 50)) +
        p.poly([0, 0.15, 0.5, 0, 1, 0.15], c.ink(10, 35, 28))
      );
    },
  },
  {
    id: "castle",
    label: "castle",
    layer: "landmark",
    aspect: 1.4,
    size: 0.5,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0.1, 0.45, 0.8, 0.55, stone(c, 42));
      for (const u of [0, 0.82])
        out += p.rect(u, 0.2, 0.18, 0.8, stone(c, 38)) + p.poly([u - 0.01, 0.2, u + 0.09, 0, u + 0.19, 0.2], c.ink(0, 45, 30));
      for (let i = 0; i < 6; i++) out += p.rect(0.12 + i * 0.13, 0.39, 0.07, 0.07, stone(c, 42));
      return (
        out +
        p.path(["M", 0.42, 1, "L", 0.42, 0.72, "Q", 0.5, 0.62, 0.58, 0.72, "L", 0.58, 1, "Z"], c.ink(25, 40, 16)) +
        p.rect(0.07, 0.35, 0.04, 0.08, c.glow) +
        p.rect(0.89, 0.35, 0.04, 0.08, c.glow)
      );
    },
  },
  {
    id: "house",
    label: "house",
    layer: "landmark",
    aspect: 1.1,
    size: 0.34,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0.08, 0.42, 0.84, 0.58, c.ink(30, 35, 60)) +
        p.poly([0, 0.45, 0.5, 0, 1, 0.45], c.ink(8, 50, 35)) +
        p.rect(0.68, 0.08, 0.1, 0.2, c.ink(8, 30, 30)) +
        p.rect(0.42, 0.68, 0.16, 0.32, c.ink(25, 45, 22)) +
        p.rect(0.16, 0.55, 0.16, 0.16, c.glow) +
        p.rect(0.68, 0.55, 0.16, 0.16, c.glow)
      );
    },
  },
  {
    id: "church",
    label: "church",
    layer: "landmark",
    aspect: 0.9,
    size: 0.5,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0.35, 0.5, 0.65, 0.5, c.ink(35, 15, 70)) +
        p.poly([0.33, 0.52, 0.67, 0.3, 1, 0.52], c.ink(0, 30, 30)) +
        p.rect(0, 0.3, 0.3, 0.7, c.ink(35, 15, 65)) +
        p.poly([0, 0.3, 0.15, 0, 0.3, 0.3], c.ink(0, 30, 28)) +
        p.path(["M", 0.6, 0.75, "Q", 0.67, 0.6, 0.74, 0.75, "L", 0.74, 0.9, "L", 0.6, 0.9, "Z"], c.glow) +
        p.rect(0.1, 0.75, 0.1, 0.25, c.ink(25, 40, 20))
      );
    },
  },
  {
    id: "temple",
    label: "temple",
    layer: "landmark",
    aspect: 1.3,
    size: 0.38,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.poly([0, 0.25, 0.5, 0, 1, 0.25], c.ink(40, 20, 75)) +
        p.rect(0, 0.25, 1, 0.06, c.ink(40, 20, 70)) +
        p.rect(0, 0.9, 1, 0.1, c.ink(40, 20, 68));
      for (let i = 0; i < 6; i++) out += p.rect(0.05 + i * 0.17, 0.31, 0.07, 0.59, c.ink(40, 15, 80));
      return out;
    },
  },
  {
    id: "windmill",
    label: "windmill",
    layer: "landmark",
    aspect: 0.8,
    size: 0.5,
    draw(b, c) {
      const p = pen(b);
      return (
        p.poly([0.32, 1, 0.4, 0.38, 0.6, 0.38, 0.68, 1], c.ink(35, 25, 70)) +
        p.poly([0.38, 0.4, 0.5, 0.3, 0.62, 0.4], c.ink(10, 40, 35)) +
        p.poly([0.5, 0.35, 0.05, 0, 0, 0.08], c.ink(30, 20, 85)) +
        p.poly([0.5, 0.35, 0.95, 0, 1, 0.08], c.ink(30, 20, 85)) +
        p.poly([0.5, 0.35, 0.05, 0.7, 0, 0.62], c.ink(30, 20, 85)) +
        p.poly([0.5, 0.35, 0.95, 0.7, 1, 0.62], c.ink(30, 20, 85))
      );
    },
  },
  {
    id: "bridge",
    label: "bridge",
    layer: "landmark",
    aspect: 3.2,
    size: 0.2,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(["M", 0, 0.15, "L", 1, 0.15, "L", 1, 1, "L", 0.85, 1, "Q", 0.5, 0.1, 0.15, 1, "L", 0, 1, "Z"], stone(c, 44)) +
        p.rect(0, 0, 1, 0.15, stone(c, 36))
      );
    },
  },
  {
    id: "ruins",
    label: "ruins",
    layer: "landmark",
    aspect: 1.4,
    size: 0.32,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0.2, 0.14, 0.8, stone(c, 55)) +
        p.poly([0.3, 1, 0.3, 0, 0.44, 0.12, 0.44, 1], stone(c, 50)) +
        p.poly([0.6, 1, 0.6, 0.45, 0.74, 0.55, 0.74, 1], stone(c, 52)) +
        p.rect(0, 0.14, 0.5, 0.08, stone(c, 45)) +
        p.poly([0.8, 1, 0.85, 0.8, 1, 0.85, 1, 1], stone(c, 40))
      );
    },
  },
  {
    id: "archway",
    label: "gate",
    layer: "landmark",
    aspect: 0.9,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(
          ["M", 0, 1, "L", 0, 0, "L", 1, 0, "L", 1, 1, "L", 0.75, 1, "L", 0.75, 0.45, "Q", 0.5, 0.15, 0.25, 0.45, "L", 0.25, 1, "Z"],
          stone(c, 44),
        ) + p.rect(0.45, 0.05, 0.1, 0.1, stone(c, 34))
      );
    },
  },
  {
    id: "market-stall",
    label: "market stall",
    layer: "landmark",
    aspect: 1.2,
    size: 0.3,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0.05, 0.3, 0.05, 0.7, c.ink(25, 40, 28)) +
        p.rect(0.9, 0.3, 0.05, 0.7, c.ink(25, 40, 28)) +
        p.rect(0.05, 0.62, 0.9, 0.38, c.ink(28, 45, 35));
      for (let i = 0; i < 6; i++)
        out += p.poly(
          [i / 6, 0.3, i / 6 + 0.03, 0, i / 6 + 1 / 6 - 0.03, 0, (i + 1) / 6, 0.3],
          i % 2 === 0 ? c.ink(0, 70, 50) : c.ink(0, 0, 92),
        );
      for (let i = 0; i < 7; i++) out += p.ell(0.15 + i * 0.11, 0.58, 0.045, 0.05, c.ink(20 + i * 40, 70, 50));
      return out;
    },
  },
  {
    id: "tent",
    label: "tent",
    layer: "landmark",
    aspect: 1.4,
    size: 0.26,
    draw(b, c) {
      const p = pen(b);
      return p.poly([0, 1, 0.5, 0, 1, 1], c.ink(30, 40, 55)) + p.poly([0.4, 1, 0.5, 0.45, 0.6, 1], c.ink(30, 40, 18));
    },
  },
  {
    id: "statue",
    label: "statue",
    layer: "landmark",
    aspect: 0.45,
    size: 0.4,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0.75, 1, 0.25, stone(c, 50)) +
        p.ell(0.5, 0.08, 0.14, 0.08, stone(c, 62)) +
        p.poly([0.3, 0.18, 0.7, 0.18, 0.78, 0.75, 0.22, 0.75], stone(c, 62)) +
        p.poly([0.7, 0.2, 0.95, 0, 1, 0.04, 0.74, 0.3], stone(c, 62))
      );
    },
  },
  {
    id: "pyramid",
    label: "pyramid",
    layer: "landmark",
    aspect: 1.7,
    size: 0.38,
    draw(b, c) {
      const p = pen(b);
      return p.poly([0, 1, 0.5, 0, 1, 1], c.ink(38, 55, 58)) + p.poly([0.5, 0, 1, 1, 0.6, 1], c.ink(35, 50, 42));
    },
  },
  {
    id: "skyscraper",
    label: "skyscraper",
    layer: "landmark",
    aspect: 0.3,
    size: 0.75,
    draw(b, c) {
      const p = pen(b);
      let out = p.rect(0, 0.06, 1, 0.94, c.ink(215, 15, 30)) + p.rect(0.45, 0, 0.1, 0.06, c.ink(215, 15, 25));
      for (let r = 0; r < 14; r++)
        for (let k = 0; k < 4; k++) if ((r + k) % 3 !== 1) out += p.rect(0.1 + k * 0.22, 0.1 + r * 0.063, 0.12, 0.035, c.glow, 0.8);
      return out;
    },
  },
  {
    id: "well",
    label: "well",
    layer: "landmark",
    aspect: 1,
    size: 0.22,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0.1, 0.55, 0.8, 0.45, stone(c, 48)) +
        p.rect(0.15, 0.15, 0.06, 0.4, c.ink(25, 40, 28)) +
        p.rect(0.79, 0.15, 0.06, 0.4, c.ink(25, 40, 28)) +
        p.poly([0, 0.2, 0.5, 0, 1, 0.2], c.ink(8, 45, 30))
      );
    },
  },
];

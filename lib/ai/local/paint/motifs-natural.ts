import { pen } from "./draw";
import { stone } from "./motifs-built";
import type { Motif } from "./types";

// Great natural features as landmarks: caves, volcanoes, islands and waterfalls, standing mid-distance.

export const NATURAL_MOTIFS: Motif[] = [
  {
    id: "cave",
    label: "cave",
    layer: "landmark",
    aspect: 1.5,
    size: 0.36,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(["M", 0, 1, "Q", 0.05, 0.2, 0.45, 0, "Q", 0.9, 0.05, 1, 1, "Z"], stone(c, 32)) +
        p.path(["M", 0.3, 1, "Q", 0.32, 0.4, 0.5, 0.38, "Q", 0.68, 0.4, 0.7, 1, "Z"], c.ink(0, 0, 5))
      );
    },
  },
  {
    id: "volcano",
    label: "volcano",
    layer: "landmark",
    aspect: 1.8,
    size: 0.42,
    draw(b, c) {
      const p = pen(b);
      return (
        p.poly([0, 1, 0.4, 0.12, 0.6, 0.12, 1, 1], c.ink(15, 20, 22)) +
        p.poly([0.4, 0.12, 0.45, 0, 0.55, 0, 0.6, 0.12], c.ink(20, 95, 55)) +
        p.poly([0.48, 0.12, 0.52, 0.12, 0.58, 0.5, 0.5, 0.45], c.ink(15, 95, 50))
      );
    },
  },
  {
    id: "island",
    label: "island",
    layer: "landmark",
    aspect: 2.4,
    size: 0.22,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(["M", 0, 1, "Q", 0.5, 0.45, 1, 1, "Z"], c.ink(40, 50, 60)) +
        p.path(["M", 0.5, 0.75, "Q", 0.47, 0.35, 0.55, 0.12, "L", 0.57, 0.13, "Q", 0.5, 0.4, 0.53, 0.75, "Z"], c.ink(25, 40, 28)) +
        p.poly([0.55, 0.12, 0.3, 0.05, 0.42, 0, 0.56, 0.08, 0.78, 0.02, 0.8, 0.12], c.ink(120, 50, 30))
      );
    },
  },
  {
    id: "waterfall",
    label: "waterfall",
    layer: "landmark",
    aspect: 0.8,
    size: 0.45,
    draw(b, c) {
      const p = pen(b);
      return (
        p.rect(0, 0, 1, 1, stone(c, 30)) +
        p.path(["M", 0.35, 0, "L", 0.65, 0, "L", 0.72, 1, "L", 0.28, 1, "Z"], c.ink(200, 60, 75)) +
        p.ell(0.5, 0.97, 0.3, 0.05, c.ink(0, 0, 95))
      );
    },
  },
];

import { pen } from "./draw";
import type { Motif } from "./types";

// Vessels as landmarks: ships, boats, trains and rockets, standing mid-distance on the ground or afloat.

export const VESSEL_MOTIFS: Motif[] = [
  {
    id: "ship",
    label: "ship",
    layer: "landmark",
    aspect: 1.1,
    size: 0.42,
    draw(b, c) {
      const p = pen(b);
      return (
        p.poly([0, 0.75, 1, 0.75, 0.85, 1, 0.12, 1], c.ink(20, 45, 22)) +
        p.rect(0.3, 0.02, 0.025, 0.74, c.ink(20, 40, 18)) +
        p.rect(0.65, 0, 0.025, 0.76, c.ink(20, 40, 18)) +
        p.path(["M", 0.12, 0.1, "Q", 0.24, 0.3, 0.14, 0.62, "L", 0.48, 0.62, "Q", 0.58, 0.3, 0.46, 0.1, "Z"], c.ink(40, 30, 85)) +
        p.path(["M", 0.5, 0.08, "Q", 0.6, 0.3, 0.52, 0.6, "L", 0.84, 0.6, "Q", 0.92, 0.3, 0.82, 0.08, "Z"], c.ink(40, 30, 85))
      );
    },
  },
  {
    id: "boat",
    label: "boat",
    layer: "landmark",
    aspect: 2.2,
    size: 0.12,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(["M", 0, 0.45, "L", 1, 0.45, "Q", 0.9, 1, 0.5, 1, "Q", 0.1, 1, 0, 0.45, "Z"], c.ink(22, 50, 32)) +
        p.poly([0.48, 0.45, 0.48, 0, 0.75, 0.45], c.ink(40, 20, 85))
      );
    },
  },
  {
    id: "train",
    label: "train",
    layer: "landmark",
    aspect: 3.2,
    size: 0.16,
    draw(b, c) {
      const p = pen(b);
      let out =
        p.rect(0, 0.2, 0.3, 0.65, c.ink(0, 50, 32)) +
        p.rect(0.06, 0, 0.08, 0.22, c.ink(0, 0, 20)) +
        p.rect(0.32, 0.25, 0.33, 0.6, c.ink(210, 40, 30)) +
        p.rect(0.67, 0.25, 0.33, 0.6, c.ink(210, 40, 30));
      for (let i = 0; i < 8; i++) out += p.ell(0.05 + i * 0.129, 0.9, 0.03, 0.1, c.ink(0, 0, 12));
      return out;
    },
  },
  {
    id: "rocket",
    label: "spaceship",
    layer: "landmark",
    aspect: 0.45,
    size: 0.5,
    draw(b, c) {
      const p = pen(b);
      return (
        p.path(["M", 0.5, 0, "Q", 0.8, 0.2, 0.75, 0.8, "L", 0.25, 0.8, "Q", 0.2, 0.2, 0.5, 0, "Z"], c.ink(210, 10, 80)) +
        p.ell(0.5, 0.35, 0.12, 0.06, c.glow) +
        p.poly([0.25, 0.55, 0, 0.95, 0.3, 0.8], c.ink(0, 60, 45)) +
        p.poly([0.75, 0.55, 1, 0.95, 0.7, 0.8], c.ink(0, 60, 45)) +
        p.path(["M", 0.35, 0.8, "L", 0.65, 0.8, "Q", 0.6, 0.95, 0.5, 1, "Q", 0.4, 0.95, 0.35, 0.8, "Z"], c.ink(30, 95, 60))
      );
    },
  },
];

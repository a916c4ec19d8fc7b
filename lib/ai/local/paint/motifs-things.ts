import { pen } from "./draw";
import type { Motif } from "./types";

// Props: things a person could hold, ring, open or climb, standing near the viewer.

const wood = (c: Parameters<Motif["draw"]>[1], l = 30): string => c.ink(25, 45, l);
const brass = (c: Parameters<Motif["draw"]>[1], l = 50): string => c.ink(42, 70, l);

const prop = (id: string, label: string, aspect: number, size: number, draw: Motif["draw"]): Motif => ({
  id,
  label,
  layer: "prop",
  aspect,
  size,
  draw,
});

export const THING_MOTIFS: Motif[] = [
  prop("bell", "bell", 0.9, 0.2, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0.42, 0, 0.16, 0.1, brass(c, 35)) +
      p.path(
        ["M", 0, 0.88, "Q", 0.12, 0.8, 0.15, 0.5, "Q", 0.18, 0.08, 0.5, 0.08, "Q", 0.82, 0.08, 0.85, 0.5, "Q", 0.88, 0.8, 1, 0.88, "Z"],
        brass(c),
      ) +
      p.rect(0, 0.84, 1, 0.06, brass(c, 38)) +
      p.ell(0.5, 0.93, 0.08, 0.07, brass(c, 30)) +
      p.path(["M", 0.3, 0.25, "Q", 0.26, 0.5, 0.24, 0.75], brass(c, 70), 0.5)
    );
  }),
  prop("lantern", "lantern", 0.5, 0.14, (b, c) => {
    const p = pen(b);
    return (
      p.poly([0.35, 0.12, 0.5, 0, 0.65, 0.12], c.ink(0, 0, 15)) +
      p.rect(0, 0.12, 1, 0.1, c.ink(0, 0, 18)) +
      p.rect(0.12, 0.22, 0.76, 0.64, c.glow) +
      p.rect(0.46, 0.22, 0.08, 0.64, c.ink(0, 0, 18)) +
      p.rect(0, 0.86, 1, 0.14, c.ink(0, 0, 18))
    );
  }),
  prop("door", "door", 0.55, 0.4, (b, c) => {
    const p = pen(b);
    return (
      p.path(["M", 0, 1, "L", 0, 0.25, "Q", 0.5, -0.08, 1, 0.25, "L", 1, 1, "Z"], stoneish(c)) +
      p.path(["M", 0.1, 1, "L", 0.1, 0.28, "Q", 0.5, 0.04, 0.9, 0.28, "L", 0.9, 1, "Z"], wood(c, 28)) +
      p.line(0.5, 0.16, 0.5, 1, wood(c, 18), 2) +
      p.ell(0.75, 0.6, 0.04, 0.025, brass(c))
    );
  }),
  prop("stairs", "stairs", 1, 0.34, (b, c) => {
    const p = pen(b);
    let out = "";
    for (let i = 0; i < 6; i++) out += p.rect(i / 6, 1 - (i + 1) / 6, 1 - i / 6, 1 / 6, stoneish(c, 40 + i * 3));
    return out;
  }),
  prop("chest", "chest", 1.4, 0.12, (b, c) => {
    const p = pen(b);
    return (
      p.path(["M", 0, 0.4, "Q", 0.5, -0.4, 1, 0.4, "Z"], wood(c, 34)) +
      p.rect(0, 0.4, 1, 0.6, wood(c, 28)) +
      p.rect(0.44, 0.42, 0.12, 0.22, brass(c)) +
      p.rect(0, 0.4, 1, 0.06, brass(c, 40))
    );
  }),
  prop("book", "book", 1.3, 0.07, (b, c) => {
    const p = pen(b);
    return (
      p.poly([0, 0.15, 0.5, 0.3, 1, 0.15, 1, 0.85, 0.5, 1, 0, 0.85], c.ink(5, 55, 30)) +
      p.poly([0.05, 0.1, 0.5, 0.25, 0.5, 0.88, 0.05, 0.75], c.ink(45, 30, 90)) +
      p.poly([0.95, 0.1, 0.5, 0.25, 0.5, 0.88, 0.95, 0.75], c.ink(45, 30, 85)) +
      p.rect(0.48, 0, 0.04, 0.05, c.ink(45, 30, 85))
    );
  }),
  prop("bookshelf", "bookshelf", 0.7, 0.55, (b, c) => {
    const p = pen(b);
    let out = p.rect(0, 0, 1, 1, wood(c, 24));
    for (let r = 0; r < 5; r++)
      for (let k = 0; k < 9; k++)
        out += p.rect(
          0.07 + k * 0.097,
          0.04 + r * 0.19 + ((k * 7) % 3) * 0.012,
          0.08,
          0.15 - ((k * 7) % 3) * 0.012,
          c.ink((k * 47 + r * 83) % 360, 45, 35),
        );
    return out;
  }),
  prop("key", "key", 2.2, 0.05, (b, c) => {
    const p = pen(b);
    return (
      p.ell(0.18, 0.5, 0.18, 0.45, brass(c, 55)) +
      p.ell(0.18, 0.5, 0.08, 0.2, c.ink(0, 0, 10)) +
      p.rect(0.34, 0.4, 0.66, 0.2, brass(c, 55)) +
      p.rect(0.78, 0.55, 0.07, 0.45, brass(c, 55)) +
      p.rect(0.9, 0.55, 0.07, 0.35, brass(c, 55))
    );
  }),
  prop("sword", "sword", 0.22, 0.3, (b, c) => {
    const p = pen(b);
    return (
      p.poly([0.38, 0.25, 0.5, 0, 0.62, 0.25, 0.62, 0.75, 0.38, 0.75], c.ink(210, 10, 80)) +
      p.rect(0, 0.74, 1, 0.05, brass(c)) +
      p.rect(0.42, 0.79, 0.16, 0.16, wood(c, 25)) +
      p.ell(0.5, 0.97, 0.12, 0.03, brass(c))
    );
  }),
  prop("candle", "candle", 0.35, 0.1, (b, c) => {
    const p = pen(b);
    return p.ell(0.5, 0.14, 0.22, 0.14, c.glow) + p.rect(0.3, 0.28, 0.4, 0.62, c.ink(45, 40, 88)) + p.rect(0, 0.9, 1, 0.1, brass(c));
  }),
  prop("table", "table", 1.6, 0.16, (b, c) => {
    const p = pen(b);
    return p.rect(0, 0, 1, 0.14, wood(c, 36)) + p.rect(0.06, 0.14, 0.07, 0.86, wood(c, 26)) + p.rect(0.87, 0.14, 0.07, 0.86, wood(c, 26));
  }),
  prop("chair", "chair", 0.6, 0.22, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0, 0, 0.14, 1, wood(c, 30)) +
      p.rect(0, 0.5, 1, 0.1, wood(c, 36)) +
      p.rect(0.86, 0.5, 0.14, 0.5, wood(c, 30)) +
      p.rect(0, 0.1, 0.14, 0.3, wood(c, 40))
    );
  }),
  prop("clock", "clock", 0.45, 0.42, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0.1, 0.25, 0.8, 0.75, wood(c, 28)) +
      p.ell(0.5, 0.2, 0.5, 0.2, wood(c, 32)) +
      p.ell(0.5, 0.2, 0.38, 0.15, c.ink(45, 30, 88)) +
      p.line(0.5, 0.2, 0.5, 0.1, c.ink(0, 0, 10), 2) +
      p.line(0.5, 0.2, 0.7, 0.22, c.ink(0, 0, 10), 2) +
      p.ell(0.5, 0.7, 0.12, 0.05, brass(c))
    );
  }),
  prop("mirror", "mirror", 0.6, 0.32, (b, c) => {
    const p = pen(b);
    return (
      p.ell(0.5, 0.5, 0.5, 0.5, brass(c, 42)) + p.ell(0.5, 0.5, 0.4, 0.42, c.ink(200, 30, 75)) + p.line(0.3, 0.3, 0.45, 0.2, "#fff", 3, 0.6)
    );
  }),
  prop("barrel", "barrel", 0.75, 0.14, (b, c) => {
    const p = pen(b);
    return (
      p.path(["M", 0.1, 0, "L", 0.9, 0, "Q", 1.1, 0.5, 0.9, 1, "L", 0.1, 1, "Q", -0.1, 0.5, 0.1, 0, "Z"], wood(c, 32)) +
      p.rect(0.02, 0.22, 0.96, 0.06, c.ink(0, 0, 20)) +
      p.rect(0.02, 0.72, 0.96, 0.06, c.ink(0, 0, 20))
    );
  }),
  prop("anchor", "anchor", 0.85, 0.18, (b, c) => {
    const p = pen(b);
    const m = c.ink(210, 8, 30);
    return (
      p.ell(0.5, 0.08, 0.1, 0.08, m) +
      p.rect(0.45, 0.14, 0.1, 0.8, m) +
      p.rect(0.2, 0.25, 0.6, 0.07, m) +
      p.path(
        ["M", 0, 0.6, "Q", 0.1, 1, 0.5, 1, "Q", 0.9, 1, 1, 0.6, "L", 0.9, 0.62, "Q", 0.8, 0.88, 0.5, 0.88, "Q", 0.2, 0.88, 0.1, 0.62, "Z"],
        m,
      )
    );
  }),
  prop("rock", "rock", 1.6, 0.12, (b, c) => pen(b).path(["M", 0, 1, "Q", 0, 0.3, 0.4, 0, "Q", 0.9, 0.05, 1, 1, "Z"], stoneish(c, 38))),
  prop("tree", "tree", 0.7, 0.5, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0.44, 0.55, 0.12, 0.45, wood(c, 24)) +
      p.ell(0.5, 0.3, 0.5, 0.3, c.ink(120, 40, 28)) +
      p.ell(0.35, 0.4, 0.25, 0.2, c.ink(115, 42, 24)) +
      p.ell(0.65, 0.38, 0.25, 0.2, c.ink(125, 40, 32))
    );
  }),
  prop("pine", "pine tree", 0.5, 0.5, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0.44, 0.85, 0.12, 0.15, wood(c, 22)) +
      p.poly(
        [0.5, 0, 0.8, 0.35, 0.65, 0.35, 0.9, 0.62, 0.72, 0.62, 1, 0.88, 0, 0.88, 0.28, 0.62, 0.1, 0.62, 0.35, 0.35, 0.2, 0.35],
        c.ink(140, 40, 22),
      )
    );
  }),
  prop("street-lamp", "street lamp", 0.3, 0.48, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0.42, 0.15, 0.16, 0.85, c.ink(0, 0, 14)) +
      p.rect(0.1, 0.95, 0.8, 0.05, c.ink(0, 0, 14)) +
      p.poly([0, 0.05, 0.5, 0, 1, 0.05, 0.85, 0.18, 0.15, 0.18], c.ink(0, 0, 14)) +
      p.rect(0.2, 0.05, 0.6, 0.11, c.glow)
    );
  }),
  prop("campfire", "campfire", 1.2, 0.12, (b, c) => {
    const p = pen(b);
    return (
      p.path(["M", 0.2, 0.85, "Q", 0.2, 0.4, 0.5, 0, "Q", 0.8, 0.4, 0.8, 0.85, "Z"], c.ink(25, 95, 55)) +
      p.path(["M", 0.35, 0.85, "Q", 0.38, 0.5, 0.5, 0.35, "Q", 0.62, 0.5, 0.65, 0.85, "Z"], c.ink(48, 100, 65)) +
      p.poly([0, 0.85, 1, 0.8, 1, 0.95, 0, 1], wood(c, 25)) +
      p.poly([0, 0.8, 1, 0.85, 1, 1, 0, 0.95], wood(c, 20))
    );
  }),
  prop("crystal", "crystal", 0.6, 0.18, (b, c) => {
    const p = pen(b);
    return (
      p.poly([0.5, 0, 0.8, 0.3, 0.7, 1, 0.3, 1, 0.2, 0.3], c.ink(190, 80, 65)) +
      p.poly([0, 0.5, 0.2, 0.35, 0.3, 1, 0.1, 1], c.ink(200, 70, 50)) +
      p.poly([1, 0.55, 0.8, 0.4, 0.7, 1, 0.9, 1], c.ink(200, 70, 55))
    );
  }),
  prop("crown", "crown", 1.4, 0.06, (b, c) => pen(b).poly([0, 0, 0.25, 0.45, 0.5, 0, 0.75, 0.45, 1, 0, 0.92, 1, 0.08, 1], brass(c, 58))),
  prop("scroll", "map", 1.5, 0.08, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0.06, 0.08, 0.88, 0.84, c.ink(40, 50, 78)) +
      p.rect(0, 0, 0.08, 1, c.ink(35, 45, 60)) +
      p.rect(0.92, 0, 0.08, 1, c.ink(35, 45, 60)) +
      p.path(["M", 0.15, 0.7, "Q", 0.4, 0.2, 0.6, 0.5, "Q", 0.75, 0.7, 0.85, 0.3], "none") +
      p.ell(0.8, 0.3, 0.04, 0.06, c.ink(0, 70, 40))
    );
  }),
  prop("window", "window", 0.7, 0.3, (b, c) => {
    const p = pen(b);
    const sky = c.time === "night" ? c.ink(230, 45, 20) : c.time === "day" ? c.ink(205, 60, 70) : c.ink(20, 60, 60);
    return (
      p.rect(0, 0, 1, 1, wood(c, 26)) +
      p.rect(0.1, 0.08, 0.8, 0.84, sky) +
      p.rect(0.47, 0.08, 0.06, 0.84, wood(c, 26)) +
      p.rect(0.1, 0.47, 0.8, 0.06, wood(c, 26))
    );
  }),
  prop("fireplace", "fireplace", 1.2, 0.32, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0, 0, 1, 0.14, stoneish(c, 36)) +
      p.rect(0.05, 0.14, 0.9, 0.86, stoneish(c, 44)) +
      p.rect(0.22, 0.35, 0.56, 0.65, c.ink(0, 0, 8)) +
      p.path(["M", 0.35, 1, "Q", 0.38, 0.6, 0.5, 0.45, "Q", 0.62, 0.6, 0.65, 1, "Z"], c.ink(28, 95, 55))
    );
  }),
  prop("bed", "bed", 1.8, 0.2, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0, 0, 0.1, 1, wood(c, 28)) +
      p.rect(0.9, 0.35, 0.1, 0.65, wood(c, 28)) +
      p.rect(0.05, 0.45, 0.9, 0.35, c.ink(210, 30, 60)) +
      p.ell(0.2, 0.42, 0.09, 0.08, c.ink(0, 0, 92))
    );
  }),
  prop("flower", "flowers", 0.8, 0.08, (b, c) => {
    const p = pen(b);
    let out = "";
    for (let i = 0; i < 3; i++)
      out +=
        p.line(0.2 + i * 0.3, 1, 0.15 + i * 0.35, 0.3, c.ink(120, 45, 30), 2) +
        p.ell(0.15 + i * 0.35, 0.18, 0.15, 0.18, c.ink(330 + i * 40, 70, 60));
    return out;
  }),
  prop("gravestone", "grave", 0.7, 0.12, (b, c) =>
    pen(b).path(["M", 0, 1, "L", 0, 0.35, "Q", 0.5, -0.3, 1, 0.35, "L", 1, 1, "Z"], stoneish(c, 50)),
  ),
  prop("car", "car", 2.2, 0.14, (b, c) => {
    const p = pen(b);
    return (
      p.poly([0, 0.45, 0.2, 0.4, 0.32, 0, 0.72, 0, 0.85, 0.4, 1, 0.48, 1, 0.82, 0, 0.82], c.ink(0, 60, 40)) +
      p.ell(0.22, 0.82, 0.1, 0.18, c.ink(0, 0, 10)) +
      p.ell(0.78, 0.82, 0.1, 0.18, c.ink(0, 0, 10)) +
      p.poly([0.36, 0.08, 0.68, 0.08, 0.78, 0.38, 0.28, 0.38], c.ink(200, 30, 70))
    );
  }),
  prop("cart", "cart", 1.6, 0.14, (b, c) => {
    const p = pen(b);
    return (
      p.rect(0, 0.2, 0.85, 0.45, wood(c, 34)) +
      p.rect(0.8, 0.5, 0.2, 0.06, wood(c, 28)) +
      p.ell(0.3, 0.7, 0.18, 0.3, wood(c, 22)) +
      p.ell(0.3, 0.7, 0.08, 0.13, wood(c, 40)) +
      p.ell(0.45, 0.12, 0.2, 0.12, c.ink(90, 40, 40))
    );
  }),
];

function stoneish(c: Parameters<Motif["draw"]>[1], l = 42): string {
  return c.ink(30, 10, l);
}

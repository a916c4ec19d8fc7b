import type { Box } from "./types";

export const f = (n: number): string => (Math.round(n * 10) / 10).toString();

/**
 * A pen over a box: every coordinate is in box units (0..1 on each axis), so a motif drawn from
 * 0 to 1 spans its box exactly, whatever size the layout gives it.
 */
export interface Pen {
  X(u: number): string;
  Y(v: number): string;
  /** Straight-edged polygon from u,v pairs. */
  poly(pts: readonly number[], fill: string, opacity?: number): string;
  /** A path of SVG commands whose numbers alternate u, v (M, L, Q, C, Z only). */
  path(cmds: ReadonlyArray<string | number>, fill: string, opacity?: number): string;
  rect(u: number, v: number, w: number, h: number, fill: string, opacity?: number): string;
  ell(cu: number, cv: number, ru: number, rv: number, fill: string, opacity?: number): string;
  line(u1: number, v1: number, u2: number, v2: number, stroke: string, px: number, opacity?: number): string;
}

const op = (o?: number): string => (o === undefined ? "" : ` opacity="${f(o)}"`);

export function pen(b: Box): Pen {
  const X = (u: number): string => f(b.x + u * b.w);
  const Y = (v: number): string => f(b.y + v * b.h);
  return {
    X,
    Y,
    poly(pts, fill, o) {
      let d = "";
      for (let i = 0; i + 1 < pts.length; i += 2) d += `${i === 0 ? "M" : "L"}${X(pts[i]!)} ${Y(pts[i + 1]!)}`;
      return `<path d="${d}Z" fill="${fill}"${op(o)}/>`;
    },
    path(cmds, fill, o) {
      let d = "";
      let k = 0;
      for (const c of cmds) {
        if (typeof c === "string") d += c;
        else d += `${k++ % 2 === 0 ? " " : ","}${k % 2 === 1 ? X(c) : Y(c)}`;
      }
      return `<path d="${d}" fill="${fill}"${op(o)}/>`;
    },
    rect(u, v, w, h, fill, o) {
      return `<rect x="${X(u)}" y="${Y(v)}" width="${f(w * b.w)}" height="${f(h * b.h)}" fill="${fill}"${op(o)}/>`;
    },
    ell(cu, cv, ru, rv, fill, o) {
      return `<ellipse cx="${X(cu)}" cy="${Y(cv)}" rx="${f(ru * b.w)}" ry="${f(rv * b.h)}" fill="${fill}"${op(o)}/>`;
    },
    line(u1, v1, u2, v2, stroke, px, o) {
      return `<path d="M${X(u1)} ${Y(v1)}L${X(u2)} ${Y(v2)}" stroke="${stroke}" stroke-width="${f(px)}" stroke-linecap="round" fill="none"${op(o)}/>`;
    },
  };
}

/** hsl (degrees, percent, percent) → [r, g, b] 0..255. */
export function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = Math.max(0, Math.min(100, s)) / 100;
  const ll = Math.max(0, Math.min(100, l)) / 100;
  const q = ll < 0.5 ? ll * (1 + ss) : ll + ss - ll * ss;
  const p = 2 * ll - q;
  const ch = (t: number): number => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (tt < 1 / 6) return p + (q - p) * 6 * tt;
    if (tt < 1 / 2) return q;
    if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
    return p;
  };
  return [Math.round(ch(hh + 1 / 3) * 255), Math.round(ch(hh) * 255), Math.round(ch(hh - 1 / 3) * 255)];
}

export const rgb = (c: readonly [number, number, number]): string =>
  `#${c
    .map((n) =>
      Math.max(0, Math.min(255, Math.round(n)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

export const mix = (a: readonly [number, number, number], b: readonly [number, number, number], t: number): [number, number, number] => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

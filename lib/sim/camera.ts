import { rayDisc, raySegment } from "./geometry";
import type { Pose, Rgb, Room } from "./room";
import { SIM } from "./spec";

// The camera: a column raycaster over a room, in the painter's colours (sky or ceiling, walls,
// floor, exits in the frame's accent light, each object in the colour its motif is painted
// in). One ray a column; walls are 2.6 m high indoors and 1.2 m outdoors (the sky shows above
// them), exits are 2 m doorways, objects are upright cylinders of their height; the eye is at
// 1.2 m. Nearer things dim less than farther ones. Row-major SIZE×SIZE×3 RGB.

const EYE = 1.2;
const DOOR = 2;
const MAX_OBJECTS = 64;

function shade(out: Uint8Array, at: number, c: Rgb, k: number): void {
  out[at] = c[0] * k;
  out[at + 1] = c[1] * k;
  out[at + 2] = c[2] * k;
}

const dim = (z: number): number => 1 / (1 + 0.07 * z);

export function renderCamera(room: Room, pose: Pose, size: number): Uint8Array {
  const out = new Uint8Array(size * size * 3);
  const half = size / 2;
  const focal = half / Math.tan(SIM.fov / 2);
  const pal = room.palette;
  const wallH = pal.indoor ? 2.6 : 1.2;
  // Background of every column: sky (gradient) or ceiling above the horizon, floor below it.
  const bg = new Uint8Array(size * 3);
  for (let r = 0; r < size; r++) {
    if (r < half) {
      if (pal.indoor) shade(bg, r * 3, pal.ceiling, 0.8);
      else {
        const t = r / half;
        bg[r * 3] = pal.skyTop[0] + (pal.skyBottom[0] - pal.skyTop[0]) * t;
        bg[r * 3 + 1] = pal.skyTop[1] + (pal.skyBottom[1] - pal.skyTop[1]) * t;
        bg[r * 3 + 2] = pal.skyTop[2] + (pal.skyBottom[2] - pal.skyTop[2]) * t;
      }
    } else shade(bg, r * 3, pal.floor, dim((EYE * focal) / (r + 0.5 - half)));
  }
  const hitT = new Float64Array(MAX_OBJECTS);
  const hitI = new Int32Array(MAX_OBJECTS);
  const objects = room.objects;
  for (let col = 0; col < size; col++) {
    const rel = Math.atan((half - col - 0.5) / focal);
    const cos = Math.cos(rel);
    const dx = Math.cos(pose.heading + rel);
    const dy = Math.sin(pose.heading + rel);
    for (let r = 0; r < size; r++) {
      const o = (r * size + col) * 3;
      out[o] = bg[r * 3]!;
      out[o + 1] = bg[r * 3 + 1]!;
      out[o + 2] = bg[r * 3 + 2]!;
    }
    let wt = Infinity;
    let exit = -1;
    let side = 1;
    for (const w of room.walls) {
      const t = raySegment(pose.x, pose.y, dx, dy, w);
      if (t < wt) {
        wt = t;
        exit = w.exit;
        side = w.ax === w.bx ? 0.8 : 1;
      }
    }
    if (wt < Infinity)
      paintSpan(
        out,
        size,
        col,
        half,
        focal,
        Math.max(1e-3, wt * cos),
        wallH,
        exit >= 0 ? pal.exit : pal.wall,
        side,
        exit >= 0 ? pal.wall : null,
      );
    // Objects in front of the wall, farthest first.
    let n = 0;
    for (let i = 0; i < objects.length && n < MAX_OBJECTS; i++) {
      const t = rayDisc(pose.x, pose.y, dx, dy, objects[i]!);
      if (t < wt) {
        let k = n++;
        while (k > 0 && hitT[k - 1]! < t) {
          hitT[k] = hitT[k - 1]!;
          hitI[k] = hitI[k - 1]!;
          k--;
        }
        hitT[k] = t;
        hitI[k] = i;
      }
    }
    for (let k = 0; k < n; k++) {
      const o = objects[hitI[k]!]!;
      paintSpan(out, size, col, half, focal, Math.max(1e-3, hitT[k]! * cos), o.height, o.color, 1, null);
    }
  }
  return out;
}

/** Paints one upright span of a column: `height` metres tall at depth z; a doorway keeps `above` over its 2 m. */
function paintSpan(
  out: Uint8Array,
  size: number,
  col: number,
  half: number,
  focal: number,
  z: number,
  height: number,
  color: Rgb,
  side: number,
  above: Rgb | null,
): void {
  const k = dim(z) * side;
  const top = Math.max(0, Math.floor(half - ((height - EYE) * focal) / z));
  const bottom = Math.min(size, Math.ceil(half + (EYE * focal) / z));
  const door = above ? Math.floor(half - ((DOOR - EYE) * focal) / z) : -1;
  for (let r = top; r < bottom; r++) shade(out, (r * size + col) * 3, above && r < door ? above : color, k);
}

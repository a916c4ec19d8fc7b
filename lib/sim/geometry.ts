// Plane geometry of the simulator: rays and a moving disc against segments (walls, exits) and
// discs (objects). Metres, x to the right, y forward; angles in radians, counter-clockwise.
// Plain numbers in and out, no allocation on the hot paths.

export interface Segment {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

export interface Disc {
  x: number;
  y: number;
  r: number;
}

/** Distances below this count as touching. */
export const CONTACT_EPS = 1e-6;

/** Distance along the unit ray (ox, oy) + t (dx, dy) to the segment, or Infinity. */
export function raySegment(ox: number, oy: number, dx: number, dy: number, s: Segment): number {
  const ex = s.bx - s.ax;
  const ey = s.by - s.ay;
  const den = dx * ey - dy * ex;
  if (den === 0) return Infinity;
  const wx = s.ax - ox;
  const wy = s.ay - oy;
  const t = (wx * ey - wy * ex) / den;
  const u = (wx * dy - wy * dx) / den;
  return t >= 0 && u >= 0 && u <= 1 ? t : Infinity;
}

/** Distance along the unit ray to where it enters the disc (0 from inside), or Infinity. */
export function rayDisc(ox: number, oy: number, dx: number, dy: number, c: Disc): number {
  const mx = ox - c.x;
  const my = oy - c.y;
  const b = mx * dx + my * dy;
  const k = mx * mx + my * my - c.r * c.r;
  if (k <= 0) return 0;
  if (b >= 0) return Infinity;
  const disc = b * b - k;
  if (disc < 0) return Infinity;
  return -b - Math.sqrt(disc);
}

/**
 * How far a disc of radius `rad` at (px, py) can move along the unit direction (dx, dy) before
 * it touches the disc `c`: 0 when it already touches and moves closer, Infinity when it never
 * will (or moves away).
 */
export function sweepDisc(px: number, py: number, rad: number, dx: number, dy: number, c: Disc): number {
  const mx = px - c.x;
  const my = py - c.y;
  const sum = rad + c.r;
  const b = mx * dx + my * dy;
  const k = mx * mx + my * my - sum * sum;
  if (b >= 0) return Infinity;
  if (k <= CONTACT_EPS) return 0;
  const disc = b * b - k;
  if (disc < 0) return Infinity;
  return Math.max(0, -b - Math.sqrt(disc));
}

/** As `sweepDisc`, against a segment (its interior, then its two ends). */
export function sweepSegment(px: number, py: number, rad: number, dx: number, dy: number, s: Segment): number {
  const ex = s.bx - s.ax;
  const ey = s.by - s.ay;
  const len = Math.hypot(ex, ey);
  let best = Infinity;
  if (len > 0) {
    const ux = ex / len;
    const uy = ey / len;
    const nx = -uy;
    const ny = ux;
    const sd = (px - s.ax) * nx + (py - s.ay) * ny;
    const vn = dx * nx + dy * ny;
    // Approaching the line from either side.
    if ((sd > 0 && vn < 0) || (sd < 0 && vn > 0)) {
      const t = Math.max(0, (Math.abs(sd) - rad) / Math.abs(vn));
      const along = (px + t * dx - s.ax) * ux + (py + t * dy - s.ay) * uy;
      if (along >= 0 && along <= len) best = t;
    }
  }
  const end = { x: s.ax, y: s.ay, r: 0 };
  best = Math.min(best, sweepDisc(px, py, rad, dx, dy, end));
  end.x = s.bx;
  end.y = s.by;
  return Math.min(best, sweepDisc(px, py, rad, dx, dy, end));
}

/** Squared distance from a point to a segment (no square root: for comparisons on hot paths). */
export function pointSegmentDistance2(px: number, py: number, s: Segment): number {
  const ex = s.bx - s.ax;
  const ey = s.by - s.ay;
  const len2 = ex * ex + ey * ey;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - s.ax) * ex + (py - s.ay) * ey) / len2));
  const dx = px - (s.ax + t * ex);
  const dy = py - (s.ay + t * ey);
  return dx * dx + dy * dy;
}

/** Angle wrapped to (-π, π]. */
export function wrapAngle(a: number): number {
  let x = a % (2 * Math.PI);
  if (x <= -Math.PI) x += 2 * Math.PI;
  else if (x > Math.PI) x -= 2 * Math.PI;
  return x;
}

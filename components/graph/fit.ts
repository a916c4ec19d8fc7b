import type { Box } from "./edge-routes";

/**
 * "Fit view" that keeps the graph clear of what floats over the canvas (the zoom buttons, the
 * minimap). Each overlay can be kept clear of by giving up a strip of the canvas on one of its
 * four sides; every choice is tried and the one that shows the graph largest wins. The graph is
 * then centred in what is left, so no state, line or label ends up under an overlay.
 */

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface FitOptions {
  /** Screen pixels kept free around the graph inside the usable area. */
  padding?: number;
  minZoom?: number;
  maxZoom?: number;
}

type Side = "left" | "right" | "top" | "bottom";
const SIDES: Side[] = ["left", "right", "top", "bottom"];

/** The usable area of a `width` × `height` canvas once each overlay is kept clear of on its chosen side. */
function usable(width: number, height: number, overlays: Box[], sides: Side[]): Box | null {
  let left = 0;
  let top = 0;
  let right = width;
  let bottom = height;
  overlays.forEach((o, i) => {
    // An overlay outside the canvas takes nothing.
    if (o.x >= width || o.y >= height || o.x + o.width <= 0 || o.y + o.height <= 0) return;
    const side = sides[i]!;
    if (side === "left") left = Math.max(left, o.x + o.width);
    else if (side === "right") right = Math.min(right, o.x);
    else if (side === "top") top = Math.max(top, o.y + o.height);
    else bottom = Math.min(bottom, o.y);
  });
  if (right - left <= 0 || bottom - top <= 0) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The viewport (React Flow's transform: screen = flow × zoom + x/y) that shows `bounds` whole, clear of `overlays`. */
export function fitViewport(
  bounds: Box,
  canvas: { width: number; height: number },
  overlays: Box[] = [],
  options: FitOptions = {},
): Viewport {
  const padding = options.padding ?? 24;
  const minZoom = options.minZoom ?? 0.05;
  const maxZoom = options.maxZoom ?? 1;
  const w = Math.max(1, bounds.width);
  const h = Math.max(1, bounds.height);
  let best: { area: Box; zoom: number } | null = null;
  const choices = SIDES.length ** overlays.length;
  for (let c = 0; c < choices; c++) {
    const sides = overlays.map((_, i) => SIDES[Math.floor(c / SIDES.length ** i) % SIDES.length]!);
    const area = usable(canvas.width, canvas.height, overlays, sides);
    if (!area) continue;
    const zoom = Math.min((area.width - 2 * padding) / w, (area.height - 2 * padding) / h);
    if (!best || zoom > best.zoom) best = { area, zoom };
  }
  const area = best?.area ?? { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const zoom = Math.min(maxZoom, Math.max(minZoom, best?.zoom ?? minZoom));
  return {
    x: area.x + (area.width - w * zoom) / 2 - bounds.x * zoom,
    y: area.y + (area.height - h * zoom) / 2 - bounds.y * zoom,
    zoom,
  };
}

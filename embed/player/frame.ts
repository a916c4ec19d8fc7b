// Where a 16:9 frame sits in the player's box: the geometry of `object-fit: cover` with an
// object-aware focal point (docs/runtime.md "Scenes that move"). Pure, so the
// crop is testable without a browser: on a narrow screen the frame is cropped around the scene
// manifest's protagonist and the named things beside it, not the centre.
import type { CueBox } from "@/lib/shared/scene-cues";

/** A part of the player's box, in px: what no camera move takes out of view. */
export interface Window {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The frame's painted size on screen (it covers the box) and its offset, in px. */
export interface Placement {
  width: number;
  height: number;
  left: number;
  top: number;
}

/**
 * The camera moves within this share of the box on each side (scaled up by `CAMERA_SCALE`):
 * the focus is kept inside the part of the box that no move can push out of view.
 */
export const CAMERA_SCALE = 1.08;

/**
 * The offset along one axis that keeps [a, b] (px along the painted frame of length `len`) in
 * the window [lo, hi] of a box of length `box`; centred when it fits, else its middle.
 */
function axisOffset(len: number, box: number, a: number, b: number, lo: number, hi: number): number {
  const min = box - len; // the frame's far edge at the box's far edge
  if (len <= box) return (box - len) / 2;
  const centred = (lo + hi) / 2 - (a + b) / 2;
  let offset = centred;
  if (b - a <= hi - lo) {
    // Keep the whole of [a, b] inside [lo, hi]: a + offset >= lo and b + offset <= hi.
    offset = Math.min(Math.max(offset, hi - b), lo - a);
  }
  return Math.min(0, Math.max(min, offset));
}

/**
 * How a frame of `aspect` (width / height) covers a box of `width`×`height`, placed so that the
 * first of `keep` (boxes normalised to the frame, widest first: the focus, then the protagonist)
 * that fits stays inside the box's safe window (the part the camera's moves keep in view); when
 * none fits, the last one is centred; with nothing to keep, the frame is centred.
 */
export function placeFrame(
  width: number,
  height: number,
  aspect: number,
  keep: CueBox | null | (CueBox | null)[],
  safe?: Window,
): Placement {
  const h = Math.max(height, width / aspect);
  const fw = h * aspect;
  const boxes = (Array.isArray(keep) ? keep : [keep]).filter((b): b is CueBox => b !== null);
  if (boxes.length === 0) return { width: fw, height: h, left: (width - fw) / 2, top: (height - h) / 2 };
  // The safe window: what stays on screen whatever the camera does (by default, a frame scaled by CAMERA_SCALE about the centre).
  const inset = (1 - 1 / CAMERA_SCALE) / 2;
  const {
    left: lo,
    right: hi,
    top: top0,
    bottom: bottom0,
  } = safe ?? { left: width * inset, right: width * (1 - inset), top: height * inset, bottom: height * (1 - inset) };
  const box = boxes.find((b) => b.w * fw <= hi - lo && b.h * h <= bottom0 - top0) ?? boxes[boxes.length - 1]!;
  const left = axisOffset(fw, width, box.x * fw, (box.x + box.w) * fw, lo, hi);
  const top = axisOffset(h, height, box.y * h, (box.y + box.h) * h, top0, bottom0);
  return { width: fw, height: h, left, top };
}

/** `object-position` (percentages) for a placement: what CSS needs to draw the same crop. */
export function objectPosition(p: Placement, width: number, height: number): string {
  const x = p.width > width ? (-p.left / (p.width - width)) * 100 : 50;
  const y = p.height > height ? (-p.top / (p.height - height)) * 100 : 50;
  return `${x.toFixed(2)}% ${y.toFixed(2)}%`;
}

/** A box of the frame in the player's px, for clip paths and transform origins. */
export function boxOnScreen(box: CueBox, p: Placement): { x: number; y: number; w: number; h: number } {
  return { x: p.left + box.x * p.width, y: p.top + box.y * p.height, w: box.w * p.width, h: box.h * p.height };
}

export { focusPosition } from "@/lib/shared/scene-focus";

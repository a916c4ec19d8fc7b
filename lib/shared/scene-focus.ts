import type { CueBox } from "./scene-cues";

// What a narrow frame keeps in view (docs/runtime.md "Scenes that move"), from a
// painter's scene manifest: shared by the server's player cues (lib/runtime/scene-cues.ts) and the
// Studio's Play tab, which reads the manifest beside the frame itself.

/** The part of a scene manifest (lib/ai/scene-manifest.ts `SceneManifest`) the focus reads. */
export interface ManifestLike {
  objects: { box: CueBox; depth: number; subject?: boolean; visible?: number }[];
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 1000) / 1000;

/** A box clamped to the frame, rounded to 0.001. */
export function cueBox(b: CueBox): CueBox {
  const x = clamp01(b.x);
  const y = clamp01(b.y);
  return { x: round(x), y: round(y), w: round(clamp01(b.x + b.w) - x), h: round(clamp01(b.y + b.h) - y) };
}

function union(boxes: CueBox[]): CueBox {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return cueBox({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
}

/** Objects bigger than this share of the frame are ground, sky or a room: the background. */
export const BACKDROP_AREA = 0.3;

/**
 * The protagonist, widened to the named things beside it while the whole stays within
 * `maxWidth` of the frame (a phone in portrait shows about a quarter of a 16:9 frame); without a
 * protagonist, the named thing nearest the viewer; null when nothing is named.
 */
export function focusOf(manifest: ManifestLike, maxWidth = 0.34): CueBox | null {
  const things = manifest.objects.filter((o) => o.box.w * o.box.h < BACKDROP_AREA && o.box.w > 0 && o.box.h > 0);
  const subject = manifest.objects.find((o) => o.subject);
  const start = subject ? subject.box : [...things].sort((a, b) => a.depth - b.depth)[0]?.box;
  if (!start) return null;
  let focus = cueBox(start);
  const centre = focus.x + focus.w / 2;
  const rest = things
    .filter((o) => !o.subject)
    .sort((a, b) => Math.abs(a.box.x + a.box.w / 2 - centre) - Math.abs(b.box.x + b.box.w / 2 - centre));
  for (const o of rest) {
    const wider = union([focus, o.box]);
    if (wider.w <= maxWidth) focus = wider;
  }
  return focus;
}

/** The focus as an `object-position` for `object-fit: cover`: its centre (always inside the crop). */
export function focusPosition(focus: CueBox | null): string {
  if (!focus) return "50% 50%";
  return `${((focus.x + focus.w / 2) * 100).toFixed(1)}% ${((focus.y + focus.h / 2) * 100).toFixed(1)}%`;
}

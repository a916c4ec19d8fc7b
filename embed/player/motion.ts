// Scenes that move (docs/runtime.md): a state's frame is placed around its focus (frame.ts) and,
// unless the player prefers reduced motion, moved by the camera its `camera.dynamic` names, with
// the things the painter drew nearer than the background as parallax layers and the protagonist
// breathing or walking. Everything is a transform animated by the Web Animations API, so the
// compositor runs it without layout or paint on the main thread.
import type { CameraMove, SceneCue } from "@/lib/shared/scene-cues";
import { boxOnScreen, CAMERA_SCALE, placeFrame, type Placement, type Window } from "./frame";

/** One camera pose: translate (px) then scale, about the box's centre, and a small roll. */
interface Pose {
  s: number;
  x: number;
  y: number;
  r: number;
}

/** A camera move lasts this long one way, then eases back. */
export const CAMERA_MS = 16_000;

/**
 * The two poses a move eases between, in px for a box of `w`×`h`. Every pose keeps the scaled
 * frame over the whole box: a translation never exceeds the overhang its scale gives.
 */
export function cameraPoses(move: CameraMove, direction: 1 | -1, w: number, h: number, focus: { x: number; y: number }): [Pose, Pose] {
  const room = (s: number) => ({ x: ((s - 1) / 2) * w * 0.85, y: ((s - 1) / 2) * h * 0.85 });
  const clampTo = (s: number, x: number, y: number): Pose => {
    const r = room(s);
    return { s, x: Math.max(-r.x, Math.min(r.x, x)), y: Math.max(-r.y, Math.min(r.y, y)), r: 0 };
  };
  const d = direction;
  switch (move) {
    case "dolly": {
      // Push in toward the focus: the focus drifts toward the centre as the frame grows.
      const end = CAMERA_SCALE + 0.05;
      return [clampTo(CAMERA_SCALE - 0.02, 0, 0), clampTo(end, (0.5 - focus.x) * w * (end - 1), (0.5 - focus.y) * h * (end - 1))];
    }
    case "pan":
      return [clampTo(CAMERA_SCALE, -d * w * 0.03, 0), clampTo(CAMERA_SCALE, d * w * 0.03, 0)];
    case "crane":
      return [clampTo(CAMERA_SCALE, 0, d * h * 0.03), clampTo(CAMERA_SCALE, 0, -d * h * 0.03)];
    case "orbit":
      return [
        { ...clampTo(CAMERA_SCALE + 0.01, -d * w * 0.025, h * 0.006), r: -0.45 * d },
        { ...clampTo(CAMERA_SCALE + 0.01, d * w * 0.025, -h * 0.006), r: 0.45 * d },
      ];
    case "drift":
      return [clampTo(CAMERA_SCALE - 0.02, -d * w * 0.012, h * 0.006), clampTo(CAMERA_SCALE, d * w * 0.012, -h * 0.006)];
  }
}

/**
 * The part of a `w`×`h` box that stays on screen at every pose between `poses` (a point's screen
 * position is linear in scale and translation, so the two ends bound the whole move), less
 * `margin` px more (what the protagonist's own steps and a roll add).
 */
export function safeWindow(poses: Pose[], w: number, h: number, margin: { x: number; y: number }): Window {
  const cx = w / 2;
  const cy = h / 2;
  const roll = (p: Pose) => (Math.abs(p.r) * Math.PI) / 180;
  return {
    left: Math.max(...poses.map((p) => cx - (cx + p.x) / p.s + roll(p) * cy)) + margin.x,
    right: Math.min(...poses.map((p) => cx + (w - cx - p.x) / p.s - roll(p) * cy)) - margin.x,
    top: Math.max(...poses.map((p) => cy - (cy + p.y) / p.s + roll(p) * cx)) + margin.y,
    bottom: Math.min(...poses.map((p) => cy + (h - cy - p.y) / p.s - roll(p) * cx)) - margin.y,
  };
}

const transformOf = (p: Pose) =>
  `translate(${p.x.toFixed(2)}px, ${p.y.toFixed(2)}px) scale(${p.s.toFixed(4)}) rotate(${p.r.toFixed(3)}deg)`;

/** How much farther a thing at `depth` (0 nearest … 1 farthest) moves than the background. */
export const parallaxOf = (depth: number) => 1 + (1 - Math.min(1, Math.max(0, depth))) * 0.6;

function px(el: HTMLElement, p: { x: number; y: number; w: number; h: number }): void {
  el.style.left = `${p.x}px`;
  el.style.top = `${p.y}px`;
  el.style.width = `${p.w}px`;
  el.style.height = `${p.h}px`;
}

/**
 * The moving picture of one state inside its `.pw-layer`: the frame, placed around the focus,
 * and, with motion, the camera's animation on it and on a cut-out of each near thing and of the
 * protagonist (the same picture, clipped to the manifest's box, moving a little farther).
 */
export class Rig {
  private animations: Animation[] = [];
  private parts: HTMLElement[] = [];
  private observer: ResizeObserver | null = null;
  private lastSize = "";

  constructor(
    private readonly layer: HTMLElement,
    private readonly cue: SceneCue | undefined,
    private readonly reduced: () => boolean,
  ) {}

  private get img(): HTMLImageElement | null {
    return this.layer.querySelector<HTMLImageElement>("img.pw-frame");
  }

  start(): void {
    this.build();
    if (typeof ResizeObserver !== "undefined") {
      this.observer = new ResizeObserver(() => this.build());
      this.observer.observe(this.layer);
    }
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
    this.clear();
  }

  private clear(): void {
    for (const a of this.animations) a.cancel();
    this.animations = [];
    for (const part of this.parts) part.remove();
    this.parts = [];
  }

  /** (Re)places the frame for the box's size and starts the moves; placeholders just move. */
  build(): void {
    const w = this.layer.clientWidth;
    const h = this.layer.clientHeight;
    const key = `${w}x${h}:${this.reduced() ? "still" : "move"}`;
    if (w === 0 || h === 0 || key === this.lastSize) return;
    this.lastSize = key;
    this.clear();
    const img = this.img;
    const cue = this.cue;
    const focus = cue?.focus ?? null;
    const aspect = img && img.naturalWidth > 0 ? img.naturalWidth / img.naturalHeight : 16 / 9;
    const f = focus ? { x: focus.x + focus.w / 2, y: focus.y + focus.h / 2 } : { x: 0.5, y: 0.5 };
    const poses = cameraPoses(cue?.camera.move ?? "drift", cue?.camera.direction ?? 1, w, h, f);
    const [from, to] = poses;
    // The protagonist's cut-out moves a quarter further than the camera, and steps on its own.
    const subjectPx = cue?.subject.box ? cue.subject.box.w * Math.max(w, h * aspect) : 0;
    const reach = Math.max(...poses.map((p) => Math.abs(p.x))) * 0.25 + Math.max(2, subjectPx * 0.08) + 4;
    const rise = Math.max(...poses.map((p) => Math.abs(p.y))) * 0.25 + 6;
    const place = placeFrame(
      w,
      h,
      aspect,
      [focus, cue?.subject.box ?? null],
      this.reduced() ? undefined : safeWindow(poses, w, h, { x: reach, y: rise }),
    );
    const target = img ?? this.layer;
    if (img) {
      img.classList.add("is-placed");
      px(img, { x: place.left, y: place.top, w: place.width, h: place.height });
      img.style.transformOrigin = `${w / 2 - place.left}px ${h / 2 - place.top}px`;
    }
    if (this.reduced()) return;
    const timing: KeyframeAnimationOptions = { duration: CAMERA_MS, iterations: Infinity, direction: "alternate", easing: "ease-in-out" };
    // Start a quarter of the way in: the camera is already moving when the scene appears.
    const move = (el: HTMLElement, extra?: (p: Pose) => string, extraTiming?: KeyframeAnimationOptions) => {
      const a = el.animate([{ transform: transformOf(from) }, { transform: transformOf(to) }], timing);
      a.currentTime = CAMERA_MS * 0.25;
      this.animations.push(a);
      if (extra) {
        const b = el.animate([{ transform: extra(from) }, { transform: extra(to) }], { ...timing, ...extraTiming, composite: "add" });
        b.currentTime = CAMERA_MS * 0.25;
        this.animations.push(b);
      }
    };
    move(target);
    if (!img || !cue) return;
    for (const layer of cue.layers) {
      const k = parallaxOf(layer.depth) - 1;
      const part = this.cutOut(img, place, layer.box, w, h);
      move(part, (p) => `translate(${(p.x * k).toFixed(2)}px, ${(p.y * k).toFixed(2)}px)`);
    }
    const subject = cue.subject.box;
    if (subject) {
      const part = this.cutOut(img, place, subject, w, h);
      part.classList.add("pw-subject");
      move(part, (p) => `translate(${(p.x * 0.25).toFixed(2)}px, ${(p.y * 0.25).toFixed(2)}px)`);
      const height = subject.h * place.height;
      const bob = cue.subject.motion === "walk" ? Math.max(1.5, height * 0.025) : Math.max(0.8, height * 0.01);
      const step = part.animate([{ transform: "translateY(0px)" }, { transform: `translateY(${(-bob).toFixed(2)}px)` }], {
        duration: cue.subject.motion === "walk" ? 480 : 2600,
        iterations: Infinity,
        direction: "alternate",
        easing: "ease-in-out",
        composite: "add",
      });
      this.animations.push(step);
      if (cue.subject.motion === "walk") {
        const sway = Math.max(2, subject.w * place.width * 0.08);
        this.animations.push(
          part.animate([{ transform: `translateX(${(-sway).toFixed(2)}px)` }, { transform: `translateX(${sway.toFixed(2)}px)` }], {
            duration: 5200,
            iterations: Infinity,
            direction: "alternate",
            easing: "ease-in-out",
            composite: "add",
          }),
        );
      }
    }
  }

  /** A cut-out of `box` of the frame: a clipped box over the stage showing the same picture. */
  private cutOut(
    img: HTMLImageElement,
    place: Placement,
    box: { x: number; y: number; w: number; h: number },
    w: number,
    h: number,
  ): HTMLElement {
    const at = boxOnScreen(box, place);
    const part = document.createElement("div");
    part.className = "pw-part";
    part.setAttribute("aria-hidden", "true");
    px(part, at);
    part.style.transformOrigin = `${w / 2 - at.x}px ${h / 2 - at.y}px`;
    const copy = document.createElement("img");
    copy.alt = "";
    copy.decoding = "sync";
    copy.src = img.currentSrc || img.src;
    px(copy, { x: place.left - at.x, y: place.top - at.y, w: place.width, h: place.height });
    part.append(copy);
    this.layer.append(part);
    this.parts.push(part);
    return part;
  }
}

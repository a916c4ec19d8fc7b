// What the player shows, as plain data: a pure function of the world and the current state.
// No DOM here, so the rules (templates, images, hotkeys, endings) are testable on their own.
// Only the kernel's pure, zod-free modules are imported, to keep the bundle small.
import { buildGraphIndex, isEndingState, isTransition, type GraphIndex } from "@/lib/kernel/graph-index";
import type { Event, State, Variant, World } from "@/lib/kernel/schema";
import { fillTemplate } from "@/lib/kernel/templates";

export type Outcome = "good" | "bad" | "neutral";

export interface ActionView {
  /** Index into `world.scene.events`. */
  index: number;
  name: string;
  /** As authored, trimmed; empty when the event has none. */
  hotkey: string;
  kind: "transition" | "override";
  /** Filled `base` and `detail` of the event (shown as a caption when it plays). */
  base: string;
  detail: string;
}

/** A campaign chapter's winning ending leads on: `ending.next` (docs/campaigns.md). */
export interface NextChapter {
  campaignId: string;
  chapter: number;
  worldId: string;
}

export interface EndingView {
  title: string;
  text: string;
  outcome: Outcome | null;
  /** The next chapter of the campaign, on the winning ending of a chapter that has one. */
  next: NextChapter | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `ending.next` when it is well formed (the graph is data from anywhere): else null. */
export function nextChapterOf(ending: unknown): NextChapter | null {
  const next = ending && typeof ending === "object" ? (ending as { next?: unknown }).next : undefined;
  if (!next || typeof next !== "object") return null;
  const { campaignId, chapter, worldId } = next as Record<string, unknown>;
  if (typeof campaignId !== "string" || typeof worldId !== "string" || !UUID.test(worldId)) return null;
  if (typeof chapter !== "number" || !Number.isInteger(chapter) || chapter < 1) return null;
  return { campaignId, chapter, worldId };
}

/**
 * What a player sees of a state: its picture, label, prose, actions and ending. A state's
 * `camera` and `movement` are left out on purpose: they are directions for the renderer (how the
 * shot is framed, how the subject moves), not story, and only the Studio's preview shows them.
 */
export interface SceneView {
  stateId: string;
  /** The take being played: a variant of the state, or null for the plain state. */
  take: { id: string; label: string } | null;
  /** Short title of the shot (`state.image.label`, else the entrance label on the entrance). */
  label: string;
  /** A safe image URL, or null for the gradient placeholder. */
  image: string | null;
  /** Placeholder hue (0..359), stable per state. */
  hue: number;
  base: string;
  ambient: string[];
  actions: ActionView[];
  ending: EndingView | null;
}

/** Image URLs the player will put in `<img src>`: http(s), same-origin paths, inline raster/SVG data. */
export function safeImageUrl(src: unknown): string | null {
  if (typeof src !== "string") return null;
  const s = src.trim();
  if (s === "") return null;
  if (/^https?:\/\//i.test(s) || /^data:image\//i.test(s) || /^blob:/i.test(s)) return s;
  if (s.startsWith("/") && !s.startsWith("//")) return s;
  return null;
}

/** A stable hue for a state's placeholder (FNV-1a of its id). */
export function hueOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 360;
}

/** `state.image` is an additive property of live-generated worlds: `{src, label}`. */
function stateImage(state: State): { src: unknown; label: unknown } | undefined {
  const image = (state as { image?: unknown }).image;
  return image && typeof image === "object" ? (image as { src: unknown; label: unknown }) : undefined;
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const OUTCOMES: readonly string[] = ["good", "bad", "neutral"];

/** The label shown on a hotkey chip: `q` → `Q`, `space` → `Space`. */
export function hotkeyLabel(hotkey: string): string {
  const k = hotkey.trim();
  if (k === " ") return "Space";
  return k.length === 1 ? k.toUpperCase() : k.charAt(0).toUpperCase() + k.slice(1);
}

/** Whether a KeyboardEvent `key` triggers this hotkey (trimmed, case-insensitive, as the gate compares). */
export function matchesHotkey(hotkey: string, key: string): boolean {
  const k = hotkey.trim().toLowerCase();
  if (k === "") return false;
  const pressed = key.toLowerCase();
  return k === pressed || (k === "space" && pressed === " ") || (k === "esc" && pressed === "escape");
}

/** A variant's relative weight: default 1; zero, negative or not a number never plays. */
function weightOf(variant: Variant): number {
  const w = variant.weight;
  if (w === undefined) return 1;
  return typeof w === "number" && Number.isFinite(w) && w > 0 ? w : 0;
}

/**
 * The take of a state to play for `roll` in [0, 1): the plain state counts as one take of
 * weight 1 beside its variants, each picked with probability proportional to its weight.
 * `roll` 0 is always the plain state, so a page drawn without randomness shows it.
 */
export function pickTake(state: State, roll: number): Variant | null {
  const variants = Array.isArray(state.variants) ? state.variants.filter((v) => weightOf(v) > 0) : [];
  if (variants.length === 0) return null;
  let point = Math.min(Math.max(roll, 0), 0.999999) * variants.reduce((sum, v) => sum + weightOf(v), 1);
  if (point < 1) return null;
  point -= 1;
  for (const v of variants) {
    point -= weightOf(v);
    if (point < 0) return v;
  }
  return variants[variants.length - 1] ?? null;
}

export class WorldModel {
  readonly world: World;
  readonly index: GraphIndex;

  constructor(world: World) {
    this.world = world;
    this.index = buildGraphIndex(world);
  }

  get entrance(): string {
    return this.world.entrance.state;
  }

  state(id: string): State | undefined {
    return Object.prototype.hasOwnProperty.call(this.world.scene.states, id) ? this.world.scene.states[id] : undefined;
  }

  event(index: number): Event | undefined {
    return this.world.scene.events[index];
  }

  private fill(text: unknown, state: State | undefined): string {
    return fillTemplate(str(text), state?.slots, this.world.slots).trim();
  }

  /** Image URL for a state: its own frame, else the entrance frame on the entrance. */
  imageOf(id: string): string | null {
    const state = this.state(id);
    const own = state ? safeImageUrl(stateImage(state)?.src) : null;
    if (own) return own;
    return id === this.entrance ? safeImageUrl(this.world.entrance.image?.src) : null;
  }

  /** What the player shows on `id`; `roll` in [0, 1) picks the take (see `pickTake`). */
  view(id: string, roll = 0): SceneView | null {
    const state = this.state(id);
    if (!state) return null;
    const take = pickTake(state, roll);
    const image = stateImage(state);
    const label = this.fill(image?.label, state) || (id === this.entrance ? this.fill(this.world.entrance.image?.label, undefined) : "");
    const actions: ActionView[] = [];
    for (const i of this.index.outEvents.get(id) ?? []) {
      const e = this.world.scene.events[i];
      if (!e) continue;
      // A transition to a state that does not exist is refused by the gate; never offer one.
      if (isTransition(e) && !this.state(e.to)) continue;
      actions.push({
        index: i,
        name: this.fill(e.name, state) || "Continue",
        hotkey: str(e.hotkey).trim(),
        kind: isTransition(e) ? "transition" : "override",
        base: this.fill(e.base, state),
        detail: this.fill(e.detail, state),
      });
    }
    let ending: EndingView | null = null;
    if (isEndingState(state)) {
      const outcome = str(state.ending.outcome);
      ending = {
        title: this.fill(state.ending.title, state) || "The end",
        text: this.fill(state.ending.text, state),
        outcome: OUTCOMES.includes(outcome) ? (outcome as Outcome) : null,
        next: nextChapterOf(state.ending),
      };
    }
    return {
      stateId: id,
      take: take ? { id: take.id, label: this.fill(take.label, state) } : null,
      label,
      image: this.imageOf(id),
      hue: hueOf(id),
      // A variant's base replaces the state's; one without a base keeps it.
      base: this.fill(take && str(take.base).trim() !== "" ? take.base : state.base, state),
      ambient: (Array.isArray(state.ambient) ? state.ambient : []).map((line) => this.fill(line, state)).filter((line) => line !== ""),
      actions,
      ending,
    };
  }

  /** The action of `view` a key press triggers, if any. */
  actionForKey(view: SceneView, key: string): ActionView | undefined {
    return view.actions.find((a) => matchesHotkey(a.hotkey, key));
  }

  /** Where an event leads: the target state of a transition, or null for an override (plays in place). */
  targetOf(index: number): string | null {
    const e = this.event(index);
    return e && isTransition(e) && this.state(e.to) ? e.to : null;
  }

  /** States one transition away, for preloading their frames. */
  neighbours(id: string): string[] {
    const out: string[] = [];
    for (const i of this.index.outTransitions.get(id) ?? []) {
      const to = this.world.scene.events[i]?.to;
      if (to !== undefined && to !== id && !out.includes(to) && this.state(to)) out.push(to);
    }
    return out;
  }
}

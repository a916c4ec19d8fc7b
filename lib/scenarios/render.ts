import { getProvider, type PaintInput, type PaintReference, type PaintResult, type SceneManifest } from "@/lib/ai";
import { framePrompt } from "@/lib/ai/frame-prompt";
import { storeAsset, storeManifest } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import { getState, type World } from "@/lib/kernel";
import type { Mode } from "@/lib/shared/caller";
import { frameLabel } from "@/lib/generation/pipeline";
import { readPaintReference } from "@/lib/vision/subject-reference";
import { asBuffer, cpuTask } from "@/lib/workers/pool";
import { planClip, type ClipPlan, type ClipStep } from "./clip";
import type { encodePreviewGif } from "./preview-gif";
import type { ClipSpec } from "./requests";

/*
 * Rendering a clip: walk its plan, paint one frame per step with the painter in use (`mock`
 * under test keys, `local` offline, or the configured OpenAI-compatible server), store each
 * frame content-addressed (with the local painter's scene manifest beside it), then encode an
 * animated GIF preview of the frames on the CPU worker pool. Every stored object is named by its
 * bytes, so rendering a clip again (a retried job step) stores nothing new.
 */

export interface RenderedClip {
  /** The state ids walked, one per step. */
  states: string[];
  /** Hosted frame URLs, one per step. */
  frames: string[];
  /** Hosted animated GIF of the frames. */
  preview: string;
  /** Each frame's scene manifest (what was drawn where) when its painter knows it; null otherwise. */
  manifests: (SceneManifest | null)[];
  /** Each frame's caption: the state made readable, and the event's prose where the step shows one. */
  captions?: string[];
  /** The prompt each frame was painted from (after the variation and counterfactual). */
  prompts?: string[];
}

type Apply = NonNullable<ClipSpec["apply"]>;
type Conditions = NonNullable<PaintInput["conditions"]>;

/** The words a variation's light and weather add to every frame's prompt (the local painter reads the same words). */
const TIME_WORDS: Record<NonNullable<Apply["timeOfDay"]>, string> = {
  night: "at night",
  dusk: "at dusk",
  dawn: "at dawn",
  day: "in daylight",
};
const WEATHER_WORDS: Record<NonNullable<Apply["weather"]>, string> = {
  clear: "in clear weather",
  cloudy: "on an overcast day",
  storm: "in a storm",
  rain: "in the rain",
  snow: "in falling snow",
  fog: "in thick fog",
};

/** What one step is painted from: the state (its variant's prose when the variation names one), the event's prose where it shows, and the variation's words. */
export function clipFramePrompt(
  plan: ClipPlan,
  step: ClipStep,
  apply: Apply | undefined,
): Pick<PaintInput, "prompt" | "mood" | "subject" | "conditions"> & { caption: string } {
  const world = plan.world;
  const state = getState(world, step.stateId);
  const variant = apply?.variant !== undefined ? state?.variants.find((v) => v.id === apply.variant) : undefined;
  // The variant's prose stands in for the state's, through the same frame prompt the world's frames use.
  const painted: World =
    variant?.base && state
      ? { ...world, scene: { ...world.scene, states: { ...world.scene.states, [step.stateId]: { ...state, base: variant.base } } } }
      : world;
  const frame = framePrompt(painted, step.stateId);
  // An override plays in place and a counterfactual's rewritten event is the clip's point: their prose is in the frame.
  const eventBase = step.event && (step.replaced === true || step.event.to === undefined) ? step.event.base.trim() : "";
  const conditions: Conditions = {
    ...(apply?.timeOfDay ? { timeOfDay: apply.timeOfDay } : {}),
    ...(apply?.weather ? { weather: apply.weather } : {}),
  };
  const words = [apply?.timeOfDay && TIME_WORDS[apply.timeOfDay], apply?.weather && WEATHER_WORDS[apply.weather]]
    .filter(Boolean)
    .join(", ");
  const prompt = [frame.prompt, eventBase, words, variant && !variant.base ? (variant.label ?? variant.id) : "", apply?.note ?? ""]
    .filter((p) => p !== "")
    .join(". ");
  const label = frameLabel(world, step.stateId);
  return {
    prompt,
    ...(frame.mood ? { mood: frame.mood } : {}),
    ...(frame.subject ? { subject: frame.subject } : {}),
    ...(Object.keys(conditions).length > 0 ? { conditions } : {}),
    caption: eventBase ? `${label}: ${eventBase}` : label,
  };
}

const previewTask = cpuTask<typeof encodePreviewGif>("previewGif");

/** Encodes the frames' bytes as the clip's animated preview (on the worker pool) and hosts it. */
export async function hostPreviewGif(frames: Uint8Array[], baseUrl: string, signal?: AbortSignal): Promise<string> {
  const gif = await previewTask({ frames }, signal);
  if ("decodeError" in gif) throw new Error(`the clip's preview could not be made: ${gif.decodeError}`);
  return (await storeAsset(asBuffer(gif.bytes), "image/gif", baseUrl)).url;
}

// A world's subject reference is read once per process and reference URL, not once per clip.
const references = new Map<string, Promise<PaintReference | undefined>>();
const MAX_REFERENCES = 32;

function subjectReference(mode: Mode, world: World): Promise<PaintReference | undefined> {
  const url = world.subjectRef?.imageUrl;
  if (mode === "test" || !url) return Promise.resolve(undefined);
  let read = references.get(url);
  if (!read) {
    // An unreadable reference leaves the subject lock to the prose (`featuring …`), as a world
    // without one; it is not remembered, so a later clip tries again.
    read = readPaintReference(mode, url, "subjectRef.imageUrl").catch(() => {
      references.delete(url);
      return undefined;
    });
    if (references.size >= MAX_REFERENCES) references.delete(references.keys().next().value as string);
    references.set(url, read);
  }
  return read;
}

/** Renders a planned clip. Throws the signal's reason when aborted (checked before each frame). */
export async function renderPlannedClip(input: {
  mode: Mode;
  plan: ClipPlan;
  spec: ClipSpec;
  baseUrl: string;
  signal?: AbortSignal;
}): Promise<RenderedClip> {
  const { mode, plan, spec, baseUrl, signal } = input;
  const provider = getProvider(mode);
  const reference = await subjectReference(mode, plan.world);
  // Steps with the same prompt (an override that repeats its state's frame) are painted once.
  const painted = new Map<string, Promise<{ image: PaintResult; url: string }>>();
  const frames: string[] = [];
  const manifests: (SceneManifest | null)[] = [];
  const captions: string[] = [];
  const prompts: string[] = [];
  const bytes: Uint8Array[] = [];
  for (const step of plan.steps) {
    signal?.throwIfAborted();
    const { caption, ...paint } = clipFramePrompt(plan, step, spec.apply);
    const key = JSON.stringify(paint);
    let frame = painted.get(key);
    if (!frame) {
      frame = (async () => {
        const image = await provider.paintImage({
          ...paint,
          aspect: "16:9",
          ...(reference ? { reference } : {}),
          ...(signal ? { signal } : {}),
        });
        const stored = await storeAsset(image.bytes, image.mimeType, baseUrl);
        if (image.manifest) await storeManifest(stored, image.manifest, baseUrl);
        return { image, url: stored.url };
      })();
      painted.set(key, frame);
    }
    const { image, url } = await frame;
    frames.push(url);
    manifests.push(image.manifest ?? null);
    captions.push(caption);
    prompts.push(image.prompt);
    bytes.push(image.bytes);
  }
  signal?.throwIfAborted();
  const preview = await hostPreviewGif(bytes, baseUrl, signal);
  return { states: plan.steps.map((s) => s.stateId), frames, preview, manifests, captions, prompts };
}

/**
 * How many frames a clip paints: its steps, less those whose paint request repeats an earlier
 * one (painted once, as renderPlannedClip does). What its `seed_frame` reservation counts.
 */
export function clipFrameCount(world: World, spec: ClipSpec): number {
  const planned = planClip(world, spec);
  if (!planned.ok) return 0;
  return new Set(
    planned.plan.steps.map((step) => {
      const paint: Partial<ReturnType<typeof clipFramePrompt>> = clipFramePrompt(planned.plan, step, spec.apply);
      delete paint.caption;
      return JSON.stringify(paint);
    }),
  ).size;
}

/** Plans and renders one clip; a clip that does not plan is a 422 with its reason (the API refuses those at submit). */
export async function renderClip(input: {
  mode: Mode;
  world: World;
  spec: ClipSpec;
  baseUrl: string;
  signal?: AbortSignal;
}): Promise<RenderedClip> {
  const planned = planClip(input.world, input.spec);
  if (!planned.ok)
    throw new ApiError("validation_failed", `The clip cannot be planned: ${planned.reason}`, {
      errors: [planned.reason],
      ...(planned.diagnostics ? { diagnostics: planned.diagnostics } : {}),
    });
  return renderPlannedClip({ ...input, plan: planned.plan });
}

import type { Aspect, PaintInput, PaintResult } from "../provider";
import { rasterizeSvg } from "../raster";
import { getLexicon } from "@/lib/lexicon";
import { composeScene } from "./paint/compose";
import { composePortrait } from "./paint/portrait";
import { measureVisibility } from "./paint/visibility";
import { effectivePrompt } from "./scene-svg";

// The local painter: frames composed from motifs (paint/compose.ts) and portraits
// (paint/portrait.ts), rasterized to PNG; the first painter's vector scenes live in scene-svg.ts.
export { effectivePrompt, sceneSvg, type SceneKind, type SceneSvg } from "./scene-svg";

/**
 * A light version of the scene (fewer small shapes) as a `data:` URI: the local author's offline
 * entrance image and cover, small enough to live inside the world document.
 */
export function sceneSvgDataUri(input: { prompt: string; mood?: string; aspect: Aspect }): string {
  return `data:image/svg+xml,${encodeURIComponent(composeScene({ ...input, lite: true }).svg)}`;
}

export const LOCAL_IMAGE_WIDTH: Record<Aspect, number> = { "16:9": 1280, "1:1": 768 };

/**
 * Paints a frame from its motifs (lib/ai/local/paint): what the prompt names, laid out by depth
 * and lit by its time of day and weather, with the subject drawn the same in every frame; the
 * result carries the scene manifest of what was drawn where.
 */
export async function paintLocal(input: PaintInput): Promise<PaintResult> {
  // The worker's lexicon: every noun of the frame is drawn, by its own motif or its kind's.
  const scene = composeScene(input, getLexicon());
  const png = await rasterizeSvg(scene.svg, LOCAL_IMAGE_WIDTH[input.aspect], input.signal);
  const visible = measureVisibility(scene.objectSvgs);
  const m = { ...scene.manifest, objects: scene.manifest.objects.map((o, i) => ({ ...o, visible: visible[i] })) };
  const artStyle = `procedural vector art: ${m.objects.map((o) => o.motif).join(", ")}; ${m.timeOfDay}, ${m.weather}`;
  return {
    bytes: png.bytes,
    mimeType: "image/png",
    width: png.width,
    height: png.height,
    prompt: effectivePrompt(input.prompt, input.mood),
    artStyle,
    provider: "local",
    manifest: m,
  };
}

/** The subject's own word for the manifest: the head noun of its first phrase that the lexicon knows as a being ("Maren, an old keeper" → keeper). */
function portraitLabel(subject: string): string {
  const lexicon = getLexicon();
  const words = subject
    .toLowerCase()
    .split(/[,;(]/)
    .flatMap((part) =>
      part
        .split(/\s+(?:who|in|on|at|with|from|of)\s+/)[0]!
        .split(/\s+/)
        .reverse(),
    );
  return words.find((w) => /^\p{L}+$/u.test(w) && lexicon.pick(w, { expect: "being" })?.kind === "person") ?? "person";
}

/**
 * Paints a character's portrait in one stance (lib/ai/local/paint/portrait.ts): the subject drawn
 * the same in every stance, the stance's expression and mood in the face, the pose and the light,
 * framed as `portrait.camera` says; the manifest names the character as the subject.
 */
export async function paintPortraitLocal(input: PaintInput & { portrait: NonNullable<PaintInput["portrait"]> }): Promise<PaintResult> {
  const subject = input.subject?.trim() || input.prompt;
  const composed = composePortrait(
    {
      subject,
      stance: input.portrait.stance,
      camera: input.portrait.camera,
      scene: input.portrait.scene,
      aspect: input.aspect,
      ...(input.reference ? { reference: { look: input.reference.look } } : {}),
    },
    portraitLabel(subject),
  );
  const png = await rasterizeSvg(composed.svg, LOCAL_IMAGE_WIDTH[input.aspect], input.signal);
  const artStyle = `procedural vector portrait: ${composed.framing.name}; ${input.portrait.stance.label.toLowerCase()}`;
  return {
    bytes: png.bytes,
    mimeType: "image/png",
    width: png.width,
    height: png.height,
    prompt: effectivePrompt(input.prompt, input.mood),
    artStyle,
    provider: "local",
    manifest: composed.manifest,
  };
}

import { getProvider, type GroundedObject, type Provider, type SceneManifest, type VisionFrame } from "@/lib/ai";
import type { World } from "@/lib/kernel";
import type { Mode } from "@/lib/shared/caller";
import { readSeedFrame } from "@/lib/vision/seed";
import { detectObjects } from "@/lib/vision/vision";
import { planClip } from "./clip";
import type { RenderedClip } from "./render";
import type { ClipSpec } from "./requests";

/*
 * Verifying a rendered clip. `path` and `reach` are the kernel's (the plan); `visible:<label>` and
 * `absent:<label>` ask the provider's vision about the final frame, and `subject` asks for the
 * world's protagonist in every frame. A frame the local painter painted is grounded exactly from
 * its scene manifest; any other through the provider (the offline detector, a vision model, the
 * test-mode mock). These vision calls go to the provider directly, not through the metered
 * `/v1/vision/check`: a clip is charged once, as a clip, when it is accepted (docs/scenarios.md).
 */

export interface ClipCheck {
  name: string;
  pass: boolean;
  detail: string;
}

export interface ClipVerification {
  pass: boolean;
  checks: ClipCheck[];
}

/** An object counts as present at this score or above: the default `minScore` of `/v1/vision/check`. */
export const PRESENT_MIN_SCORE = 0.3;

const q = (s: string): string => JSON.stringify(s);
const round2 = (v: number) => Math.round(v * 100) / 100;

/** A stored frame as vision reads it, with the manifest the render returned when the store has none beside it. */
async function loadFrame(url: string, index: number, manifest: SceneManifest | null): Promise<VisionFrame> {
  const frame = await readSeedFrame(url, `frames[${index}]`);
  if (!frame) throw new Error(`frames[${index}] is a GIF, which vision cannot read`);
  return frame.manifest || !manifest ? frame : { ...frame, manifest };
}

function best(objects: GroundedObject[], phrase: string): GroundedObject | undefined {
  return objects.filter((o) => o.phrase === phrase).sort((a, b) => b.score - a.score)[0];
}

/** The `visible:` and `absent:` checks on the final frame: one vision call for every label. */
async function labelChecks(
  provider: Provider,
  frame: VisionFrame,
  finalIndex: number,
  visible: string[],
  absent: string[],
  signal?: AbortSignal,
): Promise<ClipCheck[]> {
  const labels = [...new Set([...visible, ...absent])];
  if (labels.length === 0) return [];
  if (!provider.capabilities.has("vision")) {
    const detail = `the ${provider.name} provider cannot see images`;
    return [
      ...visible.map((l) => ({ name: `visible:${l}`, pass: false, detail })),
      ...absent.map((l) => ({ name: `absent:${l}`, pass: false, detail })),
    ];
  }
  const found = await provider.ground({ frame, phrases: labels, detect: detectObjects, ...(signal ? { signal } : {}) });
  const where = `the final frame (frames[${finalIndex}], ${found.source === "manifest" ? "from its scene manifest" : `by ${found.source}`})`;
  const seen = (label: string) => {
    const top = best(found.objects, label);
    const present = top !== undefined && top.score >= PRESENT_MIN_SCORE;
    const what = top ? `${q(top.label)} at score ${round2(top.score)}` : "nothing";
    return { present, what };
  };
  return [
    ...visible.map((label) => {
      const { present, what } = seen(label);
      return {
        name: `visible:${label}`,
        pass: present,
        detail: `${q(label)} ${present ? "is" : "is not"} in ${where}: found ${what} (present at ${PRESENT_MIN_SCORE} or above)`,
      };
    }),
    ...absent.map((label) => {
      const { present, what } = seen(label);
      return {
        name: `absent:${label}`,
        pass: !present,
        detail: `${q(label)} ${present ? "is" : "is not"} in ${where}: found ${what} (present at ${PRESENT_MIN_SCORE} or above)`,
      };
    }),
  ];
}

/** The protagonist in one frame: the painter's own subject object, else the world's subject grounded. */
async function subjectIn(
  provider: Provider,
  frame: VisionFrame,
  phrase: string,
  signal?: AbortSignal,
): Promise<{ present: boolean; label: string | null; note: string }> {
  if (frame.manifest) {
    const hero = frame.manifest.objects.find((o) => o.subject === true);
    const score = hero ? (hero.visible ?? 1) : 0;
    return {
      present: hero !== undefined && score >= PRESENT_MIN_SCORE,
      label: hero?.label ?? null,
      note: hero ? `${q(hero.label)} ${round2(score)} in view` : "no subject drawn",
    };
  }
  const found = await provider.ground({ frame, phrases: [phrase], detect: detectObjects, ...(signal ? { signal } : {}) });
  const top = best(found.objects, phrase);
  return {
    present: top !== undefined && top.score >= PRESENT_MIN_SCORE,
    label: null,
    note: top ? `${q(top.label)} at score ${round2(top.score)}` : "not found",
  };
}

/** The world's protagonist in every frame, and (where the painter says who it drew) the same one in each. */
async function subjectCheck(provider: Provider, world: World, frames: VisionFrame[], signal?: AbortSignal): Promise<ClipCheck> {
  const phrase = (world.subject || world.subjectRef?.descriptor || "").trim();
  if (phrase === "") return { name: "subject", pass: true, detail: "the world names no subject to follow" };
  if (!frames.every((f) => f.manifest) && !provider.capabilities.has("vision"))
    return { name: "subject", pass: false, detail: `the ${provider.name} provider cannot see images` };
  const missing: string[] = [];
  const notes: string[] = [];
  const labels = new Map<string, string[]>();
  for (let i = 0; i < frames.length; i++) {
    signal?.throwIfAborted();
    const seen = await subjectIn(provider, frames[i] as VisionFrame, phrase, signal);
    notes.push(`frames[${i}]: ${seen.note}`);
    if (!seen.present) missing.push(`frames[${i}]`);
    if (seen.label !== null) labels.set(seen.label, [...(labels.get(seen.label) ?? []), `frames[${i}]`]);
  }
  const found = ` (${notes.join("; ")})`;
  if (missing.length > 0)
    return {
      name: "subject",
      pass: false,
      detail: `${q(phrase)} is missing from ${missing.join(", ")} of ${frames.length} frame(s)${found}`,
    };
  if (labels.size > 1) {
    const who = [...labels].map(([label, where]) => `${q(label)} in ${where.join(", ")}`).join("; ");
    return { name: "subject", pass: false, detail: `the protagonist changes between frames: ${who}` };
  }
  return { name: "subject", pass: true, detail: `${q(phrase)} is in all ${frames.length} frame(s)${found}` };
}

/** Verifies a rendered clip; every check carries a detail, `pass` is all of them. */
export async function verifyClip(input: {
  mode: Mode;
  world: World;
  spec: ClipSpec;
  rendered: RenderedClip;
  signal?: AbortSignal;
}): Promise<ClipVerification> {
  const { world, spec, rendered, signal } = input;
  const checks: ClipCheck[] = [];
  const walked = rendered.states;
  const planned = planClip(world, spec);
  if (!planned.ok) {
    checks.push({ name: "path", pass: false, detail: `the clip does not plan: ${planned.reason}` });
  } else {
    const states = planned.plan.steps.map((s) => s.stateId);
    const same = states.length === walked.length && states.every((s, i) => s === walked[i]) && rendered.frames.length === states.length;
    checks.push({
      name: "path",
      pass: same,
      detail: same
        ? `walked ${states.join(" → ")} (${states.length} frame(s))`
        : `the plan walks ${states.join(" → ")} but the clip rendered ${walked.join(" → ")} with ${rendered.frames.length} frame(s)`,
    });
  }
  const last = walked.at(-1);
  const reach = spec.expect?.reach;
  if (reach !== undefined) {
    checks.push({
      name: "reach",
      pass: last === reach,
      detail:
        last === reach
          ? `ends in ${q(reach)} as expected`
          : `expected to end in ${q(reach)}, ends in ${last === undefined ? "no state" : q(last)}`,
    });
  }

  const provider = getProvider(input.mode);
  const frames: VisionFrame[] = [];
  for (let i = 0; i < rendered.frames.length; i++) {
    signal?.throwIfAborted();
    frames.push(await loadFrame(rendered.frames[i] as string, i, rendered.manifests[i] ?? null));
  }
  const final = frames.at(-1);
  const visible = spec.expect?.visible ?? [];
  const absent = spec.expect?.absent ?? [];
  if (final) checks.push(...(await labelChecks(provider, final, frames.length - 1, visible, absent, signal)));
  else
    checks.push(
      ...[...visible.map((l) => `visible:${l}`), ...absent.map((l) => `absent:${l}`)].map((name) => ({
        name,
        pass: false,
        detail: "the clip has no frame to look at",
      })),
    );
  checks.push(
    frames.length > 0
      ? await subjectCheck(provider, world, frames, signal)
      : { name: "subject", pass: false, detail: "the clip has no frame" },
  );
  return { pass: checks.every((c) => c.pass), checks };
}

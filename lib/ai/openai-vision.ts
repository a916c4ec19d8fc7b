import type { JSONSchema7, ModelMessage, UserContent } from "ai";
import { z } from "zod";
import { ProviderError } from "./errors";
import { parseJsonAnswer } from "./land";
import type { Box, DescribeInput, DescribeResult, GroundedObject, GroundInput, GroundResult, VisionFrame } from "./provider";

// Vision of the `openai-compatible` provider: the frame goes to the configured chat model as an
// image part, with a JSON schema for the answer. Boxes are validated and clamped to the frame;
// a malformed answer is sent back once with what was wrong, then the call fails (502).

const PROVIDER = "openai-compatible" as const;
/** One answer and one repair round. */
const ATTEMPTS = 2;
/** A coordinate past this is not normalised (pixels, percent): a malformed answer, not a clamp. */
const MAX_OVERSHOOT = 1.05;

/** What the provider's `complete` takes (lib/ai/openai-compatible.ts). */
export interface VisionCall {
  system: string;
  messages: ModelMessage[];
  schema: JSONSchema7;
  schemaName: string;
  signal?: AbortSignal;
}
export type Complete = (what: string, call: VisionCall) => Promise<string>;

const ZBox = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
const ZGroundAnswer = z.object({
  objects: z.array(z.object({ phrase: z.string(), label: z.string(), score: z.number(), box: ZBox })),
});
const ZDescribeAnswer = z.object({ caption: z.string().trim().min(1), labels: z.array(z.string()) });
const GROUND_SCHEMA = z.toJSONSchema(ZGroundAnswer, { target: "draft-7" }) as JSONSchema7;
const DESCRIBE_SCHEMA = z.toJSONSchema(ZDescribeAnswer, { target: "draft-7" }) as JSONSchema7;

const GROUND_SYSTEM =
  "You locate objects in an image. For each phrase the user lists, return every object in the image that the phrase names, as " +
  'JSON {"objects": [{"phrase", "label", "score", "box": {"x", "y", "w", "h"}}]}: `phrase` exactly as the user wrote it, `label` ' +
  "a short noun for the object, `score` your confidence 0..1, and `box` the object's bounding box as fractions 0..1 of the " +
  "image's width and height, origin at the top-left corner. Leave out phrases that name nothing in the image. Answer with JSON only.";
const DESCRIBE_SYSTEM =
  'You describe images. Answer with JSON {"caption": string, "labels": [string]}: a caption of what the image shows and the ' +
  "short nouns of the main things in it, most prominent first. Answer with JSON only.";

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function imageMessage(frame: VisionFrame, text: string): ModelMessage {
  const content: UserContent = [
    { type: "text", text },
    { type: "image", image: frame.bytes, mediaType: frame.mimeType },
  ];
  return { role: "user", content };
}

/** A box inside the frame, or a reason it is unusable. */
export function clampBox(box: Box): Box | string {
  const values = [box.x, box.y, box.w, box.h];
  if (!values.every(Number.isFinite)) return "a box value is not a finite number";
  if (box.x + box.w > MAX_OVERSHOOT || box.y + box.h > MAX_OVERSHOOT || Math.min(...values) < -0.05) {
    return `box ${JSON.stringify(box)} is not normalised to 0..1 of the image`;
  }
  const x = clamp(box.x, 0, 1);
  const y = clamp(box.y, 0, 1);
  const w = clamp(box.x + box.w, 0, 1) - x;
  const h = clamp(box.y + box.h, 0, 1) - y;
  if (w <= 0 || h <= 0) return `box ${JSON.stringify(box)} is empty`;
  return { x: round3(x), y: round3(y), w: round3(w), h: round3(h) };
}

/** The grounded objects of an answer, or what is wrong with it. */
export function landGroundAnswer(
  text: string,
  phrases: string[],
): { ok: true; objects: GroundedObject[] } | { ok: false; problem: string } {
  const parsed = parseJsonAnswer(text);
  if (!parsed.ok) return { ok: false, problem: parsed.message };
  const answer = ZGroundAnswer.safeParse(parsed.value);
  if (!answer.success)
    return { ok: false, problem: answer.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ") };
  const byKey = new Map(phrases.map((p) => [p.trim().toLowerCase(), p]));
  const objects: GroundedObject[] = [];
  for (const o of answer.data.objects) {
    const phrase = byKey.get(o.phrase.trim().toLowerCase());
    if (phrase === undefined) continue; // an object nobody asked for
    const box = clampBox(o.box);
    if (typeof box === "string") return { ok: false, problem: box };
    objects.push({ phrase, label: o.label.trim() || phrase, score: round3(clamp(o.score, 0, 1)), box });
  }
  // Best first within each phrase, phrases in the caller's order.
  objects.sort((a, b) => phrases.indexOf(a.phrase) - phrases.indexOf(b.phrase) || b.score - a.score);
  return { ok: true, objects };
}

async function withRepair<T>(
  complete: Complete,
  what: string,
  call: VisionCall,
  land: (text: string) => { ok: true; value: T } | { ok: false; problem: string },
): Promise<T> {
  let messages = call.messages;
  let problem = "";
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const text = await complete(what, { ...call, messages });
    const landed = land(text);
    if (landed.ok) return landed.value;
    problem = landed.problem;
    messages = [
      ...call.messages,
      { role: "assistant", content: text.trim() === "" ? "(empty answer)" : text.slice(0, 8_000) },
      { role: "user", content: `That answer could not be used: ${problem}. Answer again with JSON only, following the schema.` },
    ];
  }
  throw new ProviderError("upstream", `The vision model gave no usable answer in ${ATTEMPTS} attempts: ${problem}.`, {
    provider: PROVIDER,
    attempts: ATTEMPTS,
  });
}

export async function groundWithModel(complete: Complete, input: GroundInput): Promise<GroundResult> {
  const text = `Phrases:\n${input.phrases.map((p) => `- ${p}`).join("\n")}`;
  const call: VisionCall = {
    system: GROUND_SYSTEM,
    messages: [imageMessage(input.frame, text)],
    schema: GROUND_SCHEMA,
    schemaName: "grounding",
    signal: input.signal,
  };
  const objects = await withRepair(complete, "vision", call, (answer) => {
    const landed = landGroundAnswer(answer, input.phrases);
    return landed.ok ? { ok: true, value: landed.objects } : landed;
  });
  return { objects, source: "model", provider: PROVIDER };
}

export async function describeWithModel(complete: Complete, input: DescribeInput): Promise<DescribeResult> {
  const ask = input.detail === "long" ? "Describe this image in a few sentences." : "Describe this image in one sentence.";
  const call: VisionCall = {
    system: DESCRIBE_SYSTEM,
    messages: [imageMessage(input.frame, ask)],
    schema: DESCRIBE_SCHEMA,
    schemaName: "description",
    signal: input.signal,
  };
  const described = await withRepair(complete, "vision", call, (answer) => {
    const parsed = parseJsonAnswer(answer);
    if (!parsed.ok) return { ok: false, problem: parsed.message };
    const d = ZDescribeAnswer.safeParse(parsed.value);
    if (!d.success) return { ok: false, problem: d.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ") };
    return {
      ok: true,
      value: { caption: d.data.caption, labels: [...new Set(d.data.labels.map((l) => l.trim()).filter(Boolean))].slice(0, 32) },
    };
  });
  return { ...described, source: "model", provider: PROVIDER };
}

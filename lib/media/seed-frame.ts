import { z } from "zod";
import { getProvider, type PaintInput } from "@/lib/ai";
import { framePrompt } from "@/lib/ai/frame-prompt";
import { ApiError } from "@/lib/errors";
import { readPaintReference } from "@/lib/vision/subject-reference";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import { makeHostedAsset } from "./metered-asset";

export const ZSeedFrameBody = z.strictObject({
  prompt: z.string().trim().min(1).max(2000).describe("what the frame shows"),
  mood: z.string().trim().max(200).optional().describe("a few words of mood: palette and lighting"),
});

export const ZSceneBody = z.strictObject({
  stateId: z.string().min(1).optional().describe("paint this state of the world (its base prose)"),
  prompt: z.string().trim().min(1).max(2000).optional().describe("what happens in the scene; added to the state's prose"),
  mood: z.string().trim().max(200).optional(),
});

/**
 * Paints one 16:9 frame (docs/api.md "Media"), metered as `seed_frame`: the unit is reserved
 * before the painter runs and given back if painting or hosting fails (fail-closed).
 */
async function paintFrame(caller: Caller, input: Omit<PaintInput, "aspect" | "signal">, baseUrl: string) {
  const {
    made: image,
    url,
    manifest,
  } = await makeHostedAsset({ appId: caller.appId, kind: "seed_frame", baseUrl, failure: "The frame could not be painted" }, () =>
    getProvider(caller.mode).paintImage({ ...input, aspect: "16:9" }),
  );
  return {
    imageBase64: image.bytes.toString("base64"),
    mimeType: image.mimeType,
    url,
    prompt: image.prompt,
    art_style: image.artStyle,
    ...(manifest ? { manifest } : {}),
    ...(caller.mode === "test" ? { mock: true as const } : {}),
  };
}

export function paintSeedFrame(caller: Caller, body: z.infer<typeof ZSeedFrameBody>, baseUrl: string) {
  return paintFrame(caller, { prompt: body.prompt, mood: body.mood }, baseUrl);
}

/** The next scene of a world, painted from its stored subject reference (and a state's prose). */
export async function paintScene(caller: Caller, worldId: string, body: z.infer<typeof ZSceneBody>, baseUrl: string) {
  const world = (await getWorldOrThrow(caller, worldId)).graph;
  if (!world.subjectRef) {
    throw new ApiError("validation_failed", "The world has no subjectRef to paint from; set one with the set_subject_ref op.", {
      errors: ["subjectRef: missing"],
    });
  }
  const state = body.stateId !== undefined ? world.scene.states[body.stateId] : undefined;
  if (body.stateId !== undefined && !state)
    throw new ApiError("invalid_request", `The world has no state "${body.stateId}".`, { errors: ["stateId: no such state"] });
  // A state's frame is asked for as generation asks (its prose with slots filled, the subject lock).
  const subject = world.subjectRef.descriptor || world.subject;
  const asked: Pick<PaintInput, "prompt" | "mood" | "subject"> = state
    ? framePrompt(world, state.id)
    : { prompt: subject || world.name, subject };
  // The reference image is read before the unit is reserved: a reference that cannot be read is a 4xx that spends nothing.
  const reference = await readPaintReference(caller.mode, world.subjectRef.imageUrl, "subjectRef.imageUrl");
  const frame = await paintFrame(
    caller,
    {
      prompt: [asked.prompt, body.prompt].filter(Boolean).join(", "),
      mood: body.mood ?? asked.mood,
      subject: asked.subject,
      ...(reference ? { reference } : {}),
    },
    baseUrl,
  );
  return { ...frame, subjectRef: world.subjectRef, ...(state ? { stateId: state.id } : {}) };
}

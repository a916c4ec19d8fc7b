import { getProvider, isProviderError, type GroundedObject, type Provider, type VisionFrame } from "@/lib/ai";
import { storeAsset } from "@/lib/assets/assets";
import { ApiError } from "@/lib/errors";
import { withQuota, type QuotaKind } from "@/lib/quota/quota";
import type { Caller } from "@/lib/shared/caller";
import { cpuTask } from "@/lib/workers/pool";
import { ImageDecodeError, type Detection } from "./detect";
import type { detectObjectsTask } from "./detect/detector";
import { loadFrame } from "./frames";
import type { CheckBody, DescribeBody, Frame, GroundBody } from "./requests";
import { checkBody, describeBody, groundBody, type FrameInfo } from "./serialize";

// Vision grounding (docs/vision.md, docs/api.md "Vision"): the frame is read and checked first (a bad
// frame is a 4xx that never touches the quota), then one unit of the call's quota kind is
// reserved, the provider looks, and the unit is given back if anything after the reservation
// fails. The offline detector is handed to the provider from here, and runs on the CPU worker
// pool (the model loaded once per worker thread), never on the request thread.

const detectTask = cpuTask<typeof detectObjectsTask>("detectObjects");

export async function detectObjects(image: { bytes: Uint8Array }): Promise<Detection[]> {
  const found = await detectTask({ bytes: image.bytes });
  if ("decodeError" in found) throw new ImageDecodeError(found.decodeError);
  return found.objects;
}

export function visionError(error: unknown): unknown {
  if (error instanceof ImageDecodeError) {
    return new ApiError("validation_failed", `The frame could not be decoded: ${error.message}. Nothing was charged.`, {
      errors: [`frame: ${error.message}`],
    });
  }
  if (!isProviderError(error)) return error;
  switch (error.code) {
    case "timeout":
    case "upstream":
    case "authoring_failed":
      return new ApiError("upstream_failed", `The vision provider failed: ${error.message} Nothing was charged; it is safe to retry.`);
    case "cancelled":
    case "config":
      return new ApiError("unavailable", `Vision is unavailable on this server: ${error.message}`);
  }
}

/** Loads the frame, then runs `look` on one reserved unit of `kind`; hosts a base64 frame once the look succeeded. */
async function withFrame<T>(
  caller: Caller,
  frame: Frame,
  kind: QuotaKind,
  baseUrl: string,
  look: (provider: Provider, frame: VisionFrame) => Promise<T>,
): Promise<{ result: T; frame: FrameInfo; mock: boolean }> {
  const loaded = await loadFrame(caller, frame);
  return withQuota(caller.appId, kind, async () => {
    try {
      const provider = getProvider(caller.mode);
      if (!provider.capabilities.has("vision")) throw new ApiError("validation_failed", `The ${provider.name} provider cannot see images.`);
      const result = await look(provider, loaded.frame);
      const url = loaded.url ?? (await storeAsset(loaded.frame.bytes, loaded.frame.mimeType, baseUrl)).url;
      return { result, frame: { url, width: loaded.frame.width, height: loaded.frame.height }, mock: caller.mode === "test" };
    } catch (error) {
      throw visionError(error);
    }
  });
}

export async function groundFrame(caller: Caller, body: GroundBody, baseUrl: string) {
  const phrases = [...new Set(body.phrases)];
  const { result, frame, mock } = await withFrame(caller, body.frame, "vision_ground", baseUrl, (provider, image) =>
    provider.ground({ frame: image, phrases, detect: detectObjects }),
  );
  return groundBody(result, frame, mock);
}

export async function describeFrame(caller: Caller, body: DescribeBody, baseUrl: string) {
  const { result, frame, mock } = await withFrame(caller, body.frame, "vision_describe", baseUrl, (provider, image) =>
    provider.describe({ frame: image, detail: body.detail, detect: detectObjects }),
  );
  return describeBody(result, frame, mock);
}

/** The best object for a label at or above `minScore`, if any. */
function bestFor(objects: GroundedObject[], label: string, minScore: number): GroundedObject | undefined {
  return objects.filter((o) => o.phrase === label && o.score >= minScore).sort((a, b) => b.score - a.score)[0];
}

export async function checkFrame(caller: Caller, body: CheckBody, baseUrl: string) {
  const phrases = [...new Set(body.expect.map((e) => e.label))];
  const { result, frame, mock } = await withFrame(caller, body.frame, "vision_check", baseUrl, (provider, image) =>
    provider.ground({ frame: image, phrases, detect: detectObjects }),
  );
  const results = body.expect.map((e) => {
    const best = bestFor(result.objects, e.label, e.minScore);
    const present = best !== undefined;
    const score = best?.score ?? Math.max(0, ...result.objects.filter((o) => o.phrase === e.label).map((o) => o.score));
    return { label: e.label, present, score, pass: present === e.present, ...(best ? { box: best.box } : {}) };
  });
  return checkBody({ results, provider: result.provider, source: result.source }, frame, mock);
}

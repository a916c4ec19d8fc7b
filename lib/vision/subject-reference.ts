import type { PaintReference, ReferenceLook } from "@/lib/ai";
import { ApiError } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import { cpuTask } from "@/lib/workers/pool";
import type { referenceLookTask } from "./reference";
import { readSeedFrame } from "./seed";

// A world's subject reference image, read once for the painters (docs/vision.md "Subject
// references"): its bytes for a painter that takes image input (OpenAI-compatible images edits)
// and its colours for the local painter, derived on the CPU worker pool.

const lookTask = cpuTask<typeof referenceLookTask>("referenceLook");

/** The reference image's bytes (our stored asset, else https through the SSRF guard); null for a GIF. */
export async function readReferenceImage(imageUrl: string, field: string): Promise<PaintReference["image"] | null> {
  const frame = await readSeedFrame(imageUrl, field);
  return frame ? { bytes: frame.bytes, mimeType: frame.mimeType } : null;
}

async function lookOf(image: NonNullable<PaintReference["image"]>, field: string): Promise<ReferenceLook> {
  const read = await lookTask({ bytes: image.bytes });
  if ("decodeError" in read)
    throw new ApiError("validation_failed", `${field} could not be decoded: ${read.decodeError}.`, {
      errors: [`${field}: ${read.decodeError}`],
    });
  return read.look;
}

/** The colours the local painter takes from a reference image (null for a GIF, which vision does not read). */
export async function readReferenceLook(imageUrl: string, field: string): Promise<ReferenceLook | null> {
  const image = await readReferenceImage(imageUrl, field);
  return image ? lookOf(image, field) : null;
}

/** Both, for one paint call (a scene). Test keys paint mocks that never look at a reference. */
export async function readPaintReference(mode: Mode, imageUrl: string, field: string): Promise<PaintReference | undefined> {
  if (mode === "test") return undefined;
  const image = await readReferenceImage(imageUrl, field);
  return image ? { image, look: await lookOf(image, field) } : undefined;
}

import { getProvider, type ProviderName, type VisionFrame, type VisionSource } from "@/lib/ai";
import { readAsset } from "@/lib/assets/assets";
import { badRequest } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";
import { probeImage } from "./detect";
import { fetchFrameUrl } from "./fetch-frame";
import { assetName, readManifest } from "./frames";
import { MAX_FRAME_BYTES } from "./requests";
import { detectObjects, visionError } from "./vision";

// A world's seed frame (`frame_b64`, hosted first, or `frame_url`) is looked at before the world
// is authored: its description seeds the premise and is stored on the entrance's image
// (docs/vision.md "Seed frames"). Part of the generation it serves, so not metered on its own.

/** What vision saw in a seed frame: stored on the world as `entrance.image.seedDescription`. */
export interface SeedDescription {
  caption: string;
  labels: string[];
  source: VisionSource;
  provider: ProviderName;
}

/**
 * The seed frame as vision reads it: our stored asset (with the painter's manifest when one is
 * stored beside it), else an https image through the SSRF guard (400 for http or a private
 * address, 413 past 10 MB). `null` for a GIF, which the generation accepts but vision cannot read.
 */
export async function readSeedFrame(url: string, field: string): Promise<VisionFrame | null> {
  const name = assetName(url);
  const asset = name ? await readAsset(name) : null;
  const bytes = asset ? asset.bytes : await fetchFrameUrl(url, MAX_FRAME_BYTES, field);
  const probe = probeImage(bytes);
  if (!probe) {
    if (bytes.subarray(0, 4).toString("latin1") === "GIF8") return null;
    throw badRequest(`${field} is not a PNG, JPEG or WebP image.`, [`${field}: not a PNG, JPEG or WebP image`]);
  }
  const manifest = name ? await readManifest(name, name.replace(/\.[a-z]+$/, ".json")) : undefined;
  return { bytes, mimeType: probe.mimeType, width: probe.width, height: probe.height, ...(manifest ? { manifest } : {}) };
}

/** Describes a seed frame with the key's provider (`local`: manifest or the offline detector). */
export async function describeSeedFrame(mode: Mode, url: string, field: string, signal?: AbortSignal): Promise<SeedDescription | null> {
  const frame = await readSeedFrame(url, field);
  if (!frame) return null;
  try {
    const described = await getProvider(mode).describe({ frame, detail: "short", detect: detectObjects, signal });
    return { caption: described.caption, labels: described.labels, source: described.source, provider: described.provider };
  } catch (error) {
    throw visionError(error);
  }
}

import { z } from "zod";
import { createHash } from "node:crypto";
import { rasterizeSvg, type SceneManifest, type VisionFrame } from "@/lib/ai";
import { ASSET_NAME, decodeBase64Image, readAsset } from "@/lib/assets/assets";
import { ApiError, badRequest } from "@/lib/errors";
import type { Caller } from "@/lib/shared/caller";
import { getWorldOrThrow } from "@/lib/worlds/worlds";
import { probeImage } from "./detect";
import { fetchFrameUrl } from "./fetch-frame";
import { ContentCache } from "./frame-cache";
import { MAX_FRAME_BYTES, type Frame } from "./requests";

/** A frame ready for vision, and what the response says about it. */
export interface LoadedFrame {
  frame: VisionFrame;
  /** Where the frame lives; null for a base64 frame until it is hosted. */
  url: string | null;
}

const ZStoredImage = z.object({ src: z.string(), manifest: z.string().optional() });

// The part of a scene manifest vision reads (lib/ai/scene-manifest.ts SceneManifest); anything else
// in a stored manifest is kept as it is.
const ZManifest = z.looseObject({
  version: z.literal(1),
  width: z.number(),
  height: z.number(),
  objects: z.array(
    z.looseObject({
      label: z.string(),
      motif: z.string(),
      box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
      depth: z.number(),
      visible: z.number().optional(),
      subject: z.boolean().optional(),
    }),
  ),
});

const tooLarge = (field: string, bytes: number) =>
  new ApiError("payload_too_large", `${field} is ${bytes} bytes; frames are at most ${MAX_FRAME_BYTES} bytes (10 MB).`);

/** Checks the bytes are a PNG, JPEG or WebP of at most 10 MB. */
export function checkFrameBytes(bytes: Buffer, field: string): Omit<VisionFrame, "manifest"> {
  if (bytes.length > MAX_FRAME_BYTES) throw tooLarge(field, bytes.length);
  const probe = probeImage(bytes);
  if (!probe) throw badRequest(`${field} is not a PNG, JPEG or WebP image.`, [`${field}: not a PNG, JPEG or WebP image`]);
  return { bytes, mimeType: probe.mimeType, width: probe.width, height: probe.height };
}

/** The content-addressed asset a URL of ours names (`…/assets/<sha>.<ext>`), or null. */
export function assetName(src: string): string | null {
  let path: string;
  try {
    path = new URL(src, "http://x").pathname;
  } catch {
    return null;
  }
  const name = path.split("/").at(-1) ?? "";
  return ASSET_NAME.test(name) ? name : null;
}

// Stored frames (checked and sized) and their manifests (parsed), by asset name: content-addressed,
// so never stale. A world's frames are looked at again and again (the Studio's Vision tab,
// perception checks in a loop); each read would cost a read of the store and a parse.
const storedFrames = new ContentCache<Omit<VisionFrame, "manifest">>(64 * 1024 * 1024);
const storedManifests = new ContentCache<SceneManifest | null>(8 * 1024 * 1024);

/** A stored image, checked (a PNG, JPEG or WebP of at most 10 MB); null when the store has no such asset. */
async function readStoredFrame(name: string, field: string): Promise<Omit<VisionFrame, "manifest"> | null> {
  const cached = storedFrames.get(name);
  if (cached) return cached;
  const asset = await readAsset(name);
  if (!asset) return null;
  const checked = checkFrameBytes(asset.bytes, field);
  storedFrames.set(name, checked, checked.bytes.length);
  return checked;
}

function parseManifest(bytes: Buffer): SceneManifest | null {
  try {
    const parsed = ZManifest.safeParse(JSON.parse(bytes.toString("utf8")));
    return parsed.success ? (parsed.data as unknown as SceneManifest) : null;
  } catch {
    return null;
  }
}

/** The painter's manifest of a stored frame, when it is the one stored beside that very image. */
export async function readManifest(imageName: string | null, manifestUrl: string | undefined): Promise<SceneManifest | undefined> {
  const name = manifestUrl ? assetName(manifestUrl) : null;
  if (!imageName || !name || name !== imageName.replace(/\.[a-z]+$/, ".json")) return undefined;
  const cached = storedManifests.get(name);
  if (cached !== undefined) return cached ?? undefined;
  const stored = await readAsset(name);
  if (!stored) return undefined; // not stored (yet): asked again next time
  const manifest = parseManifest(stored.bytes);
  storedManifests.set(name, manifest, stored.bytes.length);
  return manifest ?? undefined;
}

async function loadWorldFrame(caller: Caller, worldId: string, stateId: string | undefined): Promise<LoadedFrame> {
  const world = (await getWorldOrThrow(caller, worldId)).graph;
  let image: unknown = world.entrance.image;
  let where = "the entrance";
  if (stateId !== undefined) {
    const state = world.scene.states[stateId];
    if (!state) throw badRequest(`The world has no state "${stateId}".`, ["frame.stateId: no such state"]);
    image = (state as { image?: unknown }).image;
    where = `state "${stateId}"`;
  }
  const stored = ZStoredImage.safeParse(image);
  if (!stored.success || stored.data.src.trim() === "") {
    throw new ApiError("validation_failed", `${where[0]!.toUpperCase()}${where.slice(1)} has no frame to look at; paint one first.`, {
      errors: ["frame: the state has no image"],
    });
  }
  const { src } = stored.data;
  const name = assetName(src);
  const field = `The frame of ${where}`;
  let checked = name ? await readStoredFrame(name, field) : null;
  if (!checked && src.startsWith("https://"))
    checked = checkFrameBytes(await fetchFrameUrl(src, MAX_FRAME_BYTES, "the frame's image"), field);
  // Test keys get deterministic mocks: a test world's frame that is not a stored raster (the mock
  // painter's SVG) is looked at as its rendering, hosted like a base64 frame.
  if (!checked && caller.mode === "test") return { frame: await testFrame(src), url: null };
  if (!checked)
    throw new ApiError(
      "validation_failed",
      `The frame of ${where} is not a stored PNG, JPEG or WebP image (${src.slice(0, 40)}…); vision cannot read it.`,
      { errors: ["frame: not a stored image"] },
    );
  const manifest = await readManifest(name, stored.data.manifest);
  return { frame: { ...checked, ...(manifest ? { manifest } : {}) }, url: src };
}

/** Width of a test world's frame rendered for the mock (16:9 frames come out 1280×720). */
const TEST_FRAME_WIDTH = 1280;

/**
 * A test world's frame that vision cannot read as stored: its SVG (a data URL, as the mock painter
 * makes them) rendered, else a flat 16:9 frame coloured from a hash of `src`. Deterministic.
 */
async function testFrame(src: string): Promise<VisionFrame> {
  const svgData = /^data:image\/svg\+xml(;base64)?,(.*)$/s.exec(src);
  let svg: string;
  if (svgData) svg = svgData[1] ? Buffer.from(svgData[2]!, "base64").toString("utf8") : decodeURIComponent(svgData[2]!);
  else {
    const colour = createHash("sha256").update(src).digest("hex").slice(0, 6);
    svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#${colour}"/></svg>`;
  }
  try {
    const { bytes, width, height } = await rasterizeSvg(svg, TEST_FRAME_WIDTH);
    return { bytes, mimeType: "image/png", width, height };
  } catch {
    throw new ApiError("validation_failed", "The frame's SVG could not be rendered; vision cannot read it.", {
      errors: ["frame: not a renderable image"],
    });
  }
}

/** Reads, checks and sizes the frame of a request (400, 404, 413 or 422 before any spend). */
export async function loadFrame(caller: Caller, frame: Frame): Promise<LoadedFrame> {
  if (frame.worldId !== undefined) return loadWorldFrame(caller, frame.worldId, frame.stateId);
  if (frame.url !== undefined)
    return { frame: checkFrameBytes(await fetchFrameUrl(frame.url, MAX_FRAME_BYTES), "frame.url"), url: frame.url };
  const b64 = frame.b64 ?? "";
  // A base64 text longer than 10 MB of bytes can carry is refused before it is decoded.
  if (b64.length > Math.ceil(MAX_FRAME_BYTES / 3) * 4 + 200) throw tooLarge("frame.b64", Math.floor((b64.length * 3) / 4));
  const bytes = decodeBase64Image(b64);
  if (!bytes) throw badRequest("frame.b64 is not base64 (raw or a data URL).", ["frame.b64: not base64"]);
  return { frame: checkFrameBytes(bytes, "frame.b64"), url: null };
}

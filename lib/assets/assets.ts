import { createHash } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { getAssetStore } from "./stores";

/**
 * Content-addressed assets: bytes are stored under their sha256, so the same image uploaded
 * twice is one object and a URL never changes meaning. Stored on local disk or in an S3 bucket
 * (lib/assets/stores.ts); served at /assets/<name> (app/assets/[name]/route.ts) or straight
 * from the bucket when S3_PUBLIC_URL is set.
 */
const MIME_EXT: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "application/json": "json",
  // Datasets of the simulator (lib/datasets): JSONL episodes and a numpy NPZ (a zip).
  "application/x-ndjson": "jsonl",
  "application/zip": "npz",
};
export const EXT_MIME = Object.fromEntries(Object.entries(MIME_EXT).map(([mime, ext]) => [ext, mime]));

export const ASSET_NAME = /^[0-9a-f]{64}\.(png|jpg|webp|gif|mp3|wav|json|jsonl|npz)$/;

/** Sniffs the image type from its first bytes; the declared type of a data URL is not trusted. */
export function sniffMime(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  if (bytes.subarray(0, 6).toString("latin1").startsWith("GIF8")) return "image/gif";
  return null;
}

/** Decodes raw base64 or a data URL into bytes; null when it is not valid base64. */
export function decodeBase64Image(input: string): Buffer | null {
  const payload = input.startsWith("data:") ? input.slice(input.indexOf(",") + 1) : input;
  const compact = payload.replace(/\s+/g, "");
  if (compact.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, compact.includes("-") || compact.includes("_") ? "base64url" : "base64");
}

export interface StoredAsset {
  name: string;
  url: string;
  mimeType: string;
  bytes: number;
}

export function assetUrl(name: string, baseUrl: string): string {
  return `${baseUrl.replace(/\/$/, "")}/assets/${name}`;
}

export async function storeAsset(bytes: Buffer, mimeType: string, baseUrl: string): Promise<StoredAsset> {
  const ext = MIME_EXT[mimeType];
  if (!ext) throw new Error(`unsupported asset type ${mimeType}`);
  const name = `${createHash("sha256").update(bytes).digest("hex")}.${ext}`;
  const store = await getAssetStore();
  await store.put(name, bytes, mimeType);
  return { name, url: store.publicUrl(name) ?? assetUrl(name, baseUrl), mimeType, bytes: bytes.length };
}

/**
 * Stores a painted frame's scene manifest beside the frame: `<sha of the image>.json`, so
 * `/assets/<sha>.png` and `/assets/<sha>.json` are the picture and what it shows. The painters
 * that write manifests are deterministic, so one image always has the same manifest.
 */
export async function storeManifest(image: StoredAsset, manifest: unknown, baseUrl: string): Promise<StoredAsset> {
  const name = image.name.replace(/\.[a-z0-9]+$/, ".json");
  const bytes = Buffer.from(JSON.stringify(manifest));
  const store = await getAssetStore();
  await store.put(name, bytes, "application/json");
  return { name, url: store.publicUrl(name) ?? assetUrl(name, baseUrl), mimeType: "application/json", bytes: bytes.length };
}

/** Hosts an uploaded base64 image; fails closed with 502 when it cannot be stored. */
export async function hostBase64Image(input: string, baseUrl: string, field: string): Promise<StoredAsset> {
  const bytes = decodeBase64Image(input);
  const mime = bytes && sniffMime(bytes);
  if (!bytes || !mime)
    throw new ApiError("invalid_request", `${field} is not a base64 PNG, JPEG, WebP or GIF image.`, {
      errors: [`${field}: not a base64 image`],
    });
  try {
    return await storeAsset(bytes, mime, baseUrl);
  } catch {
    throw new ApiError("upstream_failed", `${field} could not be hosted; nothing was created. It is safe to retry.`);
  }
}

export async function readAsset(name: string): Promise<{ bytes: Buffer; mimeType: string } | null> {
  if (!ASSET_NAME.test(name)) return null;
  const bytes = await (await getAssetStore()).get(name);
  return bytes ? { bytes, mimeType: EXT_MIME[name.split(".")[1]!]! } : null;
}

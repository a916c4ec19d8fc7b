import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { convertIndexedToRgb, decode as decodePng } from "fast-png";
import { decode as decodeJpeg } from "jpeg-js";

/**
 * The frame formats vision reads (PNG, JPEG, WebP): their size from the header alone, and their
 * pixels as packed 8-bit RGB. Pure and self-contained (no project imports), so the detector can
 * run as a worker-pool task.
 */

export type VisionMimeType = "image/png" | "image/jpeg" | "image/webp";

export interface ImageProbe {
  mimeType: VisionMimeType;
  width: number;
  height: number;
}

export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes, row-major. */
  rgb: Uint8Array;
}

/** Bytes that claim a supported format but cannot be decoded (truncated, corrupt, too large). */
export class ImageDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageDecodeError";
  }
}

/** Decoding refuses frames with more pixels than this (a small file can claim a huge canvas). */
export const MAX_PIXELS = 40_000_000;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

function probeJpeg(b: Uint8Array): ImageProbe | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] as number;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mimeType: "image/jpeg", height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function probeWebp(b: Uint8Array): ImageProbe | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === "VP8 " && b.length >= 30) return { mimeType: "image/webp", width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25 && b[20] === 0x2f) {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { mimeType: "image/webp", width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X" && b.length >= 30) return { mimeType: "image/webp", width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The format and size of a PNG, JPEG or WebP from its first bytes; null for anything else. */
export function probeImage(bytes: Uint8Array): ImageProbe | null {
  let probe: ImageProbe | null = null;
  if (bytes.length >= 24 && PNG_SIGNATURE.every((v, i) => bytes[i] === v) && ascii(bytes, 12, 16) === "IHDR") {
    probe = { mimeType: "image/png", width: u32be(bytes, 16), height: u32be(bytes, 20) };
  } else if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    probe = probeJpeg(bytes);
  } else if (bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") {
    probe = probeWebp(bytes);
  }
  return probe && probe.width > 0 && probe.height > 0 ? probe : null;
}

/** Packs `channels`-interleaved samples (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA) into RGB, alpha over white. */
function toRgb(data: ArrayLike<number>, pixels: number, channels: number, max: number): Uint8Array {
  const rgb = new Uint8Array(pixels * 3);
  const scale = 255 / max;
  for (let p = 0; p < pixels; p++) {
    const at = p * channels;
    const grey = channels < 3;
    const alpha = channels === 2 || channels === 4 ? (data[at + channels - 1] as number) / max : 1;
    for (let c = 0; c < 3; c++) {
      const v = (data[at + (grey ? 0 : c)] as number) * scale;
      rgb[p * 3 + c] = Math.round(v * alpha + 255 * (1 - alpha));
    }
  }
  return rgb;
}

function decodePngRgb(bytes: Uint8Array): RgbImage {
  const png = decodePng(bytes);
  const pixels = png.width * png.height;
  if (png.palette) {
    const expanded = convertIndexedToRgb(png);
    return { width: png.width, height: png.height, rgb: toRgb(expanded, pixels, expanded.length / pixels, 255) };
  }
  return {
    width: png.width,
    height: png.height,
    rgb: toRgb(png.data, pixels, png.channels, png.depth === 16 ? 65535 : (1 << png.depth) - 1),
  };
}

// libwebp compiled to wasm (@jsquash/webp). In Node its loader cannot fetch the .wasm, so the
// module is compiled from the package's file and handed over, once per process.
let webpDecoder: Promise<(buffer: ArrayBuffer) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>> | undefined;

function loadWebpDecoder() {
  webpDecoder ??= (async () => {
    const require = createRequire(path.join(process.cwd(), "package.json"));
    const root = path.dirname(require.resolve("@jsquash/webp/package.json"));
    const mod = await import("@jsquash/webp/decode.js");
    await mod.init(await WebAssembly.compile(fs.readFileSync(path.join(root, "codec/dec/webp_dec.wasm"))));
    return mod.default;
  })();
  return webpDecoder;
}

/** Decodes a PNG, JPEG or WebP frame to packed RGB. Throws ImageDecodeError for anything it cannot read. */
export async function decodeImage(bytes: Uint8Array): Promise<RgbImage> {
  const probe = probeImage(bytes);
  if (!probe) throw new ImageDecodeError("not a PNG, JPEG or WebP image");
  if (probe.width * probe.height > MAX_PIXELS)
    throw new ImageDecodeError(`the image is ${probe.width}×${probe.height}; at most ${MAX_PIXELS} pixels are decoded`);
  try {
    if (probe.mimeType === "image/png") return decodePngRgb(bytes);
    if (probe.mimeType === "image/jpeg") {
      const jpeg = decodeJpeg(bytes, {
        useTArray: true,
        formatAsRGBA: false,
        maxResolutionInMP: MAX_PIXELS / 1e6,
        maxMemoryUsageInMB: 1024,
      });
      return { width: jpeg.width, height: jpeg.height, rgb: jpeg.data };
    }
    const decode = await loadWebpDecoder();
    const copy = new Uint8Array(bytes.byteLength);
    copy.set(bytes);
    const webp = await decode(copy.buffer);
    return { width: webp.width, height: webp.height, rgb: toRgb(webp.data, webp.width * webp.height, 4, 255) };
  } catch (error) {
    throw new ImageDecodeError(`the ${probe.mimeType.slice(6).toUpperCase()} image could not be decoded (${(error as Error).message})`);
  }
}

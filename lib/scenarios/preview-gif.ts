import { inflateSync } from "node:zlib";
import { applyPalette, GIFEncoder, quantize } from "gifenc";
import { decodeImage, ImageDecodeError, MAX_PIXELS } from "@/lib/vision/detect/image";

/*
 * A clip's animated preview: its frames (PNG, JPEG or WebP) decoded, downscaled and encoded as
 * one looping GIF (gifenc, a palette per frame). CPU-heavy, so it is a task of the CPU worker
 * pool (workers/cpu.ts `previewGif`): plain data in and out, no project state.
 */

export interface PreviewGifInput {
  /** The frames' bytes, in order. */
  frames: Uint8Array[];
  /** The preview's width in pixels (the height keeps the first frame's aspect); default 320. */
  width?: number;
  /** How long each frame shows, in milliseconds; default 1000. */
  delayMs?: number;
}

/** `bytes` is a Buffer so that the pool types it as the Uint8Array it arrives as. */
export type PreviewGifResult = { bytes: Buffer; width: number; height: number; frames: number } | { decodeError: string };

export const PREVIEW_WIDTH = 320;
export const PREVIEW_DELAY_MS = 1000;

/** Decoded pixels: `channels` interleaved 8-bit samples a pixel (3 RGB, 4 RGBA). */
export interface Pixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The painters' own PNGs (8-bit RGB or RGBA, not interlaced) inflated with Node's native zlib:
 * several times faster than the pure-JS inflate of the general decoder, which reads every other
 * image (null here).
 */
export function decodePngFast(bytes: Uint8Array): Pixels | null {
  if (bytes.length < 33 || !PNG_SIGNATURE.every((v, i) => bytes[i] === v)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = bytes[24];
  const colour = bytes[25];
  const interlace = bytes[28];
  if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0 || width === 0 || height === 0 || width * height > MAX_PIXELS)
    return null;
  const channels = colour === 6 ? 4 : 3;
  const idat: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (at + 12 + length > bytes.length) return null;
    if (type === "IDAT") idat.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === "IEND") break;
    at += 12 + length;
  }
  let raw: Uint8Array;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch {
    return null;
  }
  const stride = width * channels;
  if (raw.length < (stride + 1) * height) return null;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const up = row - stride;
    // One tight loop a filter type: the painters' PNGs are mostly Sub rows.
    if (filter === 0 || (filter === 2 && y === 0)) data.set(raw.subarray(src, src + stride), row);
    else if (filter === 1) {
      for (let x = 0; x < channels; x++) data[row + x] = raw[src + x]!;
      for (let x = channels; x < stride; x++) data[row + x] = (raw[src + x]! + data[row + x - channels]!) & 0xff;
    } else if (filter === 2) {
      for (let x = 0; x < stride; x++) data[row + x] = (raw[src + x]! + data[up + x]!) & 0xff;
    } else if (filter === 3) {
      for (let x = 0; x < stride; x++) {
        const a = x >= channels ? data[row + x - channels]! : 0;
        const b = y > 0 ? data[up + x]! : 0;
        data[row + x] = (raw[src + x]! + ((a + b) >> 1)) & 0xff;
      }
    } else if (filter === 4) {
      for (let x = 0; x < stride; x++) {
        const a = x >= channels ? data[row + x - channels]! : 0;
        const b = y > 0 ? data[up + x]! : 0;
        const c = x >= channels && y > 0 ? data[up + x - channels]! : 0;
        const pa = Math.abs(b - c);
        const pb = Math.abs(a - c);
        const pc = Math.abs(a + b - 2 * c);
        data[row + x] = (raw[src + x]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)) & 0xff;
      }
    } else return null;
  }
  return { width, height, channels, data };
}

async function decodeFrame(bytes: Uint8Array): Promise<Pixels> {
  const fast = decodePngFast(bytes);
  if (fast) return fast;
  const image = await decodeImage(bytes);
  return { width: image.width, height: image.height, channels: 3, data: image.rgb };
}

/** Area-averaged downscale to `width`×`height` opaque RGBA, as gifenc reads it (alpha over white). */
export function downscaleToRgba(image: Pixels, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const ch = image.channels;
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * sy);
    const y1 = Math.max(y0 + 1, Math.min(image.height, Math.floor((y + 1) * sy)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * sx);
      const x1 = Math.max(x0 + 1, Math.min(image.width, Math.floor((x + 1) * sx)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = y0; yy < y1; yy++) {
        let at = (yy * image.width + x0) * ch;
        for (let xx = x0; xx < x1; xx++, at += ch) {
          if (ch === 4 && image.data[at + 3] !== 255) {
            const alpha = image.data[at + 3]! / 255;
            const white = 255 * (1 - alpha);
            r += image.data[at]! * alpha + white;
            g += image.data[at + 1]! * alpha + white;
            b += image.data[at + 2]! * alpha + white;
          } else {
            r += image.data[at]!;
            g += image.data[at + 1]!;
            b += image.data[at + 2]!;
          }
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = 255;
    }
  }
  return out;
}

/** Encodes the frames as one looping animated GIF; `decodeError` names a frame that cannot be read. */
export async function encodePreviewGif(input: PreviewGifInput): Promise<PreviewGifResult> {
  if (input.frames.length === 0) return { decodeError: "a preview needs at least one frame" };
  const gif = GIFEncoder();
  let width = 0;
  let height = 0;
  for (let i = 0; i < input.frames.length; i++) {
    let image: Pixels;
    try {
      image = await decodeFrame(input.frames[i] as Uint8Array);
    } catch (error) {
      if (error instanceof ImageDecodeError) return { decodeError: `frame ${i}: ${error.message}` };
      throw error;
    }
    if (i === 0) {
      // Never upscale; frames after the first are fitted to the first one's size.
      width = Math.max(1, Math.min(image.width, Math.round(input.width ?? PREVIEW_WIDTH)));
      height = Math.max(1, Math.round((image.height * width) / image.width));
    }
    const rgba = downscaleToRgba(image, width, height);
    const palette = quantize(rgba, 256);
    gif.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay: input.delayMs ?? PREVIEW_DELAY_MS, repeat: 0 });
  }
  gif.finish();
  const bytes = gif.bytes();
  return { bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), width, height, frames: input.frames.length };
}

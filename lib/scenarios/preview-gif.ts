import { applyPalette, GIFEncoder, quantize } from "gifenc";
import { decodeImage, ImageDecodeError, type RgbImage } from "@/lib/vision/detect/image";

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

/** Area-averaged downscale of packed RGB to `width`×`height` RGBA (opaque), as gifenc reads it. */
export function downscaleToRgba(image: RgbImage, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
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
        let at = (yy * image.width + x0) * 3;
        for (let xx = x0; xx < x1; xx++, at += 3) {
          r += image.rgb[at] as number;
          g += image.rgb[at + 1] as number;
          b += image.rgb[at + 2] as number;
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
    let image: RgbImage;
    try {
      image = await decodeImage(input.frames[i] as Uint8Array);
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

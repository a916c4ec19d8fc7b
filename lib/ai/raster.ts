import { Resvg, renderAsync } from "@resvg/resvg-js";
import type { Aspect } from "./provider";

/**
 * SVG → PNG with resvg (prebuilt native binary, rendered off the main thread). No fonts are
 * loaded: the painters draw shapes only, so output never depends on the host's fonts.
 */
export async function rasterizeSvg(
  svg: string,
  width: number,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const image = await renderAsync(
    svg,
    { font: { loadSystemFonts: false }, fitTo: { mode: "width", value: width }, logLevel: "off" },
    signal ?? null,
  );
  return { bytes: image.asPng(), width: image.width, height: image.height };
}

/** SVG → raw RGBA pixels (same renderer and options as rasterizeSvg), for checks that compare pixels. */
export function rasterizeSvgPixels(svg: string, width: number): { pixels: Buffer; width: number; height: number } {
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: "width", value: width }, logLevel: "off" }).render();
  return { pixels: image.pixels, width: image.width, height: image.height };
}

export const ASPECT_SIZES: Record<Aspect, { width: number; height: number }> = {
  "16:9": { width: 16, height: 9 },
  "1:1": { width: 1, height: 1 },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR or a JPEG's SOF marker; null for anything else. */
export function imageSize(bytes: Buffer): { width: number; height: number; mimeType: string } | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.subarray(12, 16).toString("latin1") === "IHDR") {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), mimeType: "image/png" };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1] as number;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        i += 2;
        continue;
      }
      const length = bytes.readUInt16BE(i + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), mimeType: "image/jpeg" };
      }
      i += 2 + length;
    }
  }
  return null;
}

/**
 * Centre-crops a PNG or JPEG to the aspect (cover fit) and returns a PNG, at most `maxWidth`
 * wide. Images already within 1% of the aspect, and formats resvg cannot read, come back as
 * they are.
 */
export async function fitToAspect(
  bytes: Buffer,
  aspect: Aspect,
  maxWidth: number,
  signal?: AbortSignal,
): Promise<{ bytes: Buffer; mimeType: string; width: number; height: number } | null> {
  const size = imageSize(bytes);
  if (size === null) return null;
  const ratio = ASPECT_SIZES[aspect].width / ASPECT_SIZES[aspect].height;
  if (Math.abs(size.width / size.height - ratio) / ratio <= 0.01) return { bytes, ...size };
  // The largest centred box of the aspect inside the image, scaled down to maxWidth if wider.
  const cropWidth = size.width / size.height > ratio ? Math.round(size.height * ratio) : size.width;
  const width = Math.min(maxWidth, cropWidth);
  const height = Math.round(width / ratio);
  const href = `data:${size.mimeType};base64,${bytes.toString("base64")}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice" href="${href}"/></svg>`;
  const out = await rasterizeSvg(svg, width, signal);
  return { bytes: out.bytes, mimeType: "image/png", width: out.width, height: out.height };
}

import type { ReferenceLook } from "@/lib/ai";
import { decodeImage, ImageDecodeError, type RgbImage } from "./detect";

// A subject reference image read for the local painter (docs/vision.md "Subject references"):
// the image's dominant colours (its palette) and the colours of the subject in its middle, told
// apart from the background by the colours of its border. Pure (plain data in and out), so it
// runs as the `referenceLook` task of the CPU worker pool.

type Rgb = [number, number, number];

/** About this many samples a side: a reference's colours do not need every pixel. */
const GRID = 96;

const hexOf = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const luminance = ([r, g, b]: Rgb) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

interface Bin {
  count: number;
  sum: Rgb;
}

/** Colours of the sampled pixels `inside` keeps, binned at 4 bits a channel, most common first, near-duplicates merged. */
function dominant(
  image: RgbImage,
  inside: (u: number, v: number) => boolean,
  max: number,
  apart = 48,
  exclude: Rgb[] = [],
): { colour: Rgb; share: number }[] {
  const bins = new Map<number, Bin>();
  const step = Math.max(1, Math.floor(Math.max(image.width, image.height) / GRID));
  let total = 0;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      if (!inside(x / image.width, y / image.height)) continue;
      const at = (y * image.width + x) * 3;
      const px: Rgb = [image.rgb[at]!, image.rgb[at + 1]!, image.rgb[at + 2]!];
      total++;
      if (exclude.some((e) => distance(e, px) < 40)) continue;
      const key = ((px[0] >> 4) << 8) | ((px[1] >> 4) << 4) | (px[2] >> 4);
      const bin = bins.get(key) ?? { count: 0, sum: [0, 0, 0] };
      bin.count++;
      bin.sum[0] += px[0];
      bin.sum[1] += px[1];
      bin.sum[2] += px[2];
      bins.set(key, bin);
    }
  }
  const ranked = [...bins.values()]
    .sort((a, b) => b.count - a.count)
    .map((b) => ({ colour: b.sum.map((s) => s / b.count) as Rgb, count: b.count }));
  const chosen: { colour: Rgb; count: number }[] = [];
  for (const candidate of ranked) {
    const near = chosen.find((c) => distance(c.colour, candidate.colour) < apart);
    if (near) near.count += candidate.count;
    else if (chosen.length < max) chosen.push({ ...candidate });
  }
  return chosen.sort((a, b) => b.count - a.count).map((c) => ({ colour: c.colour, share: total === 0 ? 0 : c.count / total }));
}

/** The palette and subject colours of a decoded image. */
export function referenceLookOf(image: RgbImage): ReferenceLook {
  const palette = dominant(image, () => true, 5);
  // The border (outer tenth) is background; the subject stands in the middle.
  const border = dominant(image, (u, v) => u < 0.1 || u > 0.9 || v < 0.1 || v > 0.9, 3).filter((c) => c.share > 0.05);
  const middle = dominant(
    image,
    (u, v) => u > 0.25 && u < 0.75 && v > 0.15 && v < 0.9,
    4,
    40,
    border.map((c) => c.colour),
  ).filter((c) => c.share > 0.02);
  const subject = middle.length > 0 ? middle : palette;
  const coat = subject[0]!.colour;
  const darkest = [...subject].sort((a, b) => luminance(a.colour) - luminance(b.colour))[0]!.colour;
  const hair: Rgb = darkest === coat ? [coat[0] * 0.45, coat[1] * 0.45, coat[2] * 0.45] : darkest;
  return { palette: palette.map((c) => hexOf(c.colour)), coat: hexOf(coat), hair: hexOf(hair) };
}

/** The `referenceLook` pool task: decode, then read the colours; a frame that will not decode is a value, not a throw. */
export async function referenceLookTask(input: { bytes: Uint8Array }): Promise<{ look: ReferenceLook } | { decodeError: string }> {
  try {
    return { look: referenceLookOf(await decodeImage(input.bytes)) };
  } catch (error) {
    if (error instanceof ImageDecodeError) return { decodeError: error.message };
    throw error;
  }
}

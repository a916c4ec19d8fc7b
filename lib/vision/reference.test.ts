import { describe, expect, it } from "vitest";
import { referenceLookOf } from "./reference";
import type { RgbImage } from "./detect";

type Rgb = [number, number, number];

/** A reference picture: a plain background, a figure in the middle (a coat and, above it, hair). */
function figure(background: Rgb, coat: Rgb, hair: Rgb, width = 200, height = 300): RgbImage {
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const c = u > 0.35 && u < 0.65 && v > 0.2 && v < 0.3 ? hair : u > 0.3 && u < 0.7 && v >= 0.3 && v < 0.85 ? coat : background;
      rgb.set(c, (y * width + x) * 3);
    }
  }
  return { width, height, rgb };
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (hex: string, want: Rgb) => channels(hex).every((v, i) => Math.abs(v - want[i]!) <= 12);

describe("referenceLookOf", () => {
  it("takes the subject's colours from the middle and the palette from the whole picture", () => {
    const look = referenceLookOf(figure([40, 90, 200], [200, 30, 40], [20, 15, 10]));
    expect(near(look.coat, [200, 30, 40])).toBe(true);
    expect(near(look.hair, [20, 15, 10])).toBe(true);
    expect(near(look.palette[0]!, [40, 90, 200])).toBe(true);
    expect(look.palette.some((c) => near(c, [200, 30, 40]))).toBe(true);
  });

  it("tells two references apart, and survives a picture of one colour", () => {
    const green = referenceLookOf(figure([240, 240, 230], [30, 160, 60], [90, 60, 30]));
    expect(near(green.coat, [30, 160, 60])).toBe(true);
    expect(near(green.hair, [90, 60, 30])).toBe(true);
    const flat = referenceLookOf({ width: 10, height: 10, rgb: new Uint8Array(300).fill(128) });
    expect(flat.palette).toEqual(["#808080"]);
    expect(flat.coat).toBe("#808080");
    expect(channels(flat.hair).every((v) => v < 128)).toBe(true);
  });
});

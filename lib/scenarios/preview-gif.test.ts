import { encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { encodePreviewGif } from "./preview-gif";
import { readGif } from "./read-gif";

/** A solid-colour RGB PNG. */
function png(width: number, height: number, rgb: [number, number, number]): Uint8Array {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) data.set(rgb, i * 3);
  return encodePng({ width, height, data, channels: 3, depth: 8 });
}

describe("encodePreviewGif", () => {
  it("downscales every frame to the first one's 320-wide size and keeps their colours, one GIF frame each", async () => {
    const frames = [png(1280, 720, [200, 30, 40]), png(640, 360, [20, 180, 60]), png(100, 50, [10, 20, 230])];
    const gif = await encodePreviewGif({ frames });
    if ("decodeError" in gif) throw new Error(gif.decodeError);
    expect([gif.width, gif.height, gif.frames]).toEqual([320, 180, 3]);
    const read = readGif(gif.bytes);
    expect(read.frames.map((f) => [f.width, f.height, f.delayMs])).toEqual([
      [320, 180, 1000],
      [320, 180, 1000],
      [320, 180, 1000],
    ]);
    // Each frame's pixels are its own colour (the quantizer rounds to 5-6 bits a channel).
    const colour = (i: number) => read.frames[i]!.palette[read.frames[i]!.indices[1000]!]!;
    const near = (a: number[], b: number[]) => a.every((v, k) => Math.abs(v - b[k]!) <= 8);
    expect(near(colour(0), [200, 30, 40])).toBe(true);
    expect(near(colour(1), [20, 180, 60])).toBe(true);
    expect(near(colour(2), [10, 20, 230])).toBe(true);
  });

  it("never upscales a small first frame, and names a frame it cannot read", async () => {
    const small = await encodePreviewGif({ frames: [png(64, 32, [1, 2, 3])], width: 320, delayMs: 500 });
    expect(small).toMatchObject({ width: 64, height: 32, frames: 1 });
    expect(await encodePreviewGif({ frames: [png(64, 32, [1, 2, 3]), new Uint8Array([1, 2, 3, 4])] })).toEqual({ decodeError: "frame 1: not a PNG, JPEG or WebP image" });
    expect(await encodePreviewGif({ frames: [] })).toEqual({ decodeError: "a preview needs at least one frame" });
  });
});

describe("readGif", () => {
  it("refuses what is not a whole GIF", async () => {
    const gif = await encodePreviewGif({ frames: [png(16, 16, [9, 9, 9])] });
    if ("decodeError" in gif) throw new Error(gif.decodeError);
    expect(readGif(gif.bytes).frames).toHaveLength(1);
    expect(() => readGif(gif.bytes.subarray(0, gif.bytes.length - 8))).toThrow(/ends early|pixels/);
    expect(() => readGif(new TextEncoder().encode("GIF8 nope"))).toThrow("not a GIF");
  });
});

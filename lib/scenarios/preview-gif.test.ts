import { crc32, deflateSync } from "node:zlib";
import { encode as encodePng } from "fast-png";
import { describe, expect, it } from "vitest";
import { paintLocal } from "@/lib/ai/local/painter";
import { decodeImage } from "@/lib/vision/detect/image";
import { decodePngFast, encodePreviewGif } from "./preview-gif";
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
    expect(await encodePreviewGif({ frames: [png(64, 32, [1, 2, 3]), new Uint8Array([1, 2, 3, 4])] })).toEqual({
      decodeError: "frame 1: not a PNG, JPEG or WebP image",
    });
    expect(await encodePreviewGif({ frames: [] })).toEqual({ decodeError: "a preview needs at least one frame" });
  });
});

/** An 8-bit RGB or RGBA PNG whose rows use the filter types 0..4 in turn (the encoders above pick one). */
function pngEveryFilter(width: number, height: number, channels: 3 | 4, pixels: Uint8Array): Uint8Array {
  const stride = width * channels;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let x = 0; x < stride; x++) {
      const v = pixels[y * stride + x]!;
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const e = a + b - c;
      const paeth =
        Math.abs(e - a) <= Math.abs(e - b) && Math.abs(e - a) <= Math.abs(e - c) ? a : Math.abs(e - b) <= Math.abs(e - c) ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter]!;
      raw[y * (stride + 1) + 1 + x] = (v - predicted) & 0xff;
    }
  }
  const chunk = (type: string, body: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, channels === 4 ? 6 : 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array(0))]);
}

describe("decodePngFast", () => {
  /** Packed RGB of decoded pixels, alpha over white as the general decoder does. */
  const rgbOf = (p: { data: Uint8Array; channels: number }) => {
    if (p.channels === 3) return p.data;
    const out = new Uint8Array((p.data.length / 4) * 3);
    for (let i = 0, o = 0; i < p.data.length; i += 4) {
      const a = p.data[i + 3]! / 255;
      for (let c = 0; c < 3; c++) out[o++] = Math.round(p.data[i + c]! * a + 255 * (1 - a));
    }
    return out;
  };

  it("reads the painters' PNGs (every row filter) exactly as the general decoder does", async () => {
    const painted = await paintLocal({ prompt: "A lighthouse above a stormy sea at night, featuring a keeper", aspect: "16:9" });
    const noise = new Uint8Array(97 * 41 * 4).map((_, i) => (i * 2654435761) >>> 24);
    const opaque = new Uint8Array(53 * 29 * 3).map((_, i) => ((i * 40503) >>> 7) & 0xff);
    const cases = [
      new Uint8Array(painted.bytes),
      encodePng({ width: 97, height: 41, data: noise, channels: 4, depth: 8 }),
      png(33, 17, [5, 250, 128]),
      pngEveryFilter(97, 41, 4, noise),
      pngEveryFilter(53, 29, 3, opaque),
    ];
    for (const bytes of cases) {
      const fast = decodePngFast(bytes);
      expect(fast).not.toBeNull();
      const general = await decodeImage(bytes);
      expect([fast!.width, fast!.height]).toEqual([general.width, general.height]);
      expect(Buffer.from(rgbOf(fast!)).equals(Buffer.from(general.rgb))).toBe(true);
    }
  });

  it("leaves what it does not read to the general decoder", () => {
    expect(decodePngFast(encodePng({ width: 4, height: 4, data: new Uint16Array(48), channels: 3, depth: 16 }))).toBeNull();
    expect(decodePngFast(encodePng({ width: 4, height: 4, data: new Uint8Array(16), channels: 1, depth: 8 }))).toBeNull();
    expect(decodePngFast(new Uint8Array([1, 2, 3]))).toBeNull();
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

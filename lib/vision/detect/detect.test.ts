import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { encode as encodePng } from "fast-png";
import { encode as encodeJpeg } from "jpeg-js";
import { beforeAll, describe, expect, it } from "vitest";
import { decodeImage, detectObjects, ImageDecodeError, probeImage, readDetections, type DetectedBox } from "./index";

// Real photographs (tests/fixtures/photos, CC0, from Debian's python3-skimage) with boxes
// labelled by hand, in pixels: the detector must find the object with IoU ≥ 0.5.
const PHOTOS = path.resolve(import.meta.dirname, "../../../tests/fixtures/photos");
const photo = (name: string) => new Uint8Array(fs.readFileSync(path.join(PHOTOS, name)));

const TRUTH = {
  camera: { label: "person", width: 512, height: 512, px: { x0: 0, y0: 62, x1: 332, y1: 512 } },
  coffee: { label: "cup", width: 600, height: 400, px: { x0: 172, y0: 18, x1: 410, y1: 305 } },
};

function normalised(t: (typeof TRUTH)[keyof typeof TRUTH]): DetectedBox {
  return { x: t.px.x0 / t.width, y: t.px.y0 / t.height, w: (t.px.x1 - t.px.x0) / t.width, h: (t.px.y1 - t.px.y0) / t.height };
}

function iou(a: DetectedBox, b: DetectedBox): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (ix * iy) / (a.w * a.h + b.w * b.h - ix * iy);
}

/** The same coffee photograph as JPEG and as WebP (encoded here, so only the two PNGs are fixtures). */
async function reencoded(): Promise<{ jpeg: Uint8Array; webp: Uint8Array }> {
  const rgb = await decodeImage(photo("coffee.png"));
  const rgba = new Uint8ClampedArray(rgb.width * rgb.height * 4);
  for (let p = 0; p < rgb.width * rgb.height; p++) {
    rgba.set(rgb.rgb.subarray(p * 3, p * 3 + 3), p * 4);
    rgba[p * 4 + 3] = 255;
  }
  const jpeg = new Uint8Array(encodeJpeg({ data: Buffer.from(rgba.buffer), width: rgb.width, height: rgb.height }, 85).data);
  const webpEncoder = await import("@jsquash/webp/encode.js");
  const root = path.dirname(createRequire(import.meta.url).resolve("@jsquash/webp/package.json"));
  await webpEncoder.init(await WebAssembly.compile(fs.readFileSync(path.join(root, "codec/enc/webp_enc.wasm"))));
  const webp = new Uint8Array(
    await webpEncoder.default({ data: rgba, width: rgb.width, height: rgb.height, colorSpace: "srgb" }, { quality: 85 }),
  );
  return { jpeg, webp };
}

describe("probeImage", () => {
  it("reads the format and size of PNG, JPEG and WebP from the header", async () => {
    expect(probeImage(photo("camera.png"))).toEqual({ mimeType: "image/png", width: 512, height: 512 });
    const { jpeg, webp } = await reencoded();
    expect(probeImage(jpeg)).toEqual({ mimeType: "image/jpeg", width: 600, height: 400 });
    expect(probeImage(webp)).toEqual({ mimeType: "image/webp", width: 600, height: 400 });
  });

  it.each([
    ["text", new TextEncoder().encode("hello, this is not an image at all")],
    ["a GIF", new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;")],
    ["empty", new Uint8Array()],
  ])("refuses %s", (_name, bytes) => {
    expect(probeImage(bytes)).toBeNull();
  });
});

describe("decodeImage", () => {
  it("packs grey, RGB and RGBA PNGs into RGB, alpha over white", async () => {
    const grey = await decodeImage(photo("camera.png"));
    expect(grey.rgb.length).toBe(512 * 512 * 3);
    expect(grey.rgb[0]).toBe(grey.rgb[1]);
    const rgba = encodePng({ width: 2, height: 1, channels: 4, depth: 8, data: new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0]) });
    expect(Array.from((await decodeImage(rgba)).rgb)).toEqual([255, 0, 0, 255, 255, 255]);
  });

  it("throws ImageDecodeError for a truncated PNG and for non-images", async () => {
    const cut = photo("coffee.png").subarray(0, 2000);
    await expect(decodeImage(cut)).rejects.toBeInstanceOf(ImageDecodeError);
    await expect(decodeImage(new TextEncoder().encode("plain text"))).rejects.toThrow(/not a PNG, JPEG or WebP/);
  });
});

describe("readDetections", () => {
  it("labels, clamps and normalises rows, drops low scores and merges overlapping boxes of one class", () => {
    const rows = [
      [-10, 0, 256, 512, 0.9, 0],
      [0, 0, 250, 500, 0.8, 0], // the same person again
      [0, 0, 250, 500, 0.7, 41], // a cup in the same place is another object
      [100, 100, 200, 200, 0.1, 41], // too weak
    ];
    expect(readDetections(rows)).toEqual([
      { label: "person", score: 0.9, box: { x: 0, y: 0, w: 0.5, h: 1 } },
      { label: "cup", score: 0.7, box: { x: 0, y: 0, w: 0.4883, h: 0.9766 } },
    ]);
  });
});

describe("detectObjects on real photographs (offline)", () => {
  let encoded: { jpeg: Uint8Array; webp: Uint8Array };
  beforeAll(async () => {
    encoded = await reencoded();
  });

  it.each([
    ["camera.png", "camera"],
    ["coffee.png", "coffee"],
  ] as const)("finds the %s object where it is (IoU ≥ 0.5)", async (file, key) => {
    const truth = TRUTH[key];
    const found = await detectObjects({ bytes: photo(file) });
    const best = found.find((d) => d.label === truth.label);
    expect(best, JSON.stringify(found)).toBeDefined();
    expect(iou(best!.box, normalised(truth))).toBeGreaterThanOrEqual(0.5);
    for (const d of found) {
      for (const v of [d.box.x, d.box.y, d.box.x + d.box.w, d.box.y + d.box.h]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1.0001);
      }
    }
  });

  it.each(["jpeg", "webp"] as const)("finds the cup in the coffee photograph as %s", async (format) => {
    const found = await detectObjects({ bytes: encoded[format] });
    const cup = found.find((d) => d.label === "cup");
    expect(cup, JSON.stringify(found)).toBeDefined();
    expect(iou(cup!.box, normalised(TRUTH.coffee))).toBeGreaterThanOrEqual(0.5);
  });

  it("finds no person in the coffee photograph", async () => {
    expect((await detectObjects({ bytes: photo("coffee.png") })).map((d) => d.label)).not.toContain("person");
  });
});

import { describe, expect, it } from "vitest";
import { fitToAspect, imageSize, rasterizeSvg } from "./raster";

const svg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="red"/><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 4}" fill="blue"/></svg>`;

describe("raster", () => {
  it("reads PNG and JPEG sizes", async () => {
    const png = await rasterizeSvg(svg(300, 200), 300);
    expect(imageSize(png.bytes)).toEqual({ width: 300, height: 200, mimeType: "image/png" });
    // A minimal JPEG header: SOI, APP0 (16 bytes), SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Array(14).fill(0),
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0xe0,
      0x02,
      0x80,
      0x03,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 640, height: 480, mimeType: "image/jpeg" });
    expect(imageSize(Buffer.from("not an image"))).toBeNull();
  });

  it("centre-crops to the aspect and leaves a fitting image alone", async () => {
    const square = await rasterizeSvg(svg(400, 400), 400);
    const wide = await fitToAspect(square.bytes, "16:9", 1920);
    expect(wide).toMatchObject({ width: 400, height: 225, mimeType: "image/png" });
    expect(imageSize(wide!.bytes)).toMatchObject({ width: 400, height: 225 });
    const already = await rasterizeSvg(svg(320, 180), 320);
    expect((await fitToAspect(already.bytes, "16:9", 1920))!.bytes.equals(already.bytes)).toBe(true);
    expect(await fitToAspect(Buffer.from("webp?"), "16:9", 1920)).toBeNull();
  });
});

import { composeScene } from "./paint/compose";
import { getLexicon } from "@/lib/lexicon";
import { describe, expect, it } from "vitest";
import { paintLocal, sceneSvg } from "./painter";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Reads the PNG header by hand (not through the code under test). */
function pngHeader(bytes: Buffer): { width: number; height: number; bitDepth: number; colorType: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.readUInt32BE(8)).toBe(13); // IHDR length
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  expect(bytes.subarray(bytes.length - 8, bytes.length - 4).toString("latin1")).toBe("IEND");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bitDepth: bytes[24] as number, colorType: bytes[25] as number };
}

describe("local painter", () => {
  it("paints a real 1280×720 PNG for 16:9 and 768×768 for 1:1", async () => {
    const wide = await paintLocal({ prompt: "a lighthouse above a stormy harbor at night", mood: "ominous", aspect: "16:9" });
    expect(pngHeader(wide.bytes)).toMatchObject({ width: 1280, height: 720, bitDepth: 8 });
    expect(wide).toMatchObject({ mimeType: "image/png", width: 1280, height: 720, provider: "local" });
    expect(wide.bytes.length).toBeGreaterThan(10_000);
    expect(wide.prompt).toBe("a lighthouse above a stormy harbor at night (mood: ominous)");
    expect(wide.artStyle).toContain("procedural");

    const square = await paintLocal({ prompt: "a fox in a forest", aspect: "1:1" });
    expect(pngHeader(square.bytes)).toMatchObject({ width: 768, height: 768 });
  });

  it("is deterministic, and different prompts or moods give different pictures", async () => {
    const a = await paintLocal({ prompt: "a desert caravan at dawn", aspect: "16:9" });
    const b = await paintLocal({ prompt: "a desert caravan at dawn", aspect: "16:9" });
    const c = await paintLocal({ prompt: "a neon city street at night", aspect: "16:9" });
    const d = await paintLocal({ prompt: "a desert caravan at dawn", mood: "bright festival", aspect: "16:9" });
    expect(a.bytes.equals(b.bytes)).toBe(true);
    expect(a.bytes.equals(c.bytes)).toBe(false);
    expect(a.bytes.equals(d.bytes)).toBe(false);
  });

  it("composes the scene from the words: setting, time of day and palette", () => {
    expect(sceneSvg({ prompt: "a harbor at night", aspect: "16:9" })).toMatchObject({ kind: "sea", time: "night" });
    expect(sceneSvg({ prompt: "the castle at dusk", aspect: "16:9" })).toMatchObject({ kind: "castle", time: "dusk" });
    expect(sceneSvg({ prompt: "a city street", mood: "tense chase", aspect: "16:9" })).toMatchObject({ kind: "city", tone: "tense" });
    expect(sceneSvg({ prompt: "a planet in a nebula", aspect: "1:1" })).toMatchObject({ kind: "space", width: 720, height: 720 });
    // Shapes only: no text elements, so no font is ever needed.
    expect(sceneSvg({ prompt: "anything at all", aspect: "16:9" }).svg).not.toContain("<text");
  });
});

describe("a vehicle's parts", () => {
  const motifs = (prompt: string) =>
    composeScene({ prompt, aspect: "16:9", lite: true }, getLexicon()).manifest.objects.map((o) => o.motif);

  it("paints every underwater light the author writes as under water ('in the pale light from above' too)", () => {
    for (const light of ["in the green gloom", "in the pale light from above", "in the cold dark water", "in the filtered light"])
      expect(motifs(`${light}, the diver pauses at the hold of the galleon`), light).toContain("seabed");
  });

  it("draws a galleon's hull and deck as the ship, never a husk or a train", () => {
    expect(motifs("In the green gloom, the diver pauses at the galleon's hull")).toContain("ship");
    const deck = motifs("In the green gloom, the diver pauses at the deck of the galleon");
    expect(deck).toContain("ship");
    expect(deck).not.toContain("train");
  });
});

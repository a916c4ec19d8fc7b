import { describe, expect, it } from "vitest";
import type { VisionFrame } from "../provider";
import type { SceneManifest } from "../scene-manifest";
import { describeLocal, groundLocal } from "./vision";
import { matchCoco, matchPainted } from "./vision-words";

const manifest: SceneManifest = {
  version: 1,
  width: 1280,
  height: 720,
  timeOfDay: "dusk",
  weather: "storm",
  indoor: false,
  horizon: 0.6,
  palette: { skyTop: "#000", skyBottom: "#111", ground: "#222", accent: "#333", haze: "#444" },
  objects: [
    { label: "sea", motif: "sea", box: { x: 0, y: 0.6, w: 1, h: 0.4 }, depth: 0.9, visible: 0.8 },
    { label: "lighthouse", motif: "lighthouse", box: { x: 0.7, y: 0.1, w: 0.1, h: 0.5 }, depth: 0.6, visible: 1 },
    { label: "keeper", motif: "person", box: { x: 0.2, y: 0.4, w: 0.1, h: 0.4 }, depth: 0.2, visible: 1, subject: true },
    { label: "bell", motif: "bell", box: { x: 0.45, y: 0.7, w: 0.05, h: 0.05 }, depth: 0.5, visible: 0.1 },
  ],
};
const frame: VisionFrame = { bytes: Buffer.from(""), mimeType: "image/png", width: 1280, height: 720, manifest };

describe("phrase matching", () => {
  it.each([
    ["keeper", { label: "keeper", motif: "person" }, 2],
    ["the keepers", { label: "keeper", motif: "person" }, 2],
    ["an old man", { label: "keeper", motif: "person" }, 1],
    ["tide", { label: "sea", motif: "sea" }, 1],
    ["giraffe", { label: "keeper", motif: "person" }, 0],
  ] as const)("%s names %j with strength %i", (phrase, object, strength) => {
    expect(matchPainted(phrase, object)).toBe(strength);
  });

  it.each([
    ["cup", "cup", 2],
    ["a coffee mug", "cup", 1],
    ["woman", "person", 1],
    ["table", "dining table", 1],
    ["cup", "person", 0],
  ] as const)("%s names the COCO class %s with strength %i", (phrase, label, strength) => {
    expect(matchCoco(phrase, label)).toBe(strength);
  });
});

describe("local vision on a painted frame", () => {
  it("grounds phrases to the manifest's boxes exactly, never calling the detector", async () => {
    const result = await groundLocal({
      frame,
      phrases: ["man", "lighthouse", "giraffe"],
      detect: () => Promise.reject(new Error("not used")),
    });
    expect(result).toEqual({
      objects: [
        { phrase: "man", label: "keeper", score: 1, box: { x: 0.2, y: 0.4, w: 0.1, h: 0.4 } },
        { phrase: "lighthouse", label: "lighthouse", score: 1, box: { x: 0.7, y: 0.1, w: 0.1, h: 0.5 } },
      ],
      source: "manifest",
      provider: "local",
    });
  });

  it("captions the setting and what shows most", async () => {
    const short = await describeLocal({ frame, detail: "short" });
    expect(short.caption).toBe("A stormy dusk scene with a sea, a lighthouse, a keeper and a bell.");
    expect(short.labels).toEqual(["sea", "lighthouse", "keeper", "bell"]);
    const long = await describeLocal({ frame, detail: "long" });
    expect(long.caption).toContain("a keeper at the left in the foreground");
    expect(long.caption).toContain("The keeper is the protagonist.");
  });

  it("uses the detector for a frame without a manifest, and says so", async () => {
    const plain: VisionFrame = { ...frame, manifest: undefined };
    const detect = async () => [{ label: "cup", score: 0.8, box: { x: 0.3, y: 0.1, w: 0.4, h: 0.7 } }];
    expect(await groundLocal({ frame: plain, phrases: ["mug"], detect })).toMatchObject({
      source: "detector",
      objects: [{ phrase: "mug", label: "cup", score: 0.8 }],
    });
    expect(await describeLocal({ frame: plain, detail: "short", detect })).toMatchObject({
      caption: "A picture showing a cup.",
      labels: ["cup"],
      source: "detector",
    });
    await expect(groundLocal({ frame: plain, phrases: ["mug"] })).rejects.toThrow(/needs the offline object detector/);
  });
});

import { describe, expect, it } from "vitest";
import { createPrng } from "@/lib/kernel";
import { rasterizeSvgPixels } from "../../raster";
import { composeScene, lookOf } from "./compose";
import { MOTIFS } from "./motifs";
import type { Box, Ctx } from "./types";

/** Bounding box (pixels) of the non-transparent pixels of an SVG drawn on nothing. */
function inkBox(svg: string, width: number): Box | null {
  const { pixels, width: w, height: h } = rasterizeSvgPixels(svg, width);
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if ((pixels[(y * w + x) * 4 + 3] as number) > 8) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

function iou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

const ctx: Ctx = {
  rng: createPrng(1),
  ink: (h, s, l) => `hsl(${h},${s}%,${l}%)`,
  glow: "#ffd36b",
  time: "night",
  weather: "storm",
  look: lookOf("a lighthouse keeper"),
};

describe("motif library", () => {
  it("holds at least 60 motifs, each with a label", () => {
    expect(MOTIFS.size).toBeGreaterThanOrEqual(60);
    for (const m of MOTIFS.values()) expect(m.label).toMatch(/\w/);
  });

  it("draws every motif so that its shapes span its box (IoU ≥ 0.9)", () => {
    const failures: string[] = [];
    for (const m of MOTIFS.values()) {
      const h = m.layer === "room" ? 400 : 300;
      const box: Box = { x: 40, y: 30, w: Math.round(h * m.aspect), h };
      const W = box.w + 80;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h + 60}" viewBox="0 0 ${W} ${h + 60}">${m.draw(box, ctx)}</svg>`;
      const got = inkBox(svg, W);
      const score = got ? iou(got, box) : 0;
      if (score < 0.9) failures.push(`${m.id}: ${score.toFixed(3)}`);
    }
    expect(failures).toEqual([]);
  });
});

const PREMISES = [
  "A lighthouse keeper hears a drowned bell ringing under a stormy sea",
  "A girl with a lantern climbs the stairs of an abandoned library at night",
  "Two knights ride horses across a snowy mountain pass toward a castle at dawn",
  "A detective waits on a rainy city street under a street lamp",
  "A fox and a crow argue over a key beside a river in the forest",
];

describe("composed frames", () => {
  it("the lighthouse premise paints a lighthouse, a bell, the sea and its keeper", () => {
    const scene = composeScene({ prompt: PREMISES[0]!, aspect: "16:9" });
    const motifs = scene.manifest.objects.map((o) => o.motif);
    expect(motifs).toEqual(expect.arrayContaining(["lighthouse", "bell", "sea", "storm-cloud"]));
    expect(scene.manifest.weather).toBe("storm");
    expect(scene.manifest.objects.find((o) => o.subject)).toMatchObject({ label: "keeper", motif: "person-reaching" });
    expect(scene.manifest.objects.find((o) => o.motif === "bell")?.label).toBe("bell");
  });

  it("reads compounds and synonyms: a bell tower is a tower and a bell, a keeper is a person", () => {
    const motifs = composeScene({ prompt: "the bell tower above the old town", aspect: "16:9" }).manifest.objects.map((o) => o.motif);
    expect(motifs).toEqual(expect.arrayContaining(["tower", "bell", "city"]));
  });

  it("every manifest box matches the pixels its object draws alone (IoU ≥ 0.9)", () => {
    const low: string[] = [];
    for (const prompt of PREMISES) {
      const scene = composeScene({ prompt, aspect: "16:9" });
      scene.manifest.objects.forEach((o, i) => {
        const got = inkBox(scene.objectSvgs[i]!, scene.width);
        const want = { x: o.box.x * scene.width, y: o.box.y * scene.height, w: o.box.w * scene.width, h: o.box.h * scene.height };
        const score = got ? iou(got, want) : 0;
        if (score < 0.9) low.push(`${prompt.slice(0, 20)} ${o.motif}: ${score.toFixed(3)}`);
      });
    }
    expect(low).toEqual([]);
  });

  it("locks the subject: the same protagonist, in the same clothes, in every frame of a world", () => {
    const frame = (prompt: string, subject: string) => composeScene({ prompt, subject, aspect: "16:9" });
    const hero = (s: ReturnType<typeof composeScene>) => {
      const i = s.manifest.objects.findIndex((o) => o.subject);
      return { label: s.manifest.objects[i]?.label, fills: [...new Set(s.objectSvgs[i]!.match(/fill="#[0-9a-f]{6}"/g))].sort() };
    };
    // Two different states of one world, both outdoors at night in clear weather: same light, so the
    // same colours (indoors or by day the same clothes are lit differently).
    const a = hero(frame("the harbor below the lighthouse at night, clear sky", "a lighthouse keeper"));
    const b = hero(frame("the rocky shore below the cliffs at night, clear sky", "a lighthouse keeper"));
    const other = hero(frame("the rocky shore below the cliffs at night, clear sky", "a young witch"));
    expect(a.label).toBe("keeper");
    expect(b.label).toBe("keeper");
    expect(a.fills.length).toBeGreaterThan(3);
    expect(b.fills).toEqual(a.fills);
    expect(other.label).toBe("witch");
    expect(other.fills).not.toEqual(a.fills);
    expect(lookOf("a lighthouse keeper")).toEqual(lookOf("A lighthouse keeper "));
    // The subject from the pipeline's "…, featuring X" prompt is read the same way.
    expect(
      composeScene({ prompt: "a harbor at night, featuring a lighthouse keeper", aspect: "16:9" }).manifest.objects.find((o) => o.subject)
        ?.label,
    ).toBe("keeper");

    // The local author's subject ("the sheriff, the one the camera follows"): its first noun phrase names the figure.
    expect(
      composeScene({
        prompt: "the salt flats at noon",
        subject: "the cartographer, the one the camera follows",
        aspect: "16:9",
      }).manifest.objects.find((o) => o.subject)?.label,
    ).toBe("cartographer");
  });

  it("paints the time of day and weather a caller sets over what the words say (a scenario clip's variation)", () => {
    const prompt = "a stormy sea at dawn, featuring a lighthouse keeper";
    expect(composeScene({ prompt, aspect: "16:9" }).manifest).toMatchObject({ timeOfDay: "dawn", weather: "storm" });
    const set = composeScene({ prompt, aspect: "16:9", conditions: { timeOfDay: "night", weather: "rain" } });
    expect(set.manifest).toMatchObject({ timeOfDay: "night", weather: "rain" });
    expect(set.manifest.palette.skyTop).not.toBe(composeScene({ prompt, aspect: "16:9" }).manifest.palette.skyTop);
    expect(composeScene({ prompt, aspect: "16:9", conditions: { weather: "clear" } }).manifest).toMatchObject({
      timeOfDay: "dawn",
      weather: "clear",
    });
  });

  it("is deterministic per input, and the time of day and weather come from the words", () => {
    const a = composeScene({ prompt: PREMISES[3]!, aspect: "16:9" });
    expect(composeScene({ prompt: PREMISES[3]!, aspect: "16:9" }).svg).toBe(a.svg);
    expect(a.manifest).toMatchObject({ weather: "rain", indoor: false });
    expect(composeScene({ prompt: PREMISES[1]!, aspect: "16:9" }).manifest).toMatchObject({ timeOfDay: "night", indoor: true });
    expect(composeScene({ prompt: "anything", aspect: "16:9" }).svg).not.toContain("<text");
  });
});

describe("varied premises", () => {
  const VARIED = [
    "I wake up in a spaceship with no memory of the crew",
    "Maria, a retired spy, opens a bakery in Lisbon",
    "The last dragon guards a library of forbidden books",
    "A boy and his dog search for a lost treasure in the desert",
    "Two detectives chase a thief across the rooftops of Paris",
    "A witch brews a storm in her cottage kitchen",
    "A ghost haunts the subway station at midnight",
    "A pianist plays for the wolves in a snowy forest",
    "We sailed the river to the temple of the moon",
    "An old woman feeds crows at the cemetery gate",
    "Kids build a raft to reach the island",
    "A robot learns to paint in an abandoned museum",
    "Exiled knight returns to a burning castle",
    "Under the bridge, a troll collects lost umbrellas",
    "A nurse on a night shift hears the elevator call her name",
  ];

  it("each frame holds at least two objects named by the premise's own nouns", () => {
    for (const prompt of VARIED) {
      const words = prompt.toLowerCase();
      const named = composeScene({ prompt, aspect: "16:9" }).manifest.objects.filter((o) => words.includes(o.label));
      expect({ prompt, named: named.length >= 2 }).toEqual({ prompt, named: true });
    }
  });

  it("floats boats on water even when the premise does not name the sea", () => {
    const m = composeScene({ prompt: VARIED[10]!, aspect: "16:9" }).manifest;
    expect(m.objects.map((o) => o.motif)).toEqual(expect.arrayContaining(["sea", "boat", "island"]));
  });
});

describe("visibility", () => {
  it("says how much of each object the nearer ones leave in view", async () => {
    const { paintLocal } = await import("../painter");
    const { manifest } = await paintLocal({
      prompt: "A lighthouse keeper hears a drowned bell ringing under a stormy sea",
      aspect: "16:9",
    });
    const objects = manifest!.objects;
    const by = (motif: string) => objects.find((o) => o.motif === motif)!;
    // The keeper is nearest: nothing covers them. The sea lies behind the rock, the keeper and the bell.
    expect(objects.find((o) => o.subject)?.visible).toBe(1);
    expect(by("sea").visible).toBeGreaterThan(0.5);
    expect(by("sea").visible).toBeLessThan(1);
    for (const o of objects) expect(o.visible).toBeGreaterThan(0);
  });

  it("measures cover exactly on a known layout", async () => {
    const { measureVisibility } = await import("./visibility");
    const doc = (inner: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">${inner}</svg>`;
    // A far square half covered by a near square, and a near square nothing covers.
    const far = doc(`<rect x="0" y="0" width="400" height="400" fill="#f00"/>`);
    const near = doc(`<rect x="200" y="0" width="400" height="400" fill="#00f"/>`);
    expect(measureVisibility([far, near])).toEqual([0.5, 1]);
  });
});

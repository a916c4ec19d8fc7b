import { describe, expect, it } from "vitest";
import type { SceneManifest } from "@/lib/ai/scene-manifest";
import { bedsForTags, unknownNouns, type KindOf } from "./soundscape";
import { cameraMoveOf, focusOf, subjectMotionOf } from "./scene-cues";

const beds = (tags: string[], ...rest: Parameters<typeof bedsForTags> extends [unknown, ...infer R] ? R : never) =>
  bedsForTags(tags, ...rest).map((b) => b.bed);

describe("bedsForTags", () => {
  it("maps the issue's tags by keyword, loudest first", () => {
    expect(beds(["wind"])).toEqual(["wind"]);
    expect(beds(["the distant sound of waves", "a faint echo of a bell"])).toEqual(["sea", "bells"]);
    expect(beds(["rain on the roof", "thunder rolling"])).toEqual(["rain", "storm"]);
    expect(beds(["the crackle of the hearth"])).toEqual(["fire"]);
    expect(beds(["birdsong", "market chatter", "the hum of machinery"])).toEqual(["birds", "crowd", "hum"]);
  });

  it("reads silence as no bed, and an empty state as its place's quiet bed", () => {
    expect(beds(["silence"])).toEqual([]);
    expect(beds([], { indoor: true })).toEqual(["hum"]);
    expect(beds([], { indoor: false })).toEqual(["wind"]);
  });

  it("adds the frame's weather outdoors only", () => {
    expect(beds(["birdsong"], { weather: "rain", indoor: false })).toEqual(["birds", "rain"]);
    expect(beds(["birdsong"], { weather: "rain", indoor: true })).toEqual(["birds"]);
  });

  it("maps unknown nouns by the lexicon's kind to the nearest bed, head noun first", () => {
    const kinds: Record<string, string> = { tram: "vehicle", gull: "animal", choir: "person", lantern: "device", old: "" };
    const kindOf: KindOf = (noun) => kinds[noun] || null;
    expect(beds(["the rattle of an old tram"], {}, kindOf)).toEqual(["machinery"]);
    expect(beds(["a distant choir"], {}, kindOf)).toEqual(["crowd"]);
    // Without a lexicon an unknown tag adds nothing (and the place's quiet bed stands in).
    expect(beds(["the rattle of an old tram"], { indoor: false })).toEqual(["wind"]);
    expect(unknownNouns(["the rattle of an old tram", "waves"])).toEqual(["rattle", "old", "tram"]);
  });
});

describe("camera and movement", () => {
  it.each([
    ["slow cinematic dolly following {hero}", "dolly"],
    ["isometric view panning smoothly with {hero}", "pan"],
    ["a crane shot rising over the harbour", "crane"],
    ["the camera orbits the bell tower", "orbit"],
    ["first-person view with a gentle sway", "drift"],
  ])("%s → %s", (prose, move) => expect(cameraMoveOf(prose).move).toBe(move));

  it("walks when the movement says so", () => {
    expect(subjectMotionOf({ static: "holds still", dynamic: "walks carefully along the pier" })).toBe("walk");
    expect(subjectMotionOf({ static: "holds still, breathing slowly", dynamic: "" })).toBe("idle");
  });

  it("focuses on the protagonist and the named things beside it, within a narrow frame's width", () => {
    const manifest: SceneManifest = {
      version: 1,
      width: 1280,
      height: 720,
      timeOfDay: "dusk",
      weather: "storm",
      indoor: false,
      horizon: 0.6,
      palette: { skyTop: "#000000", skyBottom: "#000000", ground: "#000000", accent: "#000000", haze: "#000000" },
      objects: [
        { label: "sea", motif: "sea", box: { x: 0, y: 0.6, w: 1, h: 0.4 }, depth: 0.9 },
        { label: "lighthouse", motif: "lighthouse", box: { x: 0.7, y: 0.2, w: 0.1, h: 0.5 }, depth: 0.5 },
        { label: "keeper", motif: "person", box: { x: 0.82, y: 0.5, w: 0.05, h: 0.25 }, depth: 0.2, subject: true },
        { label: "rock", motif: "rock", box: { x: 0.05, y: 0.7, w: 0.1, h: 0.1 }, depth: 0.3 },
      ],
    };
    const focus = focusOf(manifest)!;
    // The keeper and the lighthouse, not the far rock nor the whole sea.
    expect(focus.x).toBeCloseTo(0.7);
    expect(focus.x + focus.w).toBeCloseTo(0.87);
  });
});

describe("ambient words no rule knows, through the lexicon", () => {
  it("gives a tag of animals the birds' bed and of machines the machinery's, by the lexicon's kinds", async () => {
    const { nounKinds } = await import("@/lib/ai/local/nouns");
    const kinds = nounKinds(["cormorants", "samovar", "glimmerblorp"]);
    expect(kinds).toMatchObject({ cormorants: "animal", glimmerblorp: null });
    const kindOf = (w: string) => (kinds[w] ?? null) as ReturnType<KindOf>;
    expect(bedsForTags(["the cormorants"], {}, kindOf)[0]?.bed).toBe("birds");
    expect(bedsForTags(["glimmerblorp"], {}, kindOf).map((b) => b.bed)).toEqual(["wind"]);
  });
});

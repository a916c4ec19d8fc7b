import { describe, expect, it } from "vitest";
import { DEFAULT_CAMERA, DEFAULT_STANCES } from "@/lib/characters/profile";
import { rasterizeSvgPixels } from "../../raster";
import { moodLight, readExpression } from "./face";
import { composePortrait, featuresOf, readFraming } from "./portrait";

const stance = (id: string) => DEFAULT_STANCES.find((s) => s.id === id)!;
const KEEPER = "Maren Holt, an old lighthouse keeper in a wool coat";
const paint = (s: { label: string; mood: string; expression: string }, subject = KEEPER, camera = DEFAULT_CAMERA) =>
  composePortrait({ subject, stance: s, camera, scene: "the lamp room of a lighthouse at night", aspect: "16:9" });

/** The backdrop: everything before the figure's group. */
const backdropOf = (svg: string) => svg.slice(0, svg.indexOf('<g transform="translate('));

describe("a stance read as a face and a pose", () => {
  it("reads the default palette's moods and expressions", () => {
    const warm = readExpression(stance("warm"));
    expect(warm.smile).toBeGreaterThan(0.5);
    expect(warm.blush).toBe(true);
    const amused = readExpression(stance("amused"));
    expect(amused.crooked).toBe(true);
    expect(amused.mouthOpen).toBeGreaterThan(0);
    const curious = readExpression(stance("curious"));
    expect(curious.headTilt).toBeGreaterThan(5);
    expect(curious.browRaise).toBeGreaterThan(0.5);
    // "eyebrows raised" raises the brows, not an arm.
    expect(curious.arms).toBe("down");
    const guarded = readExpression(stance("guarded"));
    expect(guarded.arms).toBe("crossed");
    expect(guarded.eyeOpen).toBeLessThan(0.7);
    const downcast = readExpression(stance("downcast"));
    expect(downcast.smile).toBeLessThan(0);
    expect(downcast.gazeY).toBeLessThan(0);
    expect(downcast.shoulders).toBeLessThan(0);
    expect(downcast.browInner).toBeGreaterThan(0);
    const neutral = readExpression(stance("neutral"));
    expect(Math.abs(neutral.smile)).toBeLessThan(0.3);
  });

  it("reads anger, fear and hurt from the brain's moods", () => {
    const stern = readExpression({ label: "Stern", mood: "stern, offended", expression: "jaw set, eyes narrowed" });
    expect(stern.browInner).toBeLessThan(0);
    expect(stern.browRaise).toBeLessThan(0);
    expect(stern.eyeOpen).toBeLessThan(0.7);
    expect(stern.tight).toBe(true);
    const worried = readExpression({ label: "Worried", mood: "worried, afraid", expression: "eyes wide, shoulders raised" });
    expect(worried.eyeOpen).toBeGreaterThan(1.2);
    expect(worried.shoulders).toBeGreaterThan(0.5);
    const hurt = readExpression({ label: "Hurt", mood: "hurt, sad", expression: "eyes lowered" });
    expect(hurt.smile).toBeLessThan(0);
    expect(hurt.gazeY).toBeLessThan(0);
    expect(readExpression({ label: "Cook", mood: "angry, cross", expression: "ladle raised" }).arms).toBe("raised");
    expect(readExpression({ label: "Thinking", mood: "", expression: "hand on her chin" }).arms).toBe("chin");
  });

  it("lights each mood its own way", () => {
    const hues = ["warm", "downcast", "guarded"].map((id) => moodLight(stance(id)).hue);
    expect(new Set(hues).size).toBe(3);
    expect(moodLight({ label: "Stern", mood: "stern", expression: "" }).hue).toBeLessThan(20);
    expect(moodLight(stance("downcast")).dim).toBeGreaterThan(moodLight(stance("warm")).dim);
  });
});

describe("framing from the camera prose", () => {
  it.each([
    [DEFAULT_CAMERA, "medium close-up", 0.5],
    ["close-up, eye level", "close-up", 0.5],
    ["extreme close-up on the eyes", "extreme close-up", 0.5],
    ["medium shot from the waist up, on the left third", "medium shot", 0.38],
    ["full figure, wide, on the right third", "full figure", 0.62],
    ["", "medium close-up", 0.5],
  ])("%j is a %s at x %d", (camera, name, x) => {
    expect(readFraming(camera)).toMatchObject({ name, x });
  });

  it("a closer framing draws a larger head", () => {
    expect(readFraming("extreme close-up").head).toBeGreaterThan(readFraming("close-up").head);
    expect(readFraming("close-up").head).toBeGreaterThan(readFraming(DEFAULT_CAMERA).head);
    expect(readFraming(DEFAULT_CAMERA).head).toBeGreaterThan(readFraming("medium shot").head);
    expect(readFraming("medium shot").head).toBeGreaterThan(readFraming("full figure").head);
  });
});

describe("a character's portraits", () => {
  it("are deterministic, differ by stance, and keep the same person, backdrop and framing", () => {
    const all = DEFAULT_STANCES.map((s) => paint(s));
    expect(paint(stance("warm")).svg).toBe(all[1]!.svg);
    expect(new Set(all.map((p) => p.svg)).size).toBe(DEFAULT_STANCES.length);
    expect(new Set(all.map((p) => backdropOf(p.svg))).size).toBe(1);
    expect(new Set(all.map((p) => p.framing.name))).toEqual(new Set(["medium close-up"]));
    // The same coat in every stance: the subject's look.
    const coat = /<path d="M-\d+ [\d.]+ Q[^"]*" fill="(hsl\([^)]*\))"\/>/.exec(all[0]!.svg)?.[1];
    expect(coat).toBeDefined();
    for (const p of all) expect(p.svg).toContain(`fill="${coat}"`);
  });

  it("another character is another person: other colours, other backdrop", () => {
    const a = paint(stance("neutral"));
    const b = paint(stance("neutral"), "Bram, a young ferryman with a red scarf");
    expect(backdropOf(a.svg)).not.toBe(backdropOf(b.svg));
    expect(a.svg).not.toBe(b.svg);
  });

  it("wears the subject reference's colours", () => {
    const input = { subject: KEEPER, stance: stance("neutral"), camera: DEFAULT_CAMERA, aspect: "16:9" as const };
    const plain = composePortrait(input);
    const dressed = composePortrait({ ...input, reference: { look: { palette: ["#203040"], coat: "#c03020", hair: "#101010" } } });
    expect(dressed.svg).not.toBe(plain.svg);
    expect(dressed.svg).toContain("hsl(6,"); // the reference's red coat (#c03020 is hue 6)
    expect(plain.svg).not.toContain("hsl(6,");
  });

  it("reads age and a beard from the subject", () => {
    expect(featuresOf(KEEPER)).toEqual({ old: true, beard: false });
    expect(featuresOf("Corvin, a grey-bearded ferryman with a beard")).toEqual({ old: true, beard: true });
    expect(featuresOf("Wren, a young harbour pilot")).toEqual({ old: false, beard: false });
  });

  it("names the character as the subject of its manifest, placed where the framing puts it", () => {
    const left = composePortrait(
      { subject: KEEPER, stance: stance("neutral"), camera: "medium shot, on the left third", aspect: "16:9" },
      "keeper",
    );
    const [subject] = left.manifest.objects;
    expect(subject).toMatchObject({ label: "keeper", subject: true, kind: "person" });
    expect(subject!.box.x + subject!.box.w / 2).toBeLessThan(0.45);
    for (const v of [subject!.box.x, subject!.box.y, subject!.box.x + subject!.box.w, subject!.box.y + subject!.box.h]) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });

  it("draws the face where the framing says: a smile and a frown differ in the mouth, not in the far corner", () => {
    const diff = (a: Buffer, b: Buffer, x0: number, y0: number, x1: number, y1: number, w: number) => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) for (let c = 0; c < 3; c++) n += Math.abs(a[(y * w + x) * 4 + c]! - b[(y * w + x) * 4 + c]!);
      return n / ((x1 - x0) * (y1 - y0));
    };
    const neutral = { label: "Neutral", mood: "", expression: "" };
    const smile = { label: "Neutral", mood: "", expression: "a broad smile" };
    const a = rasterizeSvgPixels(paint(neutral, KEEPER, "close-up").svg, 640);
    const b = rasterizeSvgPixels(paint(smile, KEEPER, "close-up").svg, 640);
    // The close-up's head: 50% of the height, its top at 10%: the mouth near 0.1 + 0.5 × 0.79 of the height.
    const mouth = diff(a.pixels, b.pixels, 290, Math.round(0.45 * 360), 350, Math.round(0.56 * 360), 640);
    const corner = diff(a.pixels, b.pixels, 0, 0, 60, 60, 640);
    expect(mouth).toBeGreaterThan(5);
    expect(corner).toBeLessThan(mouth / 10);
  });
});

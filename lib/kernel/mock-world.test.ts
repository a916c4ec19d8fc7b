import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildGraphIndex } from "./graph-index";
import { mockWorld, type MockWorldInput } from "./mock-world";
import { parseWorld } from "./parse-world";
import type { World } from "./schema";
import { fillTemplate } from "./templates";
import { validateWorld } from "./validate-world";

function expectPlayable(w: World): void {
  const states = Object.keys(w.scene.states);
  expect(states.length).toBeGreaterThanOrEqual(4);
  expect(states.length).toBeLessThanOrEqual(8);
  const g = buildGraphIndex(w);
  expect(g.entranceValid).toBe(true);
  expect(g.endings.length).toBeGreaterThanOrEqual(1);
  for (const e of w.scene.events) expect(e.hotkey).not.toBe("");
  expect(validateWorld(w)).toEqual([]);
  expect(parseWorld(JSON.parse(JSON.stringify(w)))).toEqual({ ok: true, world: w });
}

describe("mockWorld", () => {
  it("is a clean, playable world for an empty input", () => {
    expectPlayable(mockWorld());
    expectPlayable(mockWorld({}));
  });

  it("is deterministic", () => {
    const input = { premise: "a lighthouse keeper who collects storms", pov: "first_person" };
    expect(mockWorld(input)).toEqual(mockWorld({ ...input }));
    expect(JSON.stringify(mockWorld({ text: "Chapter one. It was raining." }))).toBe(
      JSON.stringify(mockWorld({ text: "Chapter one. It was raining." })),
    );
  });

  it("derives visibly different worlds from different premises", () => {
    const a = mockWorld({ premise: "a detective hunts a ghost in a flooded subway" });
    const b = mockWorld({ premise: "pirates steal the moon from a sleeping giant" });
    expect(a.name).not.toBe(b.name);
    const prose = (w: World) => JSON.stringify(w.scene);
    expect(prose(a)).toMatch(/detective|ghost|flooded|subway|hunts/);
    expect(prose(b)).toMatch(/pirates|steal|moon|sleeping|giant/);
    expect(prose(a)).not.toMatch(/pirates|giant/);
  });

  it("uses the frame URL, the subject reference and explicit overrides", () => {
    const w = mockWorld({
      frameRef: "https://cdn.example.test/seed.png",
      subjectRef: { imageUrl: "https://cdn.example.test/ref.png", descriptor: "a tall {odd} woman" },
      name: "Named",
      id: "w_123",
    });
    expect(w.entrance.image.src).toBe("https://cdn.example.test/seed.png");
    expect(w.cover).toBe("https://cdn.example.test/seed.png");
    expect(w.subjectRef).toEqual({ imageUrl: "https://cdn.example.test/ref.png", descriptor: "a tall odd woman" });
    expect(w.name).toBe("Named");
    expect(w.id).toBe("w_123");
    expectPlayable(w);
  });

  it("only hashes a frame that is not a URL", () => {
    const w = mockWorld({ frameRef: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB" });
    expect(w.entrance.image.src.startsWith("data:image/svg+xml,")).toBe(true);
    expect(w).not.toEqual(mockWorld({}));
  });

  it("renders its templates completely", () => {
    const w = mockWorld({ premise: "moths" });
    for (const s of Object.values(w.scene.states)) expect(fillTemplate(s.base, s.slots, w.slots)).not.toMatch(/\{/);
  });

  it("copes with a 40000-character chapter", () => {
    expectPlayable(mockWorld({ text: "word ".repeat(8000) + "x".repeat(0) }));
    expectPlayable(mockWorld({ text: "a".repeat(40_000) }));
  });

  const anyText = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary" }),
    fc.string({ unit: "grapheme" }),
    fc.constantFrom("{hero}", "{ }", "  ", "ǅ ß İ"),
  );
  const input: fc.Arbitrary<MockWorldInput> = fc.record(
    {
      premise: anyText,
      text: anyText,
      frameRef: fc.oneof(anyText, fc.webUrl()),
      pov: fc.oneof(anyText, fc.constantFrom("first_person", "third_person_shoulder", "top_down", "toString", "__proto__")),
      subjectRef: fc.record({ imageUrl: fc.webUrl(), descriptor: anyText }, { requiredKeys: ["imageUrl"] }),
      name: anyText,
    },
    { requiredKeys: [] },
  );

  it("is gate-clean and deterministic for any input", () => {
    fc.assert(
      fc.property(input, (i) => {
        const w = mockWorld(i);
        expectPlayable(w);
        expect(mockWorld(i)).toEqual(w);
      }),
      { numRuns: 300 },
    );
  });
});

import nlp from "compromise";
import { describe, expect, it } from "vitest";
import { framePrompt } from "../frame-prompt";
import { buildLocalWorld } from "./author";
import { composeScene } from "./paint/compose";
import { motifsOf } from "./paint/lexicon";
import { PREMISES } from "./premises";

// Issue 12's bar for the painter over the same 200+ premises as the author's quality test: of
// the frames generation would ask for (one per state, lib/ai/frame-prompt.ts), the manifest of
// at least one holds a motif matching one of the premise's own nouns: the noun itself as a
// label, or a motif the lexicon gives for it ("keeper" → person, "harbor" → sea). The nouns are
// compromise's reading of the premise, independent of the painter's reader.

/** The premise's nouns, one word each (the head and the modifiers of its noun phrases). */
function nounsOf(premise: string): string[] {
  const terms = (nlp(premise).json({ terms: { tags: true } }) as { terms: { normal: string; tags: string[] }[] }[]).flatMap((s) => s.terms);
  return terms
    .filter((t) => t.tags.includes("Noun") && !t.tags.includes("Pronoun"))
    .map((t) => t.normal.replace(/[^a-z-]/g, ""))
    .filter(Boolean);
}

describe("local painter over 200 premises", () => {
  it("draws, in at least one frame of each world, a motif matching one of the premise's nouns", () => {
    const missing: string[] = [];
    for (const [, premise] of PREMISES) {
      const world = buildLocalWorld({ worldId: "w", premise, pov: "third_person" });
      const drawn = Object.keys(world.scene.states).flatMap(
        (id) => composeScene({ ...framePrompt(world, id), aspect: "16:9", lite: true }).manifest.objects,
      );
      const nouns = nounsOf(premise);
      const matches = nouns.some((noun) =>
        drawn.some((o) => o.label.split(/[\s-]+/).includes(noun) || (motifsOf(noun) ?? []).includes(o.motif)),
      );
      if (!matches)
        missing.push(
          `${premise} → nouns [${nouns.join(", ")}], drew [${[...new Set(drawn.map((o) => `${o.label}:${o.motif}`))].join(", ")}]`,
        );
    }
    expect(missing).toEqual([]);
  });
});

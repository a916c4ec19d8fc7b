import nlp from "compromise";
import { framePrompt } from "@/lib/ai/frame-prompt";
import { LEXICON, motifsOf, PERSON_MOTIF } from "@/lib/ai/local/paint/lexicon";
import { getMotif } from "@/lib/ai/local/paint/motifs";
import type { World } from "@/lib/kernel";
import { SIM } from "./spec";

// The world's labels, known before any room is built, so that rooms can be built lazily (the
// painter's reading of a state's prose costs milliseconds; a 500-state world would take
// seconds to start) while `visible` and the ray labels keep one fixed index space for the
// whole world. What a room can hold is read cheaply: the prose is only tokenized (compromise's
// tokenizer and its normal forms, as the painter's reading uses them, without the tagger), and
// every word or two-word compound the painter's lexicon can draw as a solid thing counts. That
// is a superset of what the painter will draw (it also needs the word to be a noun, and draws
// at most a few things a layer), so some labels may never be seen; room.ts refuses any label
// missing from it (a test over many worlds holds the two together).

/** Solid layers: what stands in a room as an obstacle (the rest is sky, ground, backdrop, room). */
export const SOLID_LAYERS: ReadonlySet<string> = new Set(["landmark", "prop", "figure"]);
/** Things the painter's composition adds without the text naming them: a window indoors, a rock under a protagonist standing in water. */
const UNNAMED = ["window", "rock"];

const solid = (motifs: readonly string[] | undefined): boolean =>
  motifs !== undefined && motifs.some((id) => id !== PERSON_MOTIF && SOLID_LAYERS.has(getMotif(id).layer));

/** What the painter reads for a state (compose.ts joins prompt and mood the same way). */
export function stateText(world: World, stateId: string): string {
  const input = framePrompt(world, stateId);
  return [input.prompt, input.mood].filter(Boolean).join(". ");
}

/** Labels the painter may give solid things drawn for this text, in the order the text names them. */
export function solidLabelsOf(text: string): string[] {
  const terms = nlp.tokenize(text).terms().json() as Array<{ terms: Array<{ normal?: string }> }>;
  // As the painter reads them (paint/read.ts): a possessive's "'s" dropped, then anything but letters.
  const words = terms.map((t) => (t.terms[0]?.normal ?? "").replace(/['’]s$/, "").replace(/[^a-z-]/g, ""));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === "") continue;
    const next = words[i + 1];
    if (next) {
      const pair = `${w} ${next}`;
      if (solid(LEXICON.get(pair))) out.push(pair);
    }
    if (solid(motifsOf(w))) out.push(w);
  }
  return out;
}

/**
 * "wall", then state by state (in `stateIds` order): the solid labels its prose may give, the
 * painter's unnamed things, its overrides' names (a thing of their own may carry them), its
 * exits' names. Each once, where first met.
 */
export function worldLabels(world: World, stateIds: readonly string[], outEvents: ReadonlyMap<string, readonly number[]>): string[] {
  const labels = [SIM.wallLabel as string];
  const seen = new Set(labels);
  const add = (label: string): void => {
    if (seen.has(label)) return;
    seen.add(label);
    labels.push(label);
  };
  const events = world.scene.events;
  for (const id of stateIds) {
    for (const label of solidLabelsOf(stateText(world, id))) add(label);
    for (const label of UNNAMED) add(label);
    const mine = outEvents.get(id) ?? [];
    for (const i of mine) if (events[i]!.to === undefined) add(events[i]!.name);
    for (const i of mine) if (events[i]!.to !== undefined) add(events[i]!.name);
  }
  return labels;
}

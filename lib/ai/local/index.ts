import { asBuffer, cpuTask } from "@/lib/workers/pool";
import { localChat } from "../brain";
import { createProceduralProvider } from "../procedural";
import type { PaintInput, PaintResult, Provider, SpeechInput, SpeechResult } from "../provider";
import type { buildLocalAct } from "./act";
import type { localBible } from "./bible";
import type { buildLocalWorld } from "./author";
import type { paintLocal, paintPortraitLocal } from "./painter";
import type { nounKinds } from "./nouns";
import type { seedPremiseSentence } from "./seed";
import type { localSpeech } from "./voice";
import { describeLocal, groundLocal } from "./vision";

export { buildLocalWorld } from "./author";
export type { LocalAuthorInput } from "./author";
export { paintLocal, sceneSvg, sceneSvgDataUri } from "./painter";
export { extractStory } from "./text";
export type { StoryFacts, Tone } from "./text";

// The CPU-heavy parts run on the worker pool (workers/cpu.ts), never on the request thread.
const authorTask = cpuTask<typeof buildLocalWorld>("localWorld");
const actTask = cpuTask<typeof buildLocalAct>("localAct");
const paintTask = cpuTask<typeof paintLocal>("localPaint");
const portraitTask = cpuTask<typeof paintPortraitLocal>("localPortrait");
const bibleTask = cpuTask<typeof localBible>("localBible");
const speakTask = cpuTask<typeof localSpeech>("localSpeak");
const seedTask = cpuTask<typeof seedPremiseSentence>("seedSentence");
const kindsTask = cpuTask<typeof nounKinds>("nounKinds");

/** The lexicon's kind of each noun (null when WordNet does not know it), on the worker pool (nouns.ts). */
export function nounKindsLocally(words: string[], signal?: AbortSignal): Promise<Record<string, string | null>> {
  return kindsTask(words, signal);
}

/** What a seed frame shows as a premise's sentence, read through the lexicon on the worker pool (seed.ts). */
export function seedSentenceLocally(input: { labels: string[]; caption: string }, signal?: AbortSignal): Promise<string> {
  return seedTask(input, signal);
}

/** The local voice (eSpeak NG) on the worker pool; also what `openai-compatible` speaks with when no speech model is set. */
export async function speakLocally({ signal, ...input }: SpeechInput): Promise<Omit<SpeechResult, "provider">> {
  const speech = await speakTask(input, signal);
  return { ...speech, bytes: asBuffer(speech.bytes) };
}

/** A character's portrait in one stance (paint/portrait.ts) on the worker pool: `local`'s, and `openai-compatible`'s without an image model. */
export async function paintPortraitLocally({
  signal,
  reference,
  ...input
}: PaintInput & { portrait: NonNullable<PaintInput["portrait"]> }): Promise<PaintResult> {
  const image = await portraitTask({ ...input, ...(reference ? { reference: { look: reference.look } } : {}) }, signal);
  return { ...image, bytes: asBuffer(image.bytes) };
}

/** The embedded live default: procedural author and painter, offline, no external service. */
export function createLocalProvider(): Provider {
  return createProceduralProvider({
    name: "local",
    // Book text goes chapter by chapter (segment → bible → act).
    world: (input) =>
      input.text !== undefined && input.text.trim() !== ""
        ? null
        : authorTask(
            { worldId: input.worldId, premise: input.premise, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef },
            input.signal,
          ),
    act: (bible, chapter, input) =>
      actTask(
        { bible, chapter, act: { worldId: input.worldId, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef } },
        input.signal,
      ),
    bible: (text, signal) => bibleTask(text, signal),
    // A signal cannot cross to a worker: it aborts the task instead.
    // The reference's colours cross to the worker; its image bytes are not needed there.
    // A character's stance is painted as a portrait (paint/portrait.ts), on the same pool.
    paint: async (input) => {
      if (input.portrait) return paintPortraitLocally({ ...input, portrait: input.portrait });
      const { signal, reference, ...rest } = input;
      const image = await paintTask({ ...rest, ...(reference ? { reference: { look: reference.look } } : {}) }, signal);
      return { ...image, bytes: asBuffer(image.bytes) };
    },
    chat: localChat,
    speak: speakLocally,
    ground: groundLocal,
    describe: describeLocal,
  });
}

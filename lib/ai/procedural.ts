import type { World } from "@/lib/kernel";
import { authorFromText, proceduralBible, segmentText } from "./book";
import { gateOwnWorld, throwIfCancelled } from "./gate";
import {
  type ActInput,
  type AuthorResult,
  type AuthorWorldInput,
  type Bible,
  type Capability,
  type Chapter,
  type ChatInput,
  type ChatResult,
  type DescribeInput,
  type DescribeResult,
  type GroundInput,
  type GroundResult,
  type PaintInput,
  type PaintResult,
  type Provider,
  type SpeechInput,
  type SpeechResult,
} from "./provider";

const CAPABILITIES: ReadonlySet<Capability> = new Set<Capability>(["author", "paint", "book", "chat", "speech", "vision"]);

/** What a procedural provider does its own way; the wrapper adds cancellation, the gate and its name. */
export interface ProceduralParts {
  name: "mock" | "local";
  /** A world from a premise or frame; `null` authors book `text` chapter by chapter instead. */
  world(input: AuthorWorldInput): World | null | Promise<World | null>;
  act(bible: Bible, chapter: Chapter, input: ActInput): World | Promise<World>;
  /** The book's bible; the shared procedural one unless the provider reads it its own way (off-thread). */
  bible?(text: string, signal?: AbortSignal): Omit<Bible, "provider"> | Promise<Omit<Bible, "provider">>;
  paint(input: PaintInput): Promise<PaintResult>;
  chat(input: ChatInput): Omit<ChatResult, "provider">;
  speak(input: SpeechInput): Omit<SpeechResult, "provider"> | Promise<Omit<SpeechResult, "provider">>;
  ground(input: GroundInput): Promise<Omit<GroundResult, "provider">>;
  describe(input: DescribeInput): Promise<Omit<DescribeResult, "provider">>;
}

/**
 * An offline provider (test mode's mock, the embedded live default): deterministic, no external
 * service, and it always lands gate-clean on the first try, so `ok` is true and `attempts` 1.
 */
export function createProceduralProvider(parts: ProceduralParts): Provider {
  const { name } = parts;
  const landed = (world: World): AuthorResult => ({ ...gateOwnWorld(world, name), ok: true, provider: name, attempts: 1 });
  // A part may run on a worker thread; a signal that fires meanwhile aborts it, reported as `cancelled`.
  const cancellable = async <T>(signal: AbortSignal | undefined, work: () => T | Promise<T>): Promise<T> => {
    throwIfCancelled(signal, name);
    try {
      return await work();
    } catch (error) {
      throwIfCancelled(signal, name);
      throw error;
    }
  };
  const provider: Provider = {
    name,
    capabilities: CAPABILITIES,
    async authorWorld(input) {
      const world = await cancellable(input.signal, () => parts.world(input));
      if (world) return landed(world);
      return authorFromText(provider, input.text ?? "", {
        worldId: input.worldId,
        pov: input.pov,
        frameRef: input.frameRef,
        subjectRef: input.subjectRef,
        signal: input.signal,
      });
    },
    async paintImage(input) {
      return cancellable(input.signal, () => parts.paint(input));
    },
    async segmentBook(text, options) {
      return segmentText(text, options);
    },
    async writeBible(text, options) {
      const bible = await cancellable(options?.signal, () => (parts.bible ? parts.bible(text, options?.signal) : proceduralBible(text)));
      return { ...bible, provider: name };
    },
    async authorAct(bible, chapter, input) {
      return landed(await cancellable(input.signal, () => parts.act(bible, chapter, input)));
    },
    async chat(input) {
      throwIfCancelled(input.signal, name);
      return { ...parts.chat(input), provider: name };
    },
    async speak(input) {
      return { ...(await cancellable(input.signal, () => parts.speak(input))), provider: name };
    },
    async ground(input) {
      throwIfCancelled(input.signal, name);
      return { ...(await parts.ground(input)), provider: name };
    },
    async describe(input) {
      throwIfCancelled(input.signal, name);
      return { ...(await parts.describe(input)), provider: name };
    },
  };
  return provider;
}

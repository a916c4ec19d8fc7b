import type { World } from "@/lib/kernel";
import { proceduralBible, segmentText } from "./book";
import { gateOwnWorld, throwIfCancelled } from "./gate";
import {
  authorFromText,
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
  world(input: AuthorWorldInput): World | null;
  act(bible: Bible, chapter: Chapter, input: ActInput): World;
  paint(input: PaintInput): Promise<PaintResult>;
  chat(input: ChatInput): Omit<ChatResult, "provider">;
  speak(input: SpeechInput): Omit<SpeechResult, "provider">;
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
  const provider: Provider = {
    name,
    capabilities: CAPABILITIES,
    async authorWorld(input) {
      throwIfCancelled(input.signal, name);
      const world = parts.world(input);
      if (world) return landed(world);
      return authorFromText(provider, input.text ?? "", { worldId: input.worldId, pov: input.pov, frameRef: input.frameRef, subjectRef: input.subjectRef, signal: input.signal });
    },
    async paintImage(input) {
      throwIfCancelled(input.signal, name);
      return parts.paint(input);
    },
    async segmentBook(text, options) {
      return segmentText(text, options);
    },
    async writeBible(text, options) {
      throwIfCancelled(options?.signal, name);
      return { ...proceduralBible(text), provider: name };
    },
    async authorAct(bible, chapter, input) {
      throwIfCancelled(input.signal, name);
      return landed(parts.act(bible, chapter, input));
    },
    async chat(input) {
      throwIfCancelled(input.signal, name);
      return { ...parts.chat(input), provider: name };
    },
    async speak(input) {
      throwIfCancelled(input.signal, name);
      return { ...parts.speak(input), provider: name };
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

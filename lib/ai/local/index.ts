import { proceduralBible, segmentText } from "../book";
import { localChat } from "../chat";
import { gateOwnWorld, throwIfCancelled } from "../gate";
import { authorFromText, type Capability, type Provider } from "../provider";
import { buildLocalWorld } from "./author";
import { paintLocal } from "./painter";
import { localSpeech } from "../speech";

export { buildLocalWorld } from "./author";
export type { LocalAuthorInput } from "./author";
export { paintLocal, sceneSvg, sceneSvgDataUri } from "./painter";
export { extractStory } from "./text";
export type { StoryFacts, Tone } from "./text";

const CAPABILITIES: ReadonlySet<Capability> = new Set<Capability>(["author", "paint", "book", "chat", "speech"]);

/**
 * The embedded live default: procedural author and painter, offline, no external service.
 * Always lands gate-clean on the first try, so `ok` is always true and `attempts` 1.
 */
export function createLocalProvider(): Provider {
  const provider: Provider = {
    name: "local",
    capabilities: CAPABILITIES,
    async authorWorld(input) {
      throwIfCancelled(input.signal, "local");
      if (input.text !== undefined && input.text.trim() !== "") {
        return authorFromText(provider, input.text, { worldId: input.worldId, pov: input.pov, frameRef: input.frameRef, subjectRef: input.subjectRef, signal: input.signal });
      }
      const world = buildLocalWorld({ worldId: input.worldId, premise: input.premise, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef });
      const gated = gateOwnWorld(world, "local");
      return { world: gated.world, ok: true, provider: "local", attempts: 1, diagnostics: gated.diagnostics };
    },
    async paintImage(input) {
      throwIfCancelled(input.signal, "local");
      return paintLocal(input);
    },
    async segmentBook(text, options) {
      return segmentText(text, options);
    },
    async writeBible(text, options) {
      throwIfCancelled(options?.signal, "local");
      return { ...proceduralBible(text), provider: "local" };
    },
    async authorAct(bible, chapter, input) {
      throwIfCancelled(input.signal, "local");
      const world = buildLocalWorld({
        worldId: input.worldId,
        text: chapter.text,
        frameRef: input.frameRef,
        pov: input.pov,
        subjectRef: input.subjectRef,
        bible,
        chapterTitle: chapter.title,
      });
      const gated = gateOwnWorld(world, "local");
      return { world: gated.world, ok: true, provider: "local", attempts: 1, diagnostics: gated.diagnostics };
    },
    async chat(input) {
      throwIfCancelled(input.signal, "local");
      return { ...localChat(input), provider: "local" };
    },
    async speak(input) {
      throwIfCancelled(input.signal, "local");
      return { ...localSpeech(input), provider: "local" };
    },
  };
  return provider;
}

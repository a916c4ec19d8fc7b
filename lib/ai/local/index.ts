import { localChat } from "../chat";
import { createProceduralProvider } from "../procedural";
import type { Provider } from "../provider";
import { chapterBible } from "./act";
import { buildLocalWorld } from "./author";
import { paintLocal } from "./painter";
import { localSpeech } from "../speech";

export { buildLocalWorld } from "./author";
export type { LocalAuthorInput } from "./author";
export { paintLocal, sceneSvg, sceneSvgDataUri } from "./painter";
export { extractStory } from "./text";
export type { StoryFacts, Tone } from "./text";

/** The embedded live default: procedural author and painter, offline, no external service. */
export function createLocalProvider(): Provider {
  return createProceduralProvider({
    name: "local",
    // Book text goes chapter by chapter (segment → bible → act).
    world: (input) => (input.text !== undefined && input.text.trim() !== "" ? null : buildLocalWorld({ worldId: input.worldId, premise: input.premise, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef })),
    act: (bible, chapter, input) =>
      buildLocalWorld({ worldId: input.worldId, text: chapter.text, frameRef: input.frameRef, pov: input.pov, subjectRef: input.subjectRef, bible: chapterBible(bible, chapter), chapterTitle: chapter.title }),
    paint: paintLocal,
    chat: localChat,
    speak: localSpeech,
  });
}

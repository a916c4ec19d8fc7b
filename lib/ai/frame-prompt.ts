import { fillTemplate, type World } from "@/lib/kernel";
import type { PaintInput } from "./provider";

/**
 * What a painter is asked to paint for one state of a world: the state's prose with its slots
 * filled ("{hero} wades…" → "the keeper wades…"), featuring the protagonist; its camera and an
 * ending's finale as the mood; and the subject lock, so a painter that can draws the same
 * protagonist in every frame. The simulator (lib/sim) furnishes a state's room from the same
 * reading, so a room holds what its painted frame shows.
 */
export function framePrompt(world: World, stateId: string): Pick<PaintInput, "prompt" | "mood" | "subject"> {
  const state = Object.prototype.hasOwnProperty.call(world.scene.states, stateId) ? world.scene.states[stateId] : undefined;
  const fill = (text: string): string => fillTemplate(text, state?.slots, world.slots);
  const subject = fill(world.subjectRef?.descriptor || world.subject || "");
  return {
    prompt: [state && fill(state.base), subject && `featuring ${subject}`].filter(Boolean).join(", ") || world.name,
    mood: [state && fill(state.camera.static), state?.ending.isEnding ? "finale" : ""].filter(Boolean).join(" "),
    ...(subject ? { subject } : {}),
  };
}

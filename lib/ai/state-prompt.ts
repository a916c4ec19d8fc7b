import type { World } from "@/lib/kernel";

/**
 * What a painter is asked to draw for one state of a world: its prose with the protagonist, its
 * still-camera framing (and "finale" on an ending) as the mood, and the subject lock. The
 * generation pipeline paints states from this and the simulator (lib/sim) furnishes their rooms
 * from the same reading, so a room holds what its painted frame shows.
 */
export function statePrompt(world: World, stateId: string): { prompt: string; mood: string; subject?: string } {
  const state = Object.prototype.hasOwnProperty.call(world.scene.states, stateId) ? world.scene.states[stateId] : undefined;
  const subject = world.subjectRef?.descriptor || world.subject;
  return {
    prompt: [state?.base, subject && `featuring ${subject}`].filter(Boolean).join(", ") || world.name,
    mood: [state?.camera.static, state?.ending.isEnding ? "finale" : ""].filter(Boolean).join(" "),
    // The subject lock: a painter that can draws this protagonist the same in every frame.
    ...(subject ? { subject } : {}),
  };
}

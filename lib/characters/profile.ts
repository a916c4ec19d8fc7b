import { z } from "zod";
import type { ChatCharacter, Stance } from "@/lib/ai";
import type { Event, State, World } from "@/lib/kernel";
import { MAX_STANCES, ZStanceId } from "./requests";

/**
 * A character is a world row of kind `character` whose graph has one state per stance (its
 * visual state) and a `character` object: the brain (persona, lore, examples, greeting, model),
 * the voice and the stance palette. This is the stored shape of `world.character`.
 */
export const ZStoredStance = z.looseObject({
  id: ZStanceId,
  label: z.string().trim().min(1).max(60),
  mood: z.string().max(200).default(""),
  expression: z.string().max(400).default(""),
});

export const ZCharacterProfile = z.looseObject({
  persona: z.string().default(""),
  lore: z.string().default(""),
  greeting: z.string().default(""),
  examples: z.string().default(""),
  scene: z.string().default("").describe("the setting (prose)"),
  style: z.string().default("").describe("visual style phrase"),
  subject: z.string().default("").describe("visual subject lock"),
  speakingDetail: z.string().default(""),
  voiceId: z.string().min(1).optional(),
  modelId: z.string().min(1).optional(),
  free: z.boolean().default(false).describe("talk turns use no chat time"),
  intro: z
    .looseObject({ kicker: z.string().default(""), title: z.string().default(""), hint: z.string().default("") })
    .default({ kicker: "", title: "", hint: "" }),
  stances: z.array(ZStoredStance).min(1).max(MAX_STANCES),
  entranceState: z.string().optional(),
});
export type CharacterProfile = z.infer<typeof ZCharacterProfile>;

/** Fields of the brain that never leave the server (the runtime view strips them). */
export const PRIVATE_PROFILE_FIELDS = ["persona", "lore", "examples", "modelId"] as const;

export const DEFAULT_STANCES: Stance[] = [
  { id: "neutral", label: "Neutral", mood: "calm", expression: "a relaxed, attentive face" },
  { id: "warm", label: "Warm", mood: "happy, friendly", expression: "a warm, open smile" },
  { id: "amused", label: "Amused", mood: "playful", expression: "a crooked grin, eyes bright" },
  { id: "curious", label: "Curious", mood: "curious", expression: "head tilted, eyebrows raised" },
  { id: "guarded", label: "Guarded", mood: "wary", expression: "arms crossed, a narrow look" },
  { id: "downcast", label: "Downcast", mood: "sad", expression: "eyes lowered, shoulders slack" },
];

export const DEFAULT_CAMERA = "medium close-up at eye level, the character centered, shallow depth of field";
export const DEFAULT_MOVEMENT = "breathes softly, small idle shifts of weight, an occasional blink";

/** The stored profile of a character graph, or null when it has none that parses. */
export function readProfile(graph: unknown): CharacterProfile | null {
  const character = (graph as { character?: unknown } | null)?.character;
  const parsed = ZCharacterProfile.safeParse(character);
  return parsed.success ? parsed.data : null;
}

/** The brain as the chat capability takes it. */
export function chatCharacterOf(name: string, profile: CharacterProfile): ChatCharacter {
  return {
    name,
    persona: profile.persona,
    lore: profile.lore,
    greeting: profile.greeting,
    examples: profile.examples,
    scene: profile.scene,
    style: profile.style,
    ...(profile.speakingDetail.trim() ? { speakingDetail: profile.speakingDetail } : {}),
    stances: profile.stances.map((s) => ({ id: s.id, label: s.label, mood: s.mood, expression: s.expression })),
    ...(profile.modelId ? { modelId: profile.modelId } : {}),
  };
}

/** The entrance stance: the stored one if it is of the palette, else the first. */
export function entranceStanceOf(profile: CharacterProfile): string {
  return profile.stances.some((s) => s.id === profile.entranceState) ? profile.entranceState! : profile.stances[0]!.id;
}

// User text ends up in prose; braces would read as template slots there.
const noBraces = (s: string) => s.replace(/[{}]/g, "");

export interface CharacterWorldInput {
  id: string;
  name: string;
  description: string;
  cover: string;
  profile: CharacterProfile & { entranceState: string };
  camera: { static: string; dynamic: string };
  movement: { static: string; dynamic: string };
  /** Each stance's painted picture (pictures.ts), by stance id: its state's `image`. */
  pictures?: Record<string, { src: string; label: string; manifest?: string }>;
  /** The canonical character reference (a frame the character was authored from). */
  subjectRef?: { imageUrl: string; descriptor: string };
}

/** What a character's pictures are of: the subject lock, else its name (braces removed). */
export function subjectOf(profile: Pick<CharacterProfile, "subject">, name: string): string {
  return noBraces(profile.subject.trim() || name);
}

/** A stance state's `base`: the subject showing the stance's expression, in the scene, in the style. */
export function stanceBase(
  profile: Pick<CharacterProfile, "subject" | "scene" | "style">,
  name: string,
  stance: Pick<Stance, "label" | "expression">,
): string {
  const look = noBraces(stance.expression.trim() || `${stance.label.toLowerCase()} expression`);
  const where = profile.scene.trim() ? `, ${noBraces(profile.scene.trim())}` : "";
  const style = profile.style.trim() ? `; ${noBraces(profile.style.trim())}` : "";
  return `${subjectOf(profile, name)}, ${look}${where}${style}`;
}

/** The state of one stance: its picture's description, the camera and movement, its mood as ambient. */
export function stanceState(
  profile: Pick<CharacterProfile, "subject" | "scene" | "style">,
  name: string,
  stance: Stance,
  camera: { static: string; dynamic: string },
  movement: { static: string; dynamic: string },
): State {
  return {
    id: stance.id,
    base: stanceBase(profile, name, stance),
    camera: { static: noBraces(camera.static), dynamic: noBraces(camera.dynamic) },
    movement: { static: noBraces(movement.static), dynamic: noBraces(movement.dynamic) },
    ambient: stanceAmbient(stance),
    ending: {},
    variants: [],
    label: stance.label,
  };
}

export const stanceAmbient = (stance: Pick<Stance, "mood">): string[] => (stance.mood.trim() ? [noBraces(stance.mood.trim())] : []);

/**
 * The transitions of a palette: one from every stance to every other, named after the target's
 * label (with its id when two labels are equal), hotkeys 1-9 and 0 by target.
 */
export function stanceTransitions(name: string, stances: readonly Stance[]): Event[] {
  const labels = stances.map((s) => s.label);
  const events: Event[] = [];
  stances.forEach((to, index) => {
    const eventName = labels.indexOf(to.label) === labels.lastIndexOf(to.label) ? to.label : `${to.label} (${to.id})`;
    const hotkey = index < 9 ? String(index + 1) : index === 9 ? "0" : "";
    for (const from of stances) {
      if (from.id === to.id) continue;
      events.push({
        from: from.id,
        to: to.id,
        name: eventName,
        base: `${noBraces(name)} shifts into ${noBraces(to.expression.trim() || to.label.toLowerCase())}`,
        detail: noBraces(to.mood),
        hotkey,
        kind: "transition",
      });
    }
  });
  return events;
}

/**
 * The character's world: one state per stance (the stance's expression on the subject, in the
 * scene), a transition between every two stances (hotkeys 1-9, 0 by target) so that every stance
 * is reachable, the entrance on the entrance stance, and the profile under `character`.
 */
export function buildCharacterWorld(input: CharacterWorldInput): World & { character: CharacterProfile } {
  const { profile } = input;
  const states: Record<string, State> = {};
  for (const stance of profile.stances) {
    const picture = input.pictures?.[stance.id];
    states[stance.id] = {
      ...stanceState(profile, input.name, stance, input.camera, input.movement),
      ...(picture ? { image: picture } : {}),
    };
  }
  return {
    id: input.id,
    name: input.name,
    description: input.description,
    cover: input.cover,
    subject: subjectOf(profile, input.name),
    ...(input.subjectRef ? { subjectRef: input.subjectRef } : {}),
    entrance: { image: { src: input.cover, label: input.name }, state: profile.entranceState },
    scene: { states, events: stanceTransitions(input.name, profile.stances) },
    character: profile,
  };
}

/** The graph as the embed's browser may see it: the brain's private fields stripped from `character`. */
export function publicGraph(graph: World & { character?: unknown }): World {
  if (!graph.character || typeof graph.character !== "object") return graph;
  const character = { ...(graph.character as Record<string, unknown>) };
  for (const field of PRIVATE_PROFILE_FIELDS) delete character[field];
  return { ...graph, character };
}

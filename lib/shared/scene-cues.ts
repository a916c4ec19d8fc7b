// What the player needs to move and sound a state, computed by the server where it prepares the
// player's data (lib/runtime/scene-cues.ts) and read by the browser (embed/player): plain data.

/** The ambient beds the player synthesises (embed/player/sound.ts). */
export const BEDS = ["wind", "rain", "sea", "storm", "fire", "bells", "birds", "crowd", "machinery", "water", "night", "hum"] as const;
export type Bed = (typeof BEDS)[number];

/** How the camera moves over the frame, read from `camera.dynamic`. */
export const CAMERA_MOVES = ["dolly", "pan", "crane", "orbit", "drift"] as const;
export type CameraMove = (typeof CAMERA_MOVES)[number];

/** A box normalised to 0..1 of the frame. */
export interface CueBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneCue {
  camera: { move: CameraMove; direction: 1 | -1 };
  /** The protagonist's motion, read from `movement`: a breathing idle or a walk. */
  subject: { motion: "idle" | "walk"; box: CueBox | null };
  /** What the frame must keep in view on a narrow screen: the protagonist and the named things near it; null without a manifest. */
  focus: CueBox | null;
  /** Things the painter drew nearer than the background, nearest last (parallax layers); empty without a manifest. */
  layers: { box: CueBox; depth: number }[];
  /** The ambient beds of the state and their levels (0..1); empty is silence. */
  beds: { bed: Bed; gain: number }[];
}

/** Cues of every state, by state id. */
export type SceneCues = Record<string, SceneCue>;

import type { Prng } from "@/lib/kernel";
import type { ManifestObject, SceneManifest, TimeOfDay, Weather } from "../../scene-manifest";

export type { ManifestObject, SceneManifest, TimeOfDay, Weather };

/** A box in frame pixels (drawing) or normalised 0..1 of the frame (manifest). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where a motif goes in a frame: `terrain` fills the ground below the horizon (or a range on
 * it), `sky` sits above it, `room` is an interior backdrop, `landmark` stands mid-distance,
 * `prop` and `figure` stand near.
 */
export type Layer = "terrain" | "range" | "sky" | "room" | "landmark" | "prop" | "figure";

/** What a motif draws with: a colour function that applies the frame's light and the object's haze. */
export interface Ctx {
  rng: Prng;
  /** hsl → a CSS colour, darkened by the time of day and hazed by the object's depth. */
  ink(h: number, s: number, l: number): string;
  /** The warm light of lamps and windows (bright at night). */
  glow: string;
  time: TimeOfDay;
  weather: Weather;
  /** Main hue of the protagonist's clothes (the subject lock), used by figure motifs. */
  look: Look;
}

/** The protagonist's fixed traits, seeded from the subject text: the same figure in every frame. */
export interface Look {
  /** The clothes' colour as hsl (hue, saturation %, lightness %). */
  hue: number;
  sat: number;
  light: number;
  hat: "none" | "cap" | "hood" | "brim";
  coat: "short" | "long";
  /** The hair's colour as hsl; `hair` is its lightness %. */
  hairHue: number;
  hairSat: number;
  hair: number;
  item: "none" | "lantern" | "staff" | "sword";
}

export interface Motif {
  id: string;
  /** What the motif depicts, in plain words. */
  label: string;
  layer: Layer;
  /** Natural width / height, used by the layout to size the box. */
  aspect: number;
  /** Height as a fraction of the frame when standing near the viewer (before depth scaling). */
  size: number;
  /** Draws the motif so that its shapes span the box exactly (the manifest's box is this box). */
  draw(b: Box, c: Ctx): string;
}

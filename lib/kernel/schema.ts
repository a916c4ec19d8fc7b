import { z } from "zod";

// The SMWorld graph as stored and served. Every object is loose so that properties this
// version does not know survive import, every op and every read (forward compatibility).
// Structural rules only: graph rules (references, duplicates, reachability) are the gate's.

/** Values of an optional `ending.outcome`. */
export const ENDING_OUTCOMES = ["good", "bad", "neutral"] as const;

export const ZCameraSpec = z.looseObject({
  static: z.string().describe("camera framing for still shots (prose)"),
  dynamic: z.string().describe("camera framing while moving (prose)"),
});
export type CameraSpec = z.infer<typeof ZCameraSpec>;

export const ZMovementSpec = z.looseObject({
  static: z.string().describe("how the subject holds still (prose)"),
  dynamic: z.string().describe("how the subject moves (prose)"),
});
export type MovementSpec = z.infer<typeof ZMovementSpec>;

/** Template fills: `{slot}` placeholders in prose resolve against these (see docs/kernel.md). */
export const ZSlots = z.record(z.string(), z.string());
export type Slots = z.infer<typeof ZSlots>;

// Every state carries an `ending` object; only `isEnding: true` makes it an ending, so that
// `{}` (or a missing flag) is a plain state and an import never needs a sentinel value.
export const ZEnding = z.looseObject({
  isEnding: z.boolean().optional().describe("true marks the state as an ending; absent means false"),
  outcome: z.enum(ENDING_OUTCOMES).optional().describe("how the story ends here"),
  title: z.string().optional().describe("ending card title (prose)"),
  text: z.string().optional().describe("ending card text (prose)"),
});
export type Ending = z.infer<typeof ZEnding>;

// A variant is an alternative take of its state (another time of day, weather, mood):
// the renderer may pick one instead of the plain state, weighted by `weight`.
export const ZVariant = z.looseObject({
  id: z.string().describe("unique within its state; remove_variant addresses it"),
  label: z.string().optional().describe("short name shown in the editor"),
  base: z.string().optional().describe("prose that replaces the state's base for this take"),
  weight: z.number().positive().finite().optional().describe("relative pick weight; absent means 1"),
});
export type Variant = z.infer<typeof ZVariant>;

export const ZState = z.looseObject({
  id: z.string(),
  base: z.string(),
  camera: ZCameraSpec,
  movement: ZMovementSpec,
  ambient: z.array(z.string()),
  ending: ZEnding,
  variants: z.array(ZVariant),
  slots: ZSlots.optional(),
});
export type State = z.infer<typeof ZState>;

// A state as a person may write it in an imported world or one sent to `POST /v1/validate`:
// every field but `id` may be left out and reads as its add_state default (`withStateDefaults`).
export const ZStateInput = ZState.extend({
  base: ZState.shape.base.optional(),
  camera: ZCameraSpec.partial().optional(),
  movement: ZMovementSpec.partial().optional(),
  ambient: ZState.shape.ambient.optional(),
  ending: ZEnding.optional(),
  variants: ZState.shape.variants.optional(),
});
export type StateInput = z.infer<typeof ZStateInput>;

/** Values of the optional event marker `kind`. */
export const EVENT_KINDS = ["transition", "override"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

// An event without `to` is an override (plays in place on `from`). `kind` is an optional
// explicit marker: when present it must agree with the presence of `to`, which catches a
// transition whose target was dropped instead of silently turning it into an override.
export const ZEvent = z.looseObject({
  from: z.string(),
  to: z.string().optional(),
  name: z.string(),
  base: z.string(),
  detail: z.string(),
  hotkey: z.string(),
  kind: z.enum(EVENT_KINDS).optional(),
});
export type Event = z.infer<typeof ZEvent>;

export const ZSubjectRef = z.looseObject({
  imageUrl: z.string(),
  descriptor: z.string(),
});
export type SubjectRef = z.infer<typeof ZSubjectRef>;

export const ZEntrance = z.looseObject({
  image: z.looseObject({ src: z.string(), label: z.string() }),
  state: z.string(),
});
export type Entrance = z.infer<typeof ZEntrance>;

export const ZScene = z.looseObject({
  states: z.record(z.string(), ZState),
  events: z.array(ZEvent),
});
export type Scene = z.infer<typeof ZScene>;

export const ZWorld = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.string(),
  subject: z.string(),
  // Optional: a world made from a bare premise has no canonical character reference.
  subjectRef: ZSubjectRef.optional(),
  entrance: ZEntrance,
  scene: ZScene,
  slots: ZSlots.optional(),
});
export type World = z.infer<typeof ZWorld>;

/** A world as imported and as stored from an import: states may leave out their defaults. */
export const ZWorldInput = ZWorld.extend({ scene: ZScene.extend({ states: z.record(z.string(), ZStateInput) }) });
export type WorldInput = z.infer<typeof ZWorldInput>;

export const SEVERITIES = ["error", "warning", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ZDiagnostic = z.object({
  lint: z.string().describe("kebab-case lint name, stable"),
  code: z.string().describe("short stable code such as E001"),
  severity: z.enum(SEVERITIES),
  path: z.string().describe("dotted path of the offending value, e.g. scene.events[3].to"),
  message: z.string(),
  loc: z.object({
    field: z.string().describe("path of the field concerned; empty when the finding is about a whole object"),
    template: z.string().describe("the template text of that field; template lints only"),
    slot: z.string().describe("the placeholder's slot name; template lints only"),
    fill: z.string().describe("path of the fill that applies or would apply; template lints only"),
  }),
});
export type Diagnostic = z.infer<typeof ZDiagnostic>;

export interface Limits {
  maxStates: number;
  maxEvents: number;
}

/** The import limits (docs/api.md "Worlds"); the gate takes them as parameters. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({ maxStates: 500, maxEvents: 2000 });

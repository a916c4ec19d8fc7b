import { z } from "zod";
import { ENDING_OUTCOMES, EVENT_KINDS, ZSlots } from "./schema";

// The public op vocabulary (POST /v1/worlds/{id}/ops). Every shape is closed: an unknown or
// misspelt field is a 400 at parse time rather than a value silently stored in the graph.

const ZId = z
  .string()
  .min(1)
  .max(200)
  .refine((s) => s.trim().length > 0, "must not be blank")
  .refine((s) => s !== "__proto__", "reserved id");

const ZProse = z.string();

const ZCameraInput = z.strictObject({
  static: ZProse.optional().describe("framing for still shots"),
  dynamic: ZProse.optional().describe("framing while moving"),
});

const ZMovementInput = z.strictObject({
  static: ZProse.optional().describe("how the subject holds still"),
  dynamic: ZProse.optional().describe("how the subject moves"),
});

const ZEndingInput = z.strictObject({
  isEnding: z.boolean().optional().describe("true makes the state an ending"),
  outcome: z.enum(ENDING_OUTCOMES).optional(),
  title: ZProse.optional(),
  text: ZProse.optional(),
});

const ZEndingPatch = ZEndingInput.extend({
  outcome: z.enum(ENDING_OUTCOMES).nullable().optional().describe("null removes it"),
});

export const ZVariantInput = z.strictObject({
  id: ZId.describe("unique within the state"),
  label: z.string().optional(),
  base: ZProse.optional().describe("prose replacing the state's base for this take"),
  weight: z.number().positive().finite().optional().describe("relative pick weight; absent means 1"),
});
export type VariantInput = z.infer<typeof ZVariantInput>;

export const ZAddStateOp = z.strictObject({
  op: z.literal("add_state"),
  id: ZId.describe("id of the new state; must not exist yet"),
  base: ZProse.optional().describe("what the state shows (prose); default empty"),
  camera: ZCameraInput.optional().describe("`{static, dynamic}`; missing members default to empty"),
  movement: ZMovementInput.optional().describe("`{static, dynamic}`; missing members default to empty"),
  ambient: z.array(ZProse).optional().describe("ambient lines; default []"),
  ending: ZEndingInput.optional().describe("`{isEnding, outcome, title, text}`; default `{isEnding: false}`"),
  variants: z.array(ZVariantInput).optional().describe("alternative takes; default []"),
  slots: ZSlots.optional().describe("template fills for this state's prose and its events"),
});
export type AddStateOp = z.infer<typeof ZAddStateOp>;

export const ZUpdateStateOp = z.strictObject({
  op: z.literal("update_state"),
  id: ZId.describe("the state to change"),
  patch: z
    .strictObject({
      id: ZId.optional().describe("rename: rewrites entrance.state and every event's from/to"),
      base: ZProse.optional(),
      camera: ZCameraInput.optional().describe("merged member by member"),
      movement: ZMovementInput.optional().describe("merged member by member"),
      ambient: z.array(ZProse).optional().describe("replaces the list"),
      ending: ZEndingPatch.optional().describe("merged member by member"),
      variants: z.array(ZVariantInput).optional().describe("replaces the list"),
      slots: ZSlots.nullable().optional().describe("replaces the fills; null removes them"),
    })
    .describe("fields to change; absent fields are kept"),
});
export type UpdateStateOp = z.infer<typeof ZUpdateStateOp>;

export const ZDeleteStateOp = z.strictObject({
  op: z.literal("delete_state"),
  id: ZId.describe("the state to delete; events from or to it are deleted too"),
});
export type DeleteStateOp = z.infer<typeof ZDeleteStateOp>;

const addEventShape = {
  from: ZId.describe("source state id"),
  to: ZId.optional().describe("target state id; required for a transition, absent for an override"),
  name: ZId.describe("unique among the events from `from`"),
  base: ZProse.optional().describe("what happens (prose); default empty"),
  detail: ZProse.optional().describe("extra detail (prose); default empty"),
  hotkey: z.string().optional().describe("key that fires the event; unique per source state; default empty"),
  kind: z.enum(EVENT_KINDS).optional().describe("optional explicit marker; must agree with `to`"),
};

export const ZAddEventOp = z.strictObject({ op: z.literal("add_event"), ...addEventShape });
export type AddEventOp = z.infer<typeof ZAddEventOp>;

export const ZUpdateEventOp = z.strictObject({
  op: z.literal("update_event"),
  from: ZId.describe("source state of the event to change"),
  name: ZId.describe("name of the event to change"),
  patch: z
    .strictObject({
      from: ZId.optional().describe("move the event to another source state"),
      to: ZId.nullable().optional().describe("new target; null turns a transition into an override"),
      name: ZId.optional(),
      base: ZProse.optional(),
      detail: ZProse.optional(),
      hotkey: z.string().optional(),
      kind: z.enum(EVENT_KINDS).nullable().optional().describe("null removes the marker"),
    })
    .describe("fields to change; absent fields are kept"),
});
export type UpdateEventOp = z.infer<typeof ZUpdateEventOp>;

export const ZDeleteEventOp = z.strictObject({
  op: z.literal("delete_event"),
  from: ZId.describe("source state of the event"),
  name: ZId.describe("name of the event"),
});
export type DeleteEventOp = z.infer<typeof ZDeleteEventOp>;

export const ZSetEntranceOp = z
  .strictObject({
    op: z.literal("set_entrance"),
    state: ZId.optional().describe("the state the world opens on"),
    image: z
      .strictObject({ src: z.string().optional(), label: z.string().optional() })
      .optional()
      .describe("opening frame; members given replace, others are kept"),
  })
  .refine((o) => o.state !== undefined || o.image !== undefined, "set_entrance needs state or image");
export type SetEntranceOp = z.infer<typeof ZSetEntranceOp>;

export const ZSetSubjectRefOp = z.strictObject({
  op: z.literal("set_subject_ref"),
  imageUrl: z
    .string()
    .min(1)
    .refine((s) => !/^data:/i.test(s.trim()), "a data: URI is not accepted; host the image first")
    .describe("already-hosted image URL of the canonical character"),
  descriptor: z.string().optional().describe("prose descriptor; default: the current one, else the world's subject"),
});
export type SetSubjectRefOp = z.infer<typeof ZSetSubjectRefOp>;

export const ZAddVariantOp = z.strictObject({
  op: z.literal("add_variant"),
  state: ZId.describe("the state that gets the variant"),
  variant: ZVariantInput.describe("`{id, label?, base?, weight?}`"),
});
export type AddVariantOp = z.infer<typeof ZAddVariantOp>;

export const ZRemoveVariantOp = z.strictObject({
  op: z.literal("remove_variant"),
  state: ZId.describe("the state holding the variant"),
  id: ZId.describe("the variant's id"),
});
export type RemoveVariantOp = z.infer<typeof ZRemoveVariantOp>;

export const ZOp = z.discriminatedUnion("op", [
  ZAddStateOp,
  ZUpdateStateOp,
  ZDeleteStateOp,
  ZAddEventOp,
  ZUpdateEventOp,
  ZDeleteEventOp,
  ZSetEntranceOp,
  ZSetSubjectRefOp,
  ZAddVariantOp,
  ZRemoveVariantOp,
]);
export type Op = z.infer<typeof ZOp>;
export type OpName = Op["op"];

/** A batch as the ops route takes it: at least one op. */
export const ZOpList = z.array(ZOp).min(1);

/** Body of POST /v1/worlds/{id}/events: the add_event fields plus the concurrency token. */
export const ZAddEventBody = z.strictObject({
  ...addEventShape,
  expectedRev: z.string().optional(),
  requirePlaytests: z.boolean().optional().describe("refuse (422) a write that breaks a recorded play-through"),
});
export type AddEventBody = z.infer<typeof ZAddEventBody>;

/** The /events route goes through the same op as a batch of one. */
export function addEventOp(body: AddEventBody): AddEventOp {
  const { expectedRev, requirePlaytests, ...fields } = body;
  void expectedRev; // a concurrency token, not part of the graph
  void requirePlaytests; // a condition of the write, not part of the graph
  return { op: "add_event", ...fields };
}

interface OpMeta {
  schema: z.ZodType;
  doc: string;
  /** When the op is skipped and reported in applyErrors. */
  skippedWhen: string;
}

// Metadata read by scripts/gen-kernel-docs.ts; field tables come from the schemas themselves.
export const OPS: Record<OpName, OpMeta> = {
  add_state: {
    schema: ZAddStateOp,
    doc: "Adds a state; omitted fields default to empty prose, `[]` and `{isEnding: false}`.",
    skippedWhen: "a state with that id exists",
  },
  update_state: {
    schema: ZUpdateStateOp,
    doc: "Changes a state's fields; a new `patch.id` renames it and rewrites `entrance.state` and every event's `from`/`to`.",
    skippedWhen: "no state has that id; the new id is taken",
  },
  delete_state: {
    schema: ZDeleteStateOp,
    doc: "Deletes a state and every event from or to it; the removed events are listed in `notes`. Deleting the entrance leaves it dangling for the gate to refuse unless a later `set_entrance` fixes it.",
    skippedWhen: "no state has that id",
  },
  add_event: {
    schema: ZAddEventOp,
    doc: "Adds an event: a transition with `to`, an override without. References to unknown states are kept and judged by the gate.",
    skippedWhen: "an event with that name already leaves `from`",
  },
  update_event: {
    schema: ZUpdateEventOp,
    doc: "Changes the event identified by `(from, name)`; `patch.to: null` makes it an override.",
    skippedWhen: "no such event; the new `(from, name)` is taken",
  },
  delete_event: {
    schema: ZDeleteEventOp,
    doc: "Deletes the event identified by `(from, name)`.",
    skippedWhen: "no such event",
  },
  set_entrance: {
    schema: ZSetEntranceOp,
    doc: "Sets the entrance state and/or the opening image (`src`, `label`).",
    skippedWhen: "never (an unknown state is the gate's `entrance-missing`)",
  },
  set_subject_ref: {
    schema: ZSetSubjectRefOp,
    doc: "Sets the canonical-character reference `subjectRef {imageUrl, descriptor}`.",
    skippedWhen: "never",
  },
  add_variant: {
    schema: ZAddVariantOp,
    doc: "Appends a variant to a state.",
    skippedWhen: "no such state; the state already has a variant with that id",
  },
  remove_variant: {
    schema: ZRemoveVariantOp,
    doc: "Removes a state's variant by id.",
    skippedWhen: "no such state; no variant with that id",
  },
};

export const OP_NAMES = Object.keys(OPS) as OpName[];

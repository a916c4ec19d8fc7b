import { ZOp, type Event, type EventKind, type Op, type State, type VariantInput, type World } from "@/lib/kernel";

/**
 * The inspector's drafts: every field of a state, an event or the entrance as the form holds
 * it (strings and lists), and the ops that turn a draft into the world. The form never writes
 * the world itself; it only ever produces ops, so the editor, the API and the gate share one
 * rule set.
 */

export type Outcome = "" | "good" | "bad" | "neutral";

export interface VariantFields {
  id: string;
  label: string;
  base: string;
  /** As typed; empty means "absent" (weight 1). */
  weight: string;
}

export interface SlotFields {
  name: string;
  value: string;
}

export interface StateFields {
  id: string;
  base: string;
  cameraStatic: string;
  cameraDynamic: string;
  movementStatic: string;
  movementDynamic: string;
  ambient: string[];
  isEnding: boolean;
  outcome: Outcome;
  endingTitle: string;
  endingText: string;
  variants: VariantFields[];
  slots: SlotFields[];
}

export interface EventFields {
  from: string;
  /** Empty: an override (plays in place on `from`). */
  to: string;
  name: string;
  base: string;
  detail: string;
  hotkey: string;
}

export interface EntranceFields {
  state: string;
  imageSrc: string;
  imageLabel: string;
}

/** `original` null: a new item, created on save. `base` is what the form started from. */
export type Draft =
  | { kind: "state"; original: string | null; base: StateFields; fields: StateFields }
  | { kind: "event"; original: { from: string; name: string } | null; originalKind?: EventKind; base: EventFields; fields: EventFields }
  | { kind: "entrance"; base: EntranceFields; fields: EntranceFields };

export function stateFields(state: State): StateFields {
  return {
    id: state.id,
    base: state.base,
    cameraStatic: state.camera.static,
    cameraDynamic: state.camera.dynamic,
    movementStatic: state.movement.static,
    movementDynamic: state.movement.dynamic,
    ambient: [...state.ambient],
    isEnding: state.ending.isEnding === true,
    outcome: state.ending.outcome ?? "",
    endingTitle: state.ending.title ?? "",
    endingText: state.ending.text ?? "",
    variants: state.variants.map((v) => ({
      id: v.id,
      label: v.label ?? "",
      base: v.base ?? "",
      weight: v.weight === undefined ? "" : String(v.weight),
    })),
    slots: Object.entries(state.slots ?? {}).map(([name, value]) => ({ name, value })),
  };
}

export function emptyStateFields(id: string): StateFields {
  return {
    id,
    base: "",
    cameraStatic: "",
    cameraDynamic: "",
    movementStatic: "",
    movementDynamic: "",
    ambient: [],
    isEnding: false,
    outcome: "",
    endingTitle: "",
    endingText: "",
    variants: [],
    slots: [],
  };
}

export function eventFields(event: Event): EventFields {
  return { from: event.from, to: event.to ?? "", name: event.name, base: event.base, detail: event.detail, hotkey: event.hotkey };
}

export function entranceFields(world: World): EntranceFields {
  return { state: world.entrance.state, imageSrc: world.entrance.image.src, imageLabel: world.entrance.image.label };
}

const sameList = <T>(a: readonly T[], b: readonly T[], eq: (x: T, y: T) => boolean): boolean =>
  a.length === b.length && a.every((x, i) => eq(x, b[i] as T));
const sameVariant = (a: VariantFields, b: VariantFields) =>
  a.id === b.id && a.label === b.label && a.base === b.base && a.weight === b.weight;
const sameSlot = (a: SlotFields, b: SlotFields) => a.name === b.name && a.value === b.value;

/** Field-by-field equality of two values of one draft field (strings, booleans or lists). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return sameList(a as unknown[], b as unknown[], (x, y) =>
      typeof x === "object" && x !== null ? JSON.stringify(x) === JSON.stringify(y) : x === y,
    );
  }
  return false;
}

function variantInput(v: VariantFields): VariantInput {
  const out: VariantInput = { id: v.id };
  if (v.label !== "") out.label = v.label;
  if (v.base !== "") out.base = v.base;
  if (v.weight.trim() !== "") out.weight = Number(v.weight);
  return out;
}

function slotsRecord(slots: readonly SlotFields[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of slots) out[s.name] = s.value;
  return out;
}

/** The ops of a state draft: `add_state` for a new state, else `update_state` with the changed fields only. */
export function stateDraftOps(original: string | null, base: StateFields, f: StateFields): Op[] {
  if (original === null) {
    const ending: { isEnding: boolean; outcome?: "good" | "bad" | "neutral"; title?: string; text?: string } = { isEnding: f.isEnding };
    if (f.outcome !== "") ending.outcome = f.outcome;
    if (f.endingTitle !== "") ending.title = f.endingTitle;
    if (f.endingText !== "") ending.text = f.endingText;
    return [
      {
        op: "add_state",
        id: f.id,
        base: f.base,
        camera: { static: f.cameraStatic, dynamic: f.cameraDynamic },
        movement: { static: f.movementStatic, dynamic: f.movementDynamic },
        ambient: [...f.ambient],
        ending,
        variants: f.variants.map(variantInput),
        ...(f.slots.length > 0 ? { slots: slotsRecord(f.slots) } : {}),
      },
    ];
  }
  const patch: Extract<Op, { op: "update_state" }>["patch"] = {};
  if (f.id !== base.id) patch.id = f.id;
  if (f.base !== base.base) patch.base = f.base;
  if (f.cameraStatic !== base.cameraStatic || f.cameraDynamic !== base.cameraDynamic) {
    patch.camera = {};
    if (f.cameraStatic !== base.cameraStatic) patch.camera.static = f.cameraStatic;
    if (f.cameraDynamic !== base.cameraDynamic) patch.camera.dynamic = f.cameraDynamic;
  }
  if (f.movementStatic !== base.movementStatic || f.movementDynamic !== base.movementDynamic) {
    patch.movement = {};
    if (f.movementStatic !== base.movementStatic) patch.movement.static = f.movementStatic;
    if (f.movementDynamic !== base.movementDynamic) patch.movement.dynamic = f.movementDynamic;
  }
  if (!sameList(f.ambient, base.ambient, (a, b) => a === b)) patch.ambient = [...f.ambient];
  const ending: NonNullable<typeof patch.ending> = {};
  if (f.isEnding !== base.isEnding) ending.isEnding = f.isEnding;
  if (f.outcome !== base.outcome) ending.outcome = f.outcome === "" ? null : f.outcome;
  if (f.endingTitle !== base.endingTitle) ending.title = f.endingTitle;
  if (f.endingText !== base.endingText) ending.text = f.endingText;
  if (Object.keys(ending).length > 0) patch.ending = ending;
  if (!sameList(f.variants, base.variants, sameVariant)) patch.variants = f.variants.map(variantInput);
  if (!sameList(f.slots, base.slots, sameSlot)) patch.slots = f.slots.length > 0 ? slotsRecord(f.slots) : null;
  return Object.keys(patch).length > 0 ? [{ op: "update_state", id: original, patch }] : [];
}

/** The ops of an event draft: `add_event`, or `update_event` with the changed fields only. */
export function eventDraftOps(
  original: { from: string; name: string } | null,
  originalKind: EventKind | undefined,
  base: EventFields,
  f: EventFields,
): Op[] {
  if (original === null) {
    return [
      {
        op: "add_event",
        from: f.from,
        name: f.name,
        base: f.base,
        detail: f.detail,
        hotkey: f.hotkey,
        ...(f.to !== "" ? { to: f.to } : {}),
      },
    ];
  }
  const patch: Extract<Op, { op: "update_event" }>["patch"] = {};
  if (f.from !== base.from) patch.from = f.from;
  if (f.to !== base.to) {
    patch.to = f.to === "" ? null : f.to;
    // An explicit marker must agree with `to`; drop it when the edit changes which kind this is.
    if (originalKind !== undefined && (f.to === "") !== (base.to === "")) patch.kind = null;
  }
  if (f.name !== base.name) patch.name = f.name;
  if (f.base !== base.base) patch.base = f.base;
  if (f.detail !== base.detail) patch.detail = f.detail;
  if (f.hotkey !== base.hotkey) patch.hotkey = f.hotkey;
  return Object.keys(patch).length > 0 ? [{ op: "update_event", from: original.from, name: original.name, patch }] : [];
}

export function entranceDraftOps(base: EntranceFields, f: EntranceFields): Op[] {
  const op: Extract<Op, { op: "set_entrance" }> = { op: "set_entrance" };
  if (f.state !== base.state) op.state = f.state;
  if (f.imageSrc !== base.imageSrc || f.imageLabel !== base.imageLabel) {
    op.image = {};
    if (f.imageSrc !== base.imageSrc) op.image.src = f.imageSrc;
    if (f.imageLabel !== base.imageLabel) op.image.label = f.imageLabel;
  }
  return op.state !== undefined || op.image !== undefined ? [op] : [];
}

export function draftOps(draft: Draft | null): Op[] {
  if (draft === null) return [];
  switch (draft.kind) {
    case "state":
      return stateDraftOps(draft.original, draft.base, draft.fields);
    case "event":
      return eventDraftOps(draft.original, draft.originalKind, draft.base, draft.fields);
    case "entrance":
      return entranceDraftOps(draft.base, draft.fields);
  }
}

/** A draft with something to save: a new item, or an existing one whose fields changed. */
export function isDirty(draft: Draft | null): boolean {
  if (draft === null) return false;
  if (draft.kind !== "entrance" && draft.original === null) return true;
  return draftOps(draft).length > 0;
}

/** The editor's field key (the kernel's path suffix, e.g. `camera.static`, `variants[0].base`) of an op issue path. */
function issueField(kind: Draft["kind"], path: readonly PropertyKey[]): string {
  const parts = path[0] === "patch" ? path.slice(1) : path;
  let out = kind === "entrance" ? "entrance" : "";
  for (const p of parts) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out === "" ? String(p) : `.${String(p)}`;
  }
  if (kind === "entrance" && out === "entrance") return "entrance.state";
  return out;
}

/**
 * Shape problems of a draft's ops, by field, from the kernel's own op schemas (a blank id, a
 * weight that is not a positive number): the form blocks saving on these, since the API would
 * answer 400. Graph rules are the gate's, and show up as lints instead.
 */
export function draftFieldErrors(draft: Draft | null): Map<string, string> {
  const errors = new Map<string, string>();
  if (draft === null) return errors;
  if (draft.kind === "state") {
    const seen = new Set<string>();
    draft.fields.slots.forEach((s, i) => {
      const name = s.name.trim();
      if (name === "") errors.set(`slots[${i}].name`, "Name the fill");
      else if (seen.has(s.name)) errors.set(`slots[${i}].name`, "This fill is listed twice");
      seen.add(s.name);
    });
    draft.fields.variants.forEach((v, i) => {
      if (v.weight.trim() !== "" && !(Number(v.weight) > 0 && Number.isFinite(Number(v.weight)))) {
        errors.set(`variants[${i}].weight`, "A positive number, or empty for 1");
      }
    });
  }
  for (const op of draftOps(draft)) {
    const parsed = ZOp.safeParse(op);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues) {
      const field = issueField(draft.kind, issue.path);
      if (errors.has(field)) continue;
      errors.set(field, issue.message === "must not be blank" || issue.code === "too_small" ? "Required" : issue.message);
    }
  }
  return errors;
}

/**
 * Three-way merge of a draft onto a newer world: fields the person changed keep their value,
 * the others take the newer world's. Keeps typing intact across a reload or someone else's write.
 */
export function mergeFields<T extends object>(oldBase: T, mine: T, theirs: T): T {
  const out = { ...theirs } as Record<string, unknown>;
  for (const key of Object.keys(mine)) {
    const m = (mine as Record<string, unknown>)[key];
    if (!sameValue(m, (oldBase as Record<string, unknown>)[key])) out[key] = m;
  }
  return out as T;
}

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"];
const LETTERS = ["q", "e", "r", "t", "y", "u", "i", "o", "p", "f", "g", "h", "j", "k", "l", "z", "x", "c", "v", "b", "n", "m"];

/** The first hotkey free among `from`'s events (but `except`): digits for transitions, letters for overrides. */
export function nextHotkey(world: World, from: string, transition: boolean, except?: { from: string; name: string }): string {
  const used = new Set(
    world.scene.events
      .filter((e) => e.from === from && !(except && e.from === except.from && e.name === except.name))
      .map((e) => e.hotkey.trim().toLowerCase()),
  );
  return (transition ? DIGITS : LETTERS).find((k) => !used.has(k)) ?? "";
}

/** `base`, or `base 2`, `base 3`, … : the first not in `taken`. */
export function uniqueName(base: string, taken: (candidate: string) => boolean): string {
  if (!taken(base)) return base;
  for (let i = 2; ; i++) if (!taken(`${base} ${i}`)) return `${base} ${i}`;
}

/** Defaults of a new event from `from` (to `to`, or an override when empty). */
export function newEventFields(world: World, from: string, to: string): EventFields {
  const names = new Set(world.scene.events.filter((e) => e.from === from).map((e) => e.name));
  const name = uniqueName(to ? `Go to ${to}` : "Look around", (n) => names.has(n));
  return { from, to, name, base: "", detail: "", hotkey: nextHotkey(world, from, to !== "") };
}

/** A state id that does not exist yet: `new-state`, `new-state-2`, … */
export function newStateId(world: World): string {
  const has = (id: string) => Object.prototype.hasOwnProperty.call(world.scene.states, id);
  if (!has("new-state")) return "new-state";
  for (let i = 2; ; i++) if (!has(`new-state-${i}`)) return `new-state-${i}`;
}

import type {
  AddEventOp,
  AddStateOp,
  AddVariantOp,
  DeleteEventOp,
  DeleteStateOp,
  Op,
  RemoveVariantOp,
  SetEntranceOp,
  SetSubjectRefOp,
  UpdateEventOp,
  UpdateStateOp,
} from "./ops";
import type { Entrance, Event, State, SubjectRef, World } from "./schema";
import { withStateDefaults } from "./state-defaults";

export interface ApplyOpsResult {
  /** The new world. It shares unchanged objects with the input: treat both as immutable. */
  world: World;
  /** One message per op that could not be applied and was skipped: `ops[3] (delete_state): no state "x"`. */
  applyErrors: string[];
  /** Side effects of ops that did apply (events removed by delete_state, references rewritten by a rename). */
  notes: string[];
}

const q = (s: string): string => JSON.stringify(s);
const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

// Plain assignment of `__proto__` would replace the prototype instead of adding a state.
function setOwn<T>(o: Record<string, T>, k: string, v: T): void {
  if (k === "__proto__") Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** Copies only the members the patch actually gives, so `undefined` never overwrites a value. */
function mergeDefined<T extends object>(base: T, patch: object | undefined): T {
  if (patch === undefined) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) out[k] = v;
  return out as T;
}

class Draft {
  states: Record<string, State>;
  events: Event[];
  entrance: Entrance;
  subjectRef: SubjectRef | undefined;

  constructor(readonly base: World) {
    // One shallow copy per batch; objects are replaced, never edited, so the input stays intact.
    this.states = { ...base.scene.states };
    this.events = base.scene.events.slice();
    this.entrance = base.entrance;
    this.subjectRef = base.subjectRef;
  }

  findEvent(from: string, name: string): number {
    const events = this.events;
    for (let i = 0; i < events.length; i++) {
      const e = events[i] as Event;
      if (e.name === name && e.from === from) return i;
    }
    return -1;
  }

  toWorld(): World {
    const next: World = { ...this.base, entrance: this.entrance, scene: { ...this.base.scene, states: this.states, events: this.events } };
    if (this.subjectRef !== this.base.subjectRef) next.subjectRef = this.subjectRef;
    return next;
  }
}

/** Returns an error message when the op cannot apply; pushes side effects to `notes`. */
type Apply<T> = (d: Draft, op: T, notes: string[]) => string | undefined;

const addState: Apply<AddStateOp> = (d, op) => {
  if (hasOwn(d.states, op.id)) return `state ${q(op.id)} already exists`;
  // Copies of the op's arrays and objects: the world never shares them with the request.
  const state = withStateDefaults({
    id: op.id,
    base: op.base,
    camera: op.camera,
    movement: op.movement,
    ambient: op.ambient && [...op.ambient],
    ending: op.ending && { ...op.ending },
    variants: op.variants?.map((v) => ({ ...v })),
    ...(op.slots !== undefined ? { slots: { ...op.slots } } : {}),
  });
  setOwn(d.states, op.id, state);
  return undefined;
};

const updateState: Apply<UpdateStateOp> = (d, op, notes) => {
  if (!hasOwn(d.states, op.id)) return `no state ${q(op.id)}`;
  const cur = d.states[op.id] as State;
  const p = op.patch;
  const newId = p.id ?? op.id;
  if (newId !== op.id && hasOwn(d.states, newId)) return `state ${q(newId)} already exists`;

  const next: State = { ...cur };
  if (p.id !== undefined) next.id = p.id;
  if (p.base !== undefined) next.base = p.base;
  if (p.camera !== undefined) next.camera = mergeDefined(cur.camera, p.camera);
  if (p.movement !== undefined) next.movement = mergeDefined(cur.movement, p.movement);
  if (p.ambient !== undefined) next.ambient = [...p.ambient];
  if (p.variants !== undefined) next.variants = p.variants.map((v) => ({ ...v }));
  if (p.slots === null) delete next.slots;
  else if (p.slots !== undefined) next.slots = { ...p.slots };
  if (p.ending !== undefined) {
    const { outcome, ...rest } = p.ending;
    const ending = mergeDefined(cur.ending, rest);
    if (outcome === null) delete ending.outcome;
    else if (outcome !== undefined) ending.outcome = outcome;
    next.ending = ending;
  }

  if (newId === op.id) {
    setOwn(d.states, op.id, next);
    return undefined;
  }
  // Rename: rebuild the record so the state keeps its position, then rewrite references.
  const states: Record<string, State> = {};
  for (const key of Object.keys(d.states)) {
    if (key === op.id) setOwn(states, newId, next);
    else setOwn(states, key, d.states[key] as State);
  }
  d.states = states;
  let rewritten = 0;
  for (let i = 0; i < d.events.length; i++) {
    const e = d.events[i] as Event;
    if (e.from !== op.id && e.to !== op.id) continue;
    const moved: Event = { ...e };
    if (e.from === op.id) moved.from = newId;
    if (e.to === op.id) moved.to = newId;
    d.events[i] = moved;
    rewritten++;
  }
  const parts = [`${rewritten} event(s)`];
  if (d.entrance.state === op.id) {
    d.entrance = { ...d.entrance, state: newId };
    parts.unshift("entrance.state");
  }
  notes.push(`renamed state ${q(op.id)} to ${q(newId)}; rewrote ${parts.join(" and ")}`);
  return undefined;
};

const MAX_LISTED = 10;

const deleteState: Apply<DeleteStateOp> = (d, op, notes) => {
  if (!hasOwn(d.states, op.id)) return `no state ${q(op.id)}`;
  delete d.states[op.id];
  const kept: Event[] = [];
  const removed: string[] = [];
  for (const e of d.events) {
    if (e.from === op.id || e.to === op.id)
      removed.push(e.to === undefined ? `${q(e.name)} (${e.from})` : `${q(e.name)} (${e.from}→${e.to})`);
    else kept.push(e);
  }
  d.events = kept;
  if (removed.length > 0) {
    const listed = removed.slice(0, MAX_LISTED).join(", ");
    const more = removed.length > MAX_LISTED ? ` and ${removed.length - MAX_LISTED} more` : "";
    notes.push(`deleted state ${q(op.id)} and ${removed.length} event(s) touching it: ${listed}${more}`);
  }
  if (d.entrance.state === op.id) notes.push(`deleted state ${q(op.id)} was the entrance; entrance.state now names no state`);
  return undefined;
};

const addEvent: Apply<AddEventOp> = (d, op) => {
  if (d.findEvent(op.from, op.name) !== -1) return `event ${q(op.name)} from ${q(op.from)} already exists`;
  const event: Event = { from: op.from, name: op.name, base: op.base ?? "", detail: op.detail ?? "", hotkey: op.hotkey ?? "" };
  if (op.to !== undefined) event.to = op.to;
  if (op.kind !== undefined) event.kind = op.kind;
  d.events.push(event);
  return undefined;
};

const updateEvent: Apply<UpdateEventOp> = (d, op) => {
  const i = d.findEvent(op.from, op.name);
  if (i === -1) return `no event ${q(op.name)} from ${q(op.from)}`;
  const p = op.patch;
  const from = p.from ?? op.from;
  const name = p.name ?? op.name;
  if ((from !== op.from || name !== op.name) && d.findEvent(from, name) !== -1) {
    return `event ${q(name)} from ${q(from)} already exists`;
  }
  const next: Event = { ...(d.events[i] as Event) };
  if (p.from !== undefined) next.from = p.from;
  if (p.name !== undefined) next.name = p.name;
  if (p.base !== undefined) next.base = p.base;
  if (p.detail !== undefined) next.detail = p.detail;
  if (p.hotkey !== undefined) next.hotkey = p.hotkey;
  if (p.to === null) delete next.to;
  else if (p.to !== undefined) next.to = p.to;
  if (p.kind === null) delete next.kind;
  else if (p.kind !== undefined) next.kind = p.kind;
  d.events[i] = next;
  return undefined;
};

const deleteEvent: Apply<DeleteEventOp> = (d, op) => {
  const i = d.findEvent(op.from, op.name);
  if (i === -1) return `no event ${q(op.name)} from ${q(op.from)}`;
  d.events.splice(i, 1);
  return undefined;
};

const setEntrance: Apply<SetEntranceOp> = (d, op) => {
  const next: Entrance = { ...d.entrance };
  if (op.state !== undefined) next.state = op.state;
  if (op.image !== undefined) next.image = mergeDefined(d.entrance.image, op.image);
  d.entrance = next;
  return undefined;
};

const setSubjectRef: Apply<SetSubjectRefOp> = (d, op) => {
  const descriptor = op.descriptor ?? d.subjectRef?.descriptor ?? d.base.subject;
  d.subjectRef = { ...d.subjectRef, imageUrl: op.imageUrl, descriptor };
  return undefined;
};

const addVariant: Apply<AddVariantOp> = (d, op) => {
  if (!hasOwn(d.states, op.state)) return `no state ${q(op.state)}`;
  const cur = d.states[op.state] as State;
  if (cur.variants.some((v) => v.id === op.variant.id)) return `state ${q(op.state)} already has variant ${q(op.variant.id)}`;
  setOwn(d.states, op.state, { ...cur, variants: [...cur.variants, { ...op.variant }] });
  return undefined;
};

const removeVariant: Apply<RemoveVariantOp> = (d, op) => {
  if (!hasOwn(d.states, op.state)) return `no state ${q(op.state)}`;
  const cur = d.states[op.state] as State;
  const i = cur.variants.findIndex((v) => v.id === op.id);
  if (i === -1) return `state ${q(op.state)} has no variant ${q(op.id)}`;
  setOwn(d.states, op.state, { ...cur, variants: cur.variants.filter((_, j) => j !== i) });
  return undefined;
};

function applyOne(d: Draft, op: Op, notes: string[]): string | undefined {
  switch (op.op) {
    case "add_state":
      return addState(d, op, notes);
    case "update_state":
      return updateState(d, op, notes);
    case "delete_state":
      return deleteState(d, op, notes);
    case "add_event":
      return addEvent(d, op, notes);
    case "update_event":
      return updateEvent(d, op, notes);
    case "delete_event":
      return deleteEvent(d, op, notes);
    case "set_entrance":
      return setEntrance(d, op, notes);
    case "set_subject_ref":
      return setSubjectRef(d, op, notes);
    case "add_variant":
      return addVariant(d, op, notes);
    case "remove_variant":
      return removeVariant(d, op, notes);
    default:
      // Unreachable for parsed ops; kept so an unparsed caller gets a message, not a throw.
      return "unknown op";
  }
}

/**
 * Applies ops in order to a copy of `world`. An op that cannot apply (its target is missing,
 * or its new identity is taken) is skipped and reported; the rest still apply. Dangling
 * references an op introduces (an event to an unknown state, an unknown entrance) are left
 * for the gate, so imports and ops are judged by one rule set. The input is never mutated.
 */
export function applyOps(world: World, ops: readonly Op[]): ApplyOpsResult {
  const draft = new Draft(world);
  const applyErrors: string[] = [];
  const notes: string[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as Op;
    const name = String((op as { op?: unknown }).op);
    const opNotes: string[] = [];
    const error = applyOne(draft, op, opNotes);
    if (error !== undefined) applyErrors.push(`ops[${i}] (${name}): ${error}`);
    for (const n of opNotes) notes.push(`ops[${i}] (${name}): ${n}`);
  }
  return { world: draft.toWorld(), applyErrors, notes };
}

import type { Event, State, World } from "./schema";

/**
 * What changed from one world graph (`before`, e.g. a version's snapshot) to another (`after`,
 * e.g. the working graph). Pure; a state is identified by its id, an event by `(from, name)`
 * as in the ops. A renamed state or event is therefore a removal plus an addition.
 */

export interface EventRef {
  from: string;
  name: string;
  /** Absent for an override. */
  to?: string;
}

export interface StateChange {
  id: string;
  /** Top-level fields of the state that differ, sorted: `base`, `camera`, `ending`, … */
  fields: string[];
}

export interface EventChange extends EventRef {
  fields: string[];
}

export interface WorldDiff {
  states: { added: string[]; removed: string[]; changed: StateChange[] };
  events: { added: EventRef[]; removed: EventRef[]; changed: EventChange[] };
  /** World-level fields that differ (`name`, `entrance`, `subjectRef`, …); `id` and `scene` are not compared here. */
  world: string[];
  /** Added + removed + changed, over states, events and world fields. */
  total: number;
}

/** Structural equality of JSON values; object key order does not matter. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // A member that is `undefined` is absent in JSON.
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  for (const key of keys) if (!jsonEqual(ao[key], bo[key])) return false;
  return true;
}

/** Keys of two objects whose values differ, sorted, leaving out `skip`. */
function changedFields(a: object, b: object, skip: ReadonlySet<string>): string[] {
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ao), ...Object.keys(bo)]);
  return [...keys].filter((key) => !skip.has(key) && !jsonEqual(ao[key], bo[key])).sort();
}

const eventKey = (event: Pick<Event, "from" | "name">) => JSON.stringify([event.from, event.name]);

function eventRef(event: Event): EventRef {
  return event.to === undefined ? { from: event.from, name: event.name } : { from: event.from, name: event.name, to: event.to };
}

const NO_SKIP: ReadonlySet<string> = new Set();
const EVENT_IDENTITY: ReadonlySet<string> = new Set(["from", "name"]);
const WORLD_SKIP: ReadonlySet<string> = new Set(["id", "scene"]);

function statesOf(world: World): Record<string, State> {
  return world.scene?.states ?? {};
}

function eventsOf(world: World): Event[] {
  return world.scene?.events ?? [];
}

export function diffWorlds(before: World, after: World): WorldDiff {
  const beforeStates = statesOf(before);
  const afterStates = statesOf(after);
  const has = (states: Record<string, State>, id: string) => Object.prototype.hasOwnProperty.call(states, id);

  const states: WorldDiff["states"] = { added: [], removed: [], changed: [] };
  for (const id of Object.keys(afterStates)) if (!has(beforeStates, id)) states.added.push(id);
  for (const id of Object.keys(beforeStates)) {
    if (!has(afterStates, id)) {
      states.removed.push(id);
      continue;
    }
    const fields = changedFields(beforeStates[id]!, afterStates[id]!, NO_SKIP);
    if (fields.length > 0) states.changed.push({ id, fields });
  }

  // The gate keeps (from, name) unique; should a graph break that, the first one counts.
  const index = (events: Event[]) => {
    const map = new Map<string, Event>();
    for (const event of events) if (!map.has(eventKey(event))) map.set(eventKey(event), event);
    return map;
  };
  const beforeEvents = index(eventsOf(before));
  const afterEvents = index(eventsOf(after));

  const events: WorldDiff["events"] = { added: [], removed: [], changed: [] };
  for (const [key, event] of afterEvents) if (!beforeEvents.has(key)) events.added.push(eventRef(event));
  for (const [key, event] of beforeEvents) {
    const next = afterEvents.get(key);
    if (!next) {
      events.removed.push(eventRef(event));
      continue;
    }
    const fields = changedFields(event, next, EVENT_IDENTITY);
    if (fields.length > 0) events.changed.push({ ...eventRef(next), fields });
  }

  const world = changedFields(before, after, WORLD_SKIP);
  const total =
    states.added.length +
    states.removed.length +
    states.changed.length +
    events.added.length +
    events.removed.length +
    events.changed.length +
    world.length;
  return { states, events, world, total };
}

export const isEmptyDiff = (diff: WorldDiff) => diff.total === 0;

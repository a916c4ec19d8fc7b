import type { Event, State, World } from "./schema";

/** A transition moves to `to`; an event without `to` is an override played in place on `from`. */
export function isTransition(event: Event): event is Event & { to: string } {
  return event.to !== undefined;
}

export function isOverride(event: Event): boolean {
  return event.to === undefined;
}

export function isEndingState(state: State): boolean {
  return state.ending.isEnding === true;
}

/** Own-property lookup: a state id such as `constructor` must not hit Object.prototype. */
export function hasState(world: World, id: string): boolean {
  return Object.prototype.hasOwnProperty.call(world.scene.states, id);
}

export function getState(world: World, id: string): State | undefined {
  return hasState(world, id) ? world.scene.states[id] : undefined;
}

/**
 * Adjacency of one world, built once per call in O(states + events) and shared by the gate,
 * the editor and the player. Event lists hold indices into `world.scene.events`.
 */
export interface GraphIndex {
  /** State keys in document order. */
  readonly stateIds: readonly string[];
  /** Every event (transitions and overrides) by its `from`, including unknown `from` ids. */
  readonly outEvents: ReadonlyMap<string, readonly number[]>;
  /** Transitions only, by `from`. */
  readonly outTransitions: ReadonlyMap<string, readonly number[]>;
  /** Transitions by `to`, including unknown `to` ids. */
  readonly inTransitions: ReadonlyMap<string, readonly number[]>;
  /** Whether `entrance.state` names a state. */
  readonly entranceValid: boolean;
  /** States reachable from the entrance along transitions to known states (entrance included). */
  readonly reachable: ReadonlySet<string>;
  /** Ids of states whose `ending.isEnding` is true, in document order. */
  readonly endings: readonly string[];
}

const NONE: readonly number[] = Object.freeze([]);

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

export function buildGraphIndex(world: World): GraphIndex {
  const states = world.scene.states;
  const events = world.scene.events;
  const stateIds = Object.keys(states);
  const outEvents = new Map<string, number[]>();
  const outTransitions = new Map<string, number[]>();
  const inTransitions = new Map<string, number[]>();
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as Event;
    push(outEvents, e.from, i);
    if (e.to !== undefined) {
      push(outTransitions, e.from, i);
      push(inTransitions, e.to, i);
    }
  }
  const endings: string[] = [];
  for (const id of stateIds) if ((states[id] as State).ending.isEnding === true) endings.push(id);

  const entranceValid = hasState(world, world.entrance.state);
  const reachable = new Set<string>();
  if (entranceValid) {
    const stack = [world.entrance.state];
    reachable.add(world.entrance.state);
    while (stack.length > 0) {
      const id = stack.pop() as string;
      for (const i of outTransitions.get(id) ?? NONE) {
        const to = (events[i] as Event).to as string;
        if (!reachable.has(to) && hasState(world, to)) {
          reachable.add(to);
          stack.push(to);
        }
      }
    }
  }
  return { stateIds, outEvents, outTransitions, inTransitions, entranceValid, reachable, endings };
}

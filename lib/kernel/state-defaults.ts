import type { State, StateInput, World, WorldInput } from "./schema";

/**
 * The add_state defaults: what an omitted field of a state reads as (docs/api.md "Graph writes").
 * An absent `ending` is not an ending.
 */
export function withStateDefaults(state: StateInput): State {
  if (isComplete(state)) return state;
  return {
    ...state,
    base: state.base ?? "",
    camera: { ...state.camera, static: state.camera?.static ?? "", dynamic: state.camera?.dynamic ?? "" },
    movement: { ...state.movement, static: state.movement?.static ?? "", dynamic: state.movement?.dynamic ?? "" },
    ambient: state.ambient ?? [],
    ending: state.ending ?? { isEnding: false },
    variants: state.variants ?? [],
  };
}

function isComplete(state: StateInput): state is State {
  const { camera, movement } = state;
  return (
    state.base !== undefined &&
    camera?.static !== undefined &&
    camera.dynamic !== undefined &&
    movement?.static !== undefined &&
    movement.dynamic !== undefined &&
    state.ambient !== undefined &&
    state.ending !== undefined &&
    state.variants !== undefined
  );
}

/**
 * The world as the kernel reads it: every state complete. Copy on write: a world whose states
 * are all complete is returned as it is, and complete states are shared, never copied.
 */
export function withWorldDefaults(world: WorldInput): World {
  const states = world.scene.states;
  let filled: Record<string, State> | undefined;
  for (const id of Object.keys(states)) {
    const state = states[id]!;
    const complete = withStateDefaults(state);
    if (complete === state) continue;
    filled ??= { ...(states as Record<string, State>) };
    filled[id] = complete;
  }
  return filled ? { ...world, scene: { ...world.scene, states: filled } } : (world as World);
}

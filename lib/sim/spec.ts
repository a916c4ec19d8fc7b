// The simulator's fixed numbers and its Gymnasium-style spaces (what `GET /spec` answers).
// docs/simulation.md explains each of them; change both together.

/** Discrete actions, by index (Gymnasium `Discrete(6)`). */
export const ACTIONS = ["noop", "forward", "back", "turn_left", "turn_right", "interact"] as const;
export type ActionName = (typeof ACTIONS)[number];

export const SIM = {
  /** The agent is a disc of this radius (metres). */
  agentRadius: 0.3,
  /** Metres moved by `forward` and `back`. */
  moveStep: 0.25,
  /** Radians turned by `turn_left` / `turn_right` (15°). */
  turnStep: Math.PI / 12,
  /** The two proximity rays point this far left and right of the heading (30°). */
  rayAngle: Math.PI / 6,
  /** Metres a proximity ray reaches beyond the agent's rim: 1 = nothing within it. */
  rayRange: 4,
  /** `interact` reaches an exit or an object at most this far beyond the agent's rim, straight ahead. */
  interactRange: 1,
  /** Horizontal field of view of `visible` and the camera (90°). */
  fov: Math.PI / 2,
  /** Reward on every step, so that shorter paths pay. */
  stepCost: -0.01,
  /** Added on reaching an ending whose outcome is good / bad (neutral: 0). */
  winReward: 1,
  loseReward: -1,
  /** Steps before `truncated` (a runner or export may set another). */
  maxSteps: 1000,
  /** Camera sizes a client may ask for. */
  minCamera: 8,
  maxCamera: 256,
  /** The label of walls (always index 0 of `labels`). */
  wallLabel: "wall",
} as const;

export interface SpaceSpec {
  observationSpace: Record<string, unknown>;
  actionSpace: Record<string, unknown>;
  labels: string[];
  maxSteps: number;
  sensors: Record<string, unknown>;
  rewards: Record<string, number>;
}

const deg = (rad: number): number => Math.round(((rad * 180) / Math.PI) * 1000) / 1000;

/** The spaces of a world with these labels, with a SIZE×SIZE camera when `camera` > 0. */
export function describeSpaces(labels: readonly string[], maxSteps: number, camera: number): SpaceSpec {
  const k = labels.length;
  const spaces: Record<string, unknown> = {
    proximity: { type: "Box", low: 0, high: 1, shape: [2], dtype: "float32" },
    collision: { type: "Discrete", n: 2, dtype: "uint8" },
    labels: { type: "Box", low: -1, high: k - 1, shape: [2], dtype: "int16" },
    visible: { type: "MultiBinary", n: k, shape: [k], dtype: "uint8" },
  };
  if (camera > 0) spaces.camera = { type: "Box", low: 0, high: 255, shape: [camera, camera, 3], dtype: "uint8", encoding: "base64" };
  return {
    observationSpace: { type: "Dict", spaces },
    actionSpace: { type: "Discrete", n: ACTIONS.length, dtype: "int64", actions: [...ACTIONS] },
    labels: [...labels],
    maxSteps,
    sensors: {
      agentRadius: SIM.agentRadius,
      moveStep: SIM.moveStep,
      turnStepDegrees: deg(SIM.turnStep),
      rayAnglesDegrees: [deg(SIM.rayAngle), -deg(SIM.rayAngle)],
      rayRange: SIM.rayRange,
      interactRange: SIM.interactRange,
      fovDegrees: deg(SIM.fov),
      camera: camera > 0 ? camera : null,
    },
    rewards: { step: SIM.stepCost, win: SIM.winReward, lose: SIM.loseReward },
  };
}

// The simulator's public surface: a world as a reinforcement-learning environment (docs/simulation.md).
export { ACTIONS, SIM, describeSpaces } from "./spec";
export type { ActionName, SpaceSpec } from "./spec";
export { buildSimWorld } from "./room";
export type { Pose, Rgb, Room, RoomExit, RoomObject, SimWorld, Wall } from "./room";
export { SimEnv, SimError } from "./env";
export type { EnvOptions, Observation, StepInfo, StepResult } from "./env";
export { renderCamera } from "./camera";
export { RemoteEnv, SimClient, SimClientError } from "./client";
export type { RunnerSpec, SimClientOptions } from "./client";

// The simulator as the Studio's Simulation tab runs it, in the browser, on the graph the page
// already holds: the one file of lib/sim that components may import (docs/architecture.md). Only
// the pure core: rooms (read with the local painter's own code), the environment and the
// camera. Nothing here does I/O; tests/import-boundaries.test.ts walks what it imports.
export { buildSimWorld } from "./room";
export type { Pose, Rgb, Room, RoomExit, RoomObject, SimWorld, Wall } from "./room";
export { SimEnv } from "./env";
export type { Observation, StepInfo, StepResult } from "./env";
export { ACTIONS, SIM } from "./spec";
export type { ActionName } from "./spec";

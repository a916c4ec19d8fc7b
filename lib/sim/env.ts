import { createPrng, hashString, type Prng } from "@/lib/kernel";
import { renderCamera } from "./camera";
import { CONTACT_EPS, pointSegmentDistance2, rayDisc, raySegment, sweepDisc, sweepSegment, wrapAngle } from "./geometry";
import type { Pose, Room, SimWorld } from "./room";
import { ACTIONS, SIM } from "./spec";

// One environment: an agent in a world's rooms, stepped with Gymnasium's conventions. Pure and
// seeded: the same world, seed and actions give the same observations, bit for bit.

export interface Observation {
  /** Left and right proximity rays: hit distance beyond the agent's rim / rayRange, 1 = nothing in range. */
  proximity: [number, number];
  /** 1 on the step a contact begins, else 0. */
  collision: 0 | 1;
  /** Index into `labels` of what each ray hit within range, -1 for nothing. */
  labels: [number, number];
  /** Multi-hot over `labels`: what is in the field of view with its centre in line of sight. */
  visible: Uint8Array;
  /** SIZE×SIZE×3 RGB, row-major, when the env has a camera. */
  camera?: Uint8Array;
}

export interface StepInfo {
  /** The world state the agent is in (after the step). */
  state: string;
  /** Steps taken since the reset. */
  steps: number;
  /** The name of the event this step took (a transition or an override), else null. */
  event: string | null;
}

export interface StepResult {
  observation: Observation;
  reward: number;
  terminated: boolean;
  truncated: boolean;
  info: StepInfo;
}

/** A step the environment cannot take (the server answers 409). */
export class SimError extends Error {
  constructor(
    readonly code: "episode_over" | "not_reset",
    message: string,
  ) {
    super(message);
    this.name = "SimError";
  }
}

export interface EnvOptions {
  seed?: number;
  /** Camera size (pixels a side); 0 or absent: no camera. */
  camera?: number;
  /** False: the agent appears exactly at each room's start pose (scripted paths, tests). Default true. */
  jitter?: boolean;
}

const START_JITTER = 0.4;
const HEADING_JITTER = Math.PI / 9;
const round4 = (v: number): number => Math.round(v * 1e4) / 1e4;

export class SimEnv {
  readonly camera: number;
  private readonly jitter: number;
  private prng: Prng;
  private stateId: string;
  private agent: Pose;
  private stepCount = 0;
  private started = false;
  private done = false;
  private touching = false;
  /** The room of `stateId` (looked up once per room entered, not once per use). */
  private current: Room;
  // The last cast's hit (no allocation per ray): distance, label, exit and object indices (-1: none).
  private hitT = Infinity;
  private hitLabel = -1;
  private hitExit = -1;
  private hitObject = -1;
  /** Scratch segment for line-of-sight checks. */
  private readonly sight = { ax: 0, ay: 0, bx: 0, by: 0 };

  constructor(
    readonly sim: SimWorld,
    options: EnvOptions = {},
  ) {
    this.camera = options.camera ?? 0;
    this.jitter = options.jitter === false ? 0 : 1;
    this.prng = createPrng(hashString(`sim-v1|${options.seed ?? 0}`));
    this.stateId = sim.entrance;
    this.current = sim.rooms.get(sim.entrance)!;
    this.agent = { ...this.current.start };
  }

  get state(): string {
    return this.stateId;
  }

  get room(): Room {
    return this.current;
  }

  get pose(): Readonly<Pose> {
    return this.agent;
  }

  get steps(): number {
    return this.stepCount;
  }

  /** Reset at least once. */
  get isStarted(): boolean {
    return this.started;
  }

  get isDone(): boolean {
    return this.done;
  }

  /** Back to the entrance. A seed restarts the generator; without one the stream goes on. */
  reset(seed?: number): { observation: Observation; info: StepInfo } {
    if (seed !== undefined) this.prng = createPrng(hashString(`sim-v1|${seed}`));
    this.started = true;
    this.done = false;
    this.stepCount = 0;
    this.enter(this.sim.entrance);
    return { observation: this.observe(false), info: { state: this.stateId, steps: 0, event: null } };
  }

  step(action: number): StepResult {
    if (!Number.isInteger(action) || action < 0 || action >= ACTIONS.length)
      throw new RangeError(`action must be an integer 0..${ACTIONS.length - 1}`);
    if (!this.started) throw new SimError("not_reset", "Reset the environment before stepping it.");
    if (this.done) throw new SimError("episode_over", "The episode is over (terminated or truncated): reset the environment.");
    this.stepCount++;
    let reward: number = SIM.stepCost;
    let terminated = this.room.ending !== null;
    let event: string | null = null;
    let exit = -1;
    const name = ACTIONS[action]!;
    if (!terminated) {
      if (name === "forward") exit = this.move(SIM.moveStep);
      else if (name === "back") exit = this.move(-SIM.moveStep);
      else if (name === "turn_left") this.agent.heading = wrapAngle(this.agent.heading + SIM.turnStep);
      else if (name === "turn_right") this.agent.heading = wrapAngle(this.agent.heading - SIM.turnStep);
      else if (name === "interact") {
        this.cast(this.agent.heading);
        if (this.hitT - SIM.agentRadius <= SIM.interactRange) {
          if (this.hitExit >= 0) exit = this.hitExit;
          else if (this.hitObject >= 0 && this.room.objects[this.hitObject]!.override >= 0)
            event = this.sim.world.scene.events[this.room.objects[this.hitObject]!.override]!.name;
        }
      }
    }
    let entered = false;
    if (exit >= 0) {
      const e = this.room.exits[exit]!;
      event = e.label;
      this.enter(e.to);
      entered = true;
      const ending = this.room.ending;
      if (ending !== null) {
        terminated = true;
        reward += ending === "good" ? SIM.winReward : ending === "bad" ? SIM.loseReward : 0;
      }
    }
    const truncated = !terminated && this.stepCount >= this.sim.maxSteps;
    this.done = terminated || truncated;
    return {
      observation: this.observe(!entered),
      reward: round4(reward),
      terminated,
      truncated,
      info: { state: this.stateId, steps: this.stepCount, event },
    };
  }

  private enter(stateId: string): void {
    this.stateId = stateId;
    this.current = this.sim.rooms.get(stateId)!;
    const s = this.current.start;
    const jx = (this.prng.next() * 2 - 1) * START_JITTER * this.jitter;
    const jh = (this.prng.next() * 2 - 1) * HEADING_JITTER * this.jitter;
    this.agent = { x: s.x + jx, y: s.y, heading: wrapAngle(s.heading + jh) };
    this.touching = false;
  }

  /** Moves along the heading (backwards when negative) up to the first contact; an exit touched is returned. */
  private move(dist: number): number {
    const { walls, objects } = this.current;
    const sign = dist < 0 ? -1 : 1;
    const dx = Math.cos(this.agent.heading) * sign;
    const dy = Math.sin(this.agent.heading) * sign;
    const R = SIM.agentRadius;
    const px = this.agent.x;
    const py = this.agent.y;
    let best = Math.abs(dist);
    let exit = -1;
    let blocked = false;
    // The first contact stops the move; on a tie the exit wins (a doorway's edge lets through).
    // (Written out twice rather than as a closure: this runs on every step.)
    for (let i = 0; i < walls.length; i++) {
      const w = walls[i]!;
      const t = sweepSegment(px, py, R, dx, dy, w);
      if (t < best - 1e-12 || (!blocked && t <= best)) {
        best = t;
        exit = w.exit;
        blocked = true;
      } else if (blocked && w.exit >= 0 && Math.abs(t - best) <= 1e-12) exit = w.exit;
    }
    for (let i = 0; i < objects.length; i++) {
      const t = sweepDisc(px, py, R, dx, dy, objects[i]!);
      if (t < best - 1e-12 || (!blocked && t <= best)) {
        best = t;
        exit = -1;
        blocked = true;
      }
    }
    this.agent.x += dx * best;
    this.agent.y += dy * best;
    return blocked ? exit : -1;
  }

  /** The nearest wall, exit or object along a ray from the agent's centre, into `hitT`, `hitLabel`, `hitExit`, `hitObject`. */
  private cast(angle: number): void {
    const ox = this.agent.x;
    const oy = this.agent.y;
    const dx = Math.cos(angle);
    const dy = Math.sin(angle);
    const room = this.current;
    let t0 = Infinity;
    let label = -1;
    let exit = -1;
    let object = -1;
    const walls = room.walls;
    for (let i = 0; i < walls.length; i++) {
      const w = walls[i]!;
      const t = raySegment(ox, oy, dx, dy, w);
      if (t < t0) {
        t0 = t;
        exit = w.exit;
        label = w.exit >= 0 ? room.exits[w.exit]!.labelIndex : 0;
      }
    }
    const objects = room.objects;
    for (let i = 0; i < objects.length; i++) {
      const t = rayDisc(ox, oy, dx, dy, objects[i]!);
      if (t < t0) {
        t0 = t;
        exit = -1;
        object = i;
        label = objects[i]!.labelIndex;
      }
    }
    this.hitT = t0;
    this.hitLabel = label;
    this.hitExit = exit;
    this.hitObject = object;
  }

  /** Whether the agent touches a wall or an object (its rim within CONTACT_EPS of it). Squared distances: no square roots on every step. */
  private isTouching(): boolean {
    const { x, y } = this.agent;
    const { walls, objects } = this.current;
    const reach = SIM.agentRadius + CONTACT_EPS;
    const reach2 = reach * reach;
    for (let i = 0; i < walls.length; i++) if (pointSegmentDistance2(x, y, walls[i]!) <= reach2) return true;
    for (let i = 0; i < objects.length; i++) {
      const o = objects[i]!;
      const dx = x - o.x;
      const dy = y - o.y;
      const r = reach + o.r;
      if (dx * dx + dy * dy <= r * r) return true;
    }
    return false;
  }

  private inSight(tx: number, ty: number, radius: number, self: number): boolean {
    const { x, y, heading } = this.agent;
    const dist = Math.hypot(tx - x, ty - y);
    const half = dist > radius ? Math.asin(radius / dist) : Math.PI;
    if (Math.abs(wrapAngle(Math.atan2(ty - y, tx - x) - heading)) - half > SIM.fov / 2) return false;
    const sight = this.sight;
    sight.ax = x;
    sight.ay = y;
    sight.bx = tx;
    sight.by = ty;
    const objects = this.current.objects;
    for (let i = 0; i < objects.length; i++) {
      const o = objects[i]!;
      if (i !== self && pointSegmentDistance2(o.x, o.y, sight) < o.r * o.r) return false;
    }
    return true;
  }

  private observe(canCollide: boolean): Observation {
    const room = this.current;
    const R = SIM.agentRadius;
    this.cast(this.agent.heading + SIM.rayAngle);
    const leftT = this.hitT;
    const leftLabel = this.hitLabel;
    this.cast(this.agent.heading - SIM.rayAngle);
    const proximity: [number, number] = [
      round4(Math.min(1, Math.max(0, (leftT - R) / SIM.rayRange))),
      round4(Math.min(1, Math.max(0, (this.hitT - R) / SIM.rayRange))),
    ];
    const labels: [number, number] = [leftT - R <= SIM.rayRange ? leftLabel : -1, this.hitT - R <= SIM.rayRange ? this.hitLabel : -1];
    const touching = canCollide && this.isTouching();
    const collision: 0 | 1 = touching && !this.touching ? 1 : 0;
    this.touching = touching;
    const visible = new Uint8Array(this.sim.labels.length);
    visible[0] = 1;
    const { objects, exits } = room;
    for (let i = 0; i < objects.length; i++) {
      const o = objects[i]!;
      if (this.inSight(o.x, o.y, o.r, i)) visible[o.labelIndex] = 1;
    }
    for (let i = 0; i < exits.length; i++) {
      const e = exits[i]!;
      if (this.inSight((e.ax + e.bx) / 2, (e.ay + e.by) / 2, Math.hypot(e.bx - e.ax, e.by - e.ay) / 2, -1)) visible[e.labelIndex] = 1;
    }
    const observation: Observation = { proximity, collision, labels, visible };
    if (this.camera > 0) observation.camera = renderCamera(room, this.agent, this.camera);
    return observation;
  }
}

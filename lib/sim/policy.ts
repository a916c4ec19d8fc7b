import { createPrng, hashString, type Prng } from "@/lib/kernel";
import type { SimEnv, StepResult } from "./env";
import { wrapAngle } from "./geometry";
import type { Room } from "./room";
import { ACTIONS, SIM } from "./spec";

// Roll-out policies of the exporter. `random`: uniform over the actions. `explore`
// (novelty-seeking): in each room it heads for the exit or override thing it has used least
// (ties broken by its seed), walks there along a grid path round the objects, faces it and
// interacts; a little noise (ε = 0.05) and a few random steps when it is stuck keep it moving.
// Over episodes the least-used-first choice works like a rotor-router: every state reachable
// from the entrance is entered (see docs/simulation.md for the step budget).

export interface Policy {
  act(env: SimEnv, last: StepResult | null): number;
}

export const POLICIES = ["random", "explore"] as const;
export type PolicyName = (typeof POLICIES)[number];

const A = Object.fromEntries(ACTIONS.map((a, i) => [a, i])) as Record<(typeof ACTIONS)[number], number>;
const CELL = 0.25;
const EPSILON = 0.05;

export function randomPolicy(seed: number): Policy {
  const rng = createPrng(hashString(`policy-random|${seed}`));
  return { act: () => rng.int(ACTIONS.length) };
}

interface Target {
  key: string;
  /** Where to stand, and the point to face from there. */
  gx: number;
  gy: number;
  fx: number;
  fy: number;
  field: Int32Array;
}

interface Grid {
  cols: number;
  rows: number;
  free: Uint8Array;
}

function gridOf(room: Room): Grid {
  const cols = Math.ceil(room.width / CELL);
  const rows = Math.ceil(room.depth / CELL);
  const free = new Uint8Array(cols * rows);
  const margin = SIM.agentRadius + 0.05;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = (c + 0.5) * CELL;
      const y = (r + 0.5) * CELL;
      const inside = x >= margin && y >= margin && room.width - x >= margin && room.depth - y >= margin;
      free[r * cols + c] = inside && room.objects.every((o) => Math.hypot(x - o.x, y - o.y) >= o.r + margin) ? 1 : 0;
    }
  }
  return { cols, rows, free };
}

const cellOf = (g: Grid, x: number, y: number): number =>
  Math.min(g.rows - 1, Math.max(0, Math.floor(y / CELL))) * g.cols + Math.min(g.cols - 1, Math.max(0, Math.floor(x / CELL)));

/** Steps (8-connected) from every free cell to the goal's cell; -1 where it cannot be reached. */
function fieldTo(g: Grid, goal: number): Int32Array {
  const dist = new Int32Array(g.cols * g.rows).fill(-1);
  const queue = new Int32Array(g.cols * g.rows);
  let head = 0;
  let tail = 0;
  dist[goal] = 0;
  queue[tail++] = goal;
  while (head < tail) {
    const at = queue[head++]!;
    const r = Math.floor(at / g.cols);
    const c = at % g.cols;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if ((dr === 0 && dc === 0) || rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols) continue;
        const n = rr * g.cols + cc;
        if (dist[n] !== -1 || g.free[n] !== 1) continue;
        // No cutting corners round a blocked cell.
        if (dr !== 0 && dc !== 0 && (g.free[r * g.cols + cc] !== 1 || g.free[rr * g.cols + c] !== 1)) continue;
        dist[n] = dist[at]! + 1;
        queue[tail++] = n;
      }
    }
  }
  return dist;
}

/** The free cell nearest to (x, y), searching outwards. */
function nearestFree(g: Grid, x: number, y: number): number {
  const start = cellOf(g, x, y);
  if (g.free[start] === 1) return start;
  const r0 = Math.floor(start / g.cols);
  const c0 = start % g.cols;
  for (let ring = 1; ring < Math.max(g.cols, g.rows); ring++) {
    for (let dr = -ring; dr <= ring; dr++) {
      for (let dc = -ring; dc <= ring; dc++) {
        const r = r0 + dr;
        const c = c0 + dc;
        if (Math.max(Math.abs(dr), Math.abs(dc)) === ring && r >= 0 && c >= 0 && r < g.rows && c < g.cols && g.free[r * g.cols + c] === 1)
          return r * g.cols + c;
      }
    }
  }
  return start;
}

export function explorePolicy(seed: number): Policy {
  const rng: Prng = createPrng(hashString(`policy-explore|${seed}`));
  const used = new Map<string, number>();
  const grids = new Map<string, Grid>();
  const fields = new Map<string, Int32Array>();
  let target: (Target & { state: string }) | null = null;
  let stuck = 0;

  const choose = (env: SimEnv): void => {
    const room = env.room;
    const g = grids.get(room.stateId) ?? gridOf(room);
    grids.set(room.stateId, g);
    const options: Array<{ key: string; gx: number; gy: number; fx: number; fy: number }> = [];
    for (const e of room.exits) {
      const mx = (e.ax + e.bx) / 2;
      const my = (e.ay + e.by) / 2;
      // Stand a little inside the room in front of the exit.
      const nx = mx === 0 ? 1 : mx >= room.width ? -1 : 0;
      const ny = my === 0 ? 1 : my >= room.depth ? -1 : 0;
      options.push({ key: `${room.stateId}|${e.label}`, gx: mx + nx * 0.7, gy: my + ny * 0.7, fx: mx, fy: my });
    }
    for (const o of room.objects) {
      if (o.override < 0) continue;
      const away = Math.atan2(room.start.y - o.y, room.start.x - o.x);
      const d = o.r + SIM.agentRadius + 0.3;
      options.push({
        key: `${room.stateId}|${env.sim.world.scene.events[o.override]!.name}`,
        gx: o.x + Math.cos(away) * d,
        gy: o.y + Math.sin(away) * d,
        fx: o.x,
        fy: o.y,
      });
    }
    if (options.length === 0) {
      target = null;
      return;
    }
    const least = Math.min(...options.map((o) => used.get(o.key) ?? 0));
    const pick = rng.pick(options.filter((o) => (used.get(o.key) ?? 0) === least));
    const goal = nearestFree(g, pick.gx, pick.gy);
    const field = fields.get(`${pick.key}|${goal}`) ?? fieldTo(g, goal);
    fields.set(`${pick.key}|${goal}`, field);
    target = { ...pick, state: room.stateId, field };
  };

  const turnToward = (env: SimEnv, x: number, y: number): number | null => {
    const diff = wrapAngle(Math.atan2(y - env.pose.y, x - env.pose.x) - env.pose.heading);
    if (Math.abs(diff) <= SIM.turnStep / 2) return null;
    return diff > 0 ? A.turn_left : A.turn_right;
  };

  let lastAction = -1;
  let lastState = "";
  const decide = (env: SimEnv, last: StepResult | null): number => {
    if (last?.info.event) {
      // Credit what was used, whether the policy aimed at it or stumbled on it.
      const key = `${lastState}|${last.info.event}`;
      used.set(key, (used.get(key) ?? 0) + 1);
      target = null;
    }
    if (!target || target.state !== env.state) choose(env);
    if (!target || rng.next() < EPSILON) return rng.int(ACTIONS.length);
    if (stuck > 0) {
      stuck--;
      return rng.pick([A.back, A.turn_left, A.turn_right, A.forward]);
    }
    if (last?.observation.collision === 1) {
      stuck = 3;
      return A.back;
    }
    const g = grids.get(env.state)!;
    const here = nearestFree(g, env.pose.x, env.pose.y);
    const t = target;
    if (t.field[here] === 0 || Math.hypot(env.pose.x - t.gx, env.pose.y - t.gy) < CELL) {
      const turn = turnToward(env, t.fx, t.fy);
      if (turn !== null) return turn;
      // Facing it: interact; when that did nothing, a random nudge to another spot.
      return lastAction === A.interact ? rng.int(ACTIONS.length) : A.interact;
    }
    // Downhill on the distance field to the goal.
    const r = Math.floor(here / g.cols);
    const c = here % g.cols;
    let best = here;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols) continue;
        const n = rr * g.cols + cc;
        if (t.field[n]! >= 0 && (t.field[best]! < 0 || t.field[n]! < t.field[best]!)) best = n;
      }
    }
    if (best === here) return rng.int(ACTIONS.length);
    const turn = turnToward(env, ((best % g.cols) + 0.5) * CELL, (Math.floor(best / g.cols) + 0.5) * CELL);
    return turn ?? A.forward;
  };
  return {
    act(env, last) {
      lastAction = decide(env, last);
      lastState = env.state;
      return lastAction;
    },
  };
}

export function createPolicy(name: PolicyName, seed: number): Policy {
  return name === "explore" ? explorePolicy(seed) : randomPolicy(seed);
}

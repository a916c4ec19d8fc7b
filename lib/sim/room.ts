import { composeScene } from "@/lib/ai/local/paint/compose";
import { getMotif } from "@/lib/ai/local/paint/motifs";
import { readScene } from "@/lib/ai/local/paint/read";
import { framePrompt } from "@/lib/ai/frame-prompt";
import { buildGraphIndex, createPrng, hashString, type World } from "@/lib/kernel";
import type { Disc, Segment } from "./geometry";
import { SOLID_LAYERS, worldLabels } from "./labels";
import { SIM } from "./spec";

// A world's states as rooms. Each room is a rectangle of walls; in it stand, as discs, the
// things the local painter draws for that state (read by the painter's own code, so the room
// and the painted frame agree on what is there and roughly where: left to right as in the
// frame, nearer things nearer the door the agent enters by); on its walls, one exit per
// outgoing transition, labelled with the event's name. Deterministic: the same world gives the
// same rooms on every machine.

export type Rgb = readonly [number, number, number];

export interface RoomObject extends Disc {
  label: string;
  labelIndex: number;
  motif: string;
  /** Metres, for the camera. */
  height: number;
  color: Rgb;
  /** Index into `world.scene.events` of the override `interact` fires here, or -1. */
  override: number;
}

export interface RoomExit extends Segment {
  label: string;
  labelIndex: number;
  /** Index into `world.scene.events`. */
  event: number;
  to: string;
}

/** A piece of wall, or an exit (`exit` ≥ 0 indexes `Room.exits`). */
export interface Wall extends Segment {
  exit: number;
}

export interface Pose {
  x: number;
  y: number;
  heading: number;
}

export interface RoomPalette {
  indoor: boolean;
  skyTop: Rgb;
  skyBottom: Rgb;
  ceiling: Rgb;
  wall: Rgb;
  floor: Rgb;
  exit: Rgb;
}

export interface Room {
  stateId: string;
  width: number;
  depth: number;
  walls: Wall[];
  objects: RoomObject[];
  exits: RoomExit[];
  /** Set on ending states: what entering it scores. */
  ending: "good" | "bad" | "neutral" | null;
  /** Where the agent appears (before the reset's jitter). */
  start: Pose;
  palette: RoomPalette;
}

export interface SimWorld {
  world: World;
  /** What rays and `visible` name: "wall" first, then what each state's room may hold (labels.ts). */
  labels: string[];
  /** Every state's room, built when first asked for (see `LazyRooms`). */
  rooms: ReadonlyMap<string, Room>;
  entrance: string;
  maxSteps: number;
}

/** Agents must pass between any two things and between a thing and a wall. */
const PASSAGE = 2 * SIM.agentRadius + 0.1;
const START_CLEAR = SIM.agentRadius + 1.0;
const CORNER = 0.4;
const DOOR_GAP = 1.2;

const hexRgb = (s: string): Rgb => [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];
const mixRgb = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
const BLACK: Rgb = [0, 0, 0];
const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/** The first solid fill of a drawn object: the colour its main shape is painted in. */
function fillOf(svg: string | undefined, fallback: Rgb): Rgb {
  const m = svg ? /fill="(#[0-9a-f]{6})"/.exec(svg) : null;
  return m ? hexRgb(m[1]!) : fallback;
}

interface Side {
  /** Start and unit direction of the wall's run. */
  x: number;
  y: number;
  ux: number;
  uy: number;
  len: number;
  /** Runs of the side that may hold exits: [from, to] along it. */
  free: Array<[number, number]>;
}

function sidesOf(w: number, d: number): Side[] {
  return [
    { x: 0, y: d, ux: 1, uy: 0, len: w, free: [[CORNER, w - CORNER]] },
    { x: w, y: d, ux: 0, uy: -1, len: d, free: [[CORNER, d - CORNER]] },
    {
      x: w,
      y: 0,
      ux: -1,
      uy: 0,
      len: w,
      free: [
        [CORNER, w / 2 - DOOR_GAP],
        [w / 2 + DOOR_GAP, w - CORNER],
      ],
    },
    { x: 0, y: 0, ux: 0, uy: 1, len: d, free: [[CORNER, d - CORNER]] },
  ];
}

const freeLength = (sides: Side[]): number => sides.reduce((n, s) => n + s.free.reduce((m, [a, b]) => m + (b - a), 0), 0);

/** Exits spread evenly along the free runs of the walls, the first in the middle of the far wall. */
function placeExits(sides: Side[], count: number): Array<{ side: number; a: number; b: number }> {
  const runs = sides.flatMap((s, side) => s.free.map(([a, b]) => ({ side, a, b })));
  // Start the walk round the room at the middle of the far wall.
  const first = runs[0]!;
  const mid = (first.a + first.b) / 2;
  const walk = [{ ...first, a: mid }, ...runs.slice(1), { ...first, b: mid }];
  const total = walk.reduce((n, r) => n + (r.b - r.a), 0);
  const width = Math.min(1.2, (0.6 * total) / Math.max(1, count));
  const out: Array<{ side: number; a: number; b: number }> = [];
  for (let k = 0; k < count; k++) {
    let at = (k * total) / count;
    for (const run of walk) {
      const len = run.b - run.a;
      if (at <= len) {
        const full = runs.find((r) => r.side === run.side && r.a <= run.a + 1e-9 && r.b >= run.b - 1e-9)!;
        const centre = clamp(run.a + at, full.a + width / 2, full.b - width / 2);
        out.push({ side: run.side, a: centre - width / 2, b: centre + width / 2 });
        break;
      }
      at -= len;
    }
  }
  return out;
}

function wallsOf(sides: Side[], exits: Array<{ side: number; a: number; b: number }>): Wall[] {
  const walls: Wall[] = [];
  const seg = (s: Side, a: number, b: number, exit: number): Wall => ({
    ax: s.x + s.ux * a,
    ay: s.y + s.uy * a,
    bx: s.x + s.ux * b,
    by: s.y + s.uy * b,
    exit,
  });
  sides.forEach((s, side) => {
    const mine = exits
      .map((e, i) => ({ ...e, i }))
      .filter((e) => e.side === side)
      .sort((p, q) => p.a - q.a);
    let at = 0;
    for (const e of mine) {
      if (e.a > at) walls.push(seg(s, at, e.a, -1));
      walls.push(seg(s, e.a, e.b, e.i));
      at = e.b;
    }
    if (at < s.len) walls.push(seg(s, at, s.len, -1));
  });
  return walls;
}

/** Where a disc of radius r may stand: clear of walls, other things and the agent's start. */
function fits(x: number, y: number, r: number, w: number, d: number, placed: readonly Disc[], start: Pose): boolean {
  const wall = r + PASSAGE;
  if (x < wall || y < wall || w - x < wall || d - y < wall) return false;
  if (Math.hypot(x - start.x, y - start.y) < r + START_CLEAR) return false;
  return placed.every((o) => Math.hypot(x - o.x, y - o.y) >= r + o.r + PASSAGE);
}

function place(x0: number, y0: number, r0: number, w: number, d: number, placed: readonly Disc[], start: Pose): Disc | null {
  for (const r of [r0, 0.2]) {
    for (let k = 0; k < 24; k++) {
      const dx = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * 0.6;
      for (const dy of [0, 0.8, -0.8, 1.6]) {
        const x = x0 + dx;
        const y = y0 + dy;
        if (fits(x, y, r, w, d, placed, start)) return { x, y, r };
      }
    }
  }
  return null;
}

/** A label's index in the world's labels; a label missing from them is a bug of labels.ts. */
type LabelIndex = (label: string) => number;

function buildRoom(world: World, stateId: string, eventIdx: readonly number[], indexOf: LabelIndex): Room {
  const state = world.scene.states[stateId]!;
  const events = world.scene.events;
  const rng = createPrng(hashString(JSON.stringify(["sim-room-v1", stateId, state.base, state.ambient])));
  const transitions = eventIdx.filter((i) => events[i]!.to !== undefined);
  const overrides = eventIdx.filter((i) => events[i]!.to === undefined);

  // Size: 7–10 m a side, grown until every exit has 1.5 m of wall.
  let width = 7 + rng.int(4);
  let depth = 7 + rng.int(4);
  while (freeLength(sidesOf(width, depth)) < transitions.length * 1.5) {
    width += 2;
    depth += 2;
  }
  const sides = sidesOf(width, depth);
  const start: Pose = { x: width / 2, y: SIM.agentRadius + 0.9, heading: Math.PI / 2 };

  const scene = composeScene({ ...framePrompt(world, stateId), aspect: "16:9", lite: true });
  const { manifest, objectSvgs } = scene;
  const pal = manifest.palette;
  const accent = hexRgb(pal.accent);
  const objects: RoomObject[] = [];
  manifest.objects.forEach((o, i) => {
    if (o.subject || !SOLID_LAYERS.has(getMotif(o.motif).layer)) return;
    const r0 = clamp(o.box.w * width * 0.3, 0.2, 0.8);
    const x0 = 0.8 + (o.box.x + o.box.w / 2) * (width - 1.6);
    const y0 = depth * (0.25 + 0.7 * o.depth);
    const disc = place(x0, y0, r0, width, depth, objects, start);
    if (!disc) return;
    objects.push({
      ...disc,
      label: o.label,
      labelIndex: indexOf(o.label),
      motif: o.motif,
      height: clamp(o.box.h * 4, 0.3, 2.4),
      color: fillOf(objectSvgs[i], accent),
      override: -1,
    });
  });

  // An override fires at the thing its words name, else at a thing of its own, labelled with its name.
  for (const ev of overrides) {
    const e = events[ev]!;
    const named = new Set(readScene(`${e.name}. ${e.base}`).named.flatMap((n) => n.motifs));
    const host = objects.find((o) => o.override === -1 && named.has(o.motif));
    if (host) {
      host.override = ev;
      continue;
    }
    const h = hashString(`${stateId}|${ev}|${e.name}`);
    const disc = place(1 + ((h % 1000) / 1000) * (width - 2), depth * 0.6, 0.3, width, depth, objects, start);
    if (disc)
      objects.push({ ...disc, label: e.name, labelIndex: indexOf(e.name), motif: "override", height: 1, color: accent, override: ev });
  }

  const slots = placeExits(sides, transitions.length);
  const exits: RoomExit[] = slots.map((slot, k) => {
    const s = sides[slot.side]!;
    const e = events[transitions[k]!]!;
    return {
      ax: s.x + s.ux * slot.a,
      ay: s.y + s.uy * slot.a,
      bx: s.x + s.ux * slot.b,
      by: s.y + s.uy * slot.b,
      label: e.name,
      labelIndex: indexOf(e.name),
      event: transitions[k]!,
      to: e.to!,
    };
  });

  const ground = hexRgb(pal.ground);
  const haze = hexRgb(pal.haze);
  const palette: RoomPalette = manifest.indoor
    ? {
        indoor: true,
        skyTop: hexRgb(pal.skyTop),
        skyBottom: hexRgb(pal.skyBottom),
        wall: ground,
        floor: mixRgb(ground, BLACK, 0.45),
        ceiling: mixRgb(ground, BLACK, 0.7),
        exit: accent,
      }
    : {
        indoor: false,
        skyTop: hexRgb(pal.skyTop),
        skyBottom: hexRgb(pal.skyBottom),
        wall: mixRgb(haze, ground, 0.5),
        floor: ground,
        ceiling: haze,
        exit: accent,
      };
  return {
    stateId,
    width,
    depth,
    walls: wallsOf(sides, slots),
    objects,
    exits,
    ending: state.ending.isEnding === true ? (state.ending.outcome ?? "neutral") : null,
    start,
    palette,
  };
}

/**
 * The rooms of a world by state id, each built the first time `get` (or iteration) asks for it
 * and kept. `size` and `has` build nothing; `built` says how many are built.
 */
export class LazyRooms implements ReadonlyMap<string, Room> {
  private readonly cache = new Map<string, Room>();
  constructor(
    private readonly ids: readonly string[],
    private readonly build: (stateId: string) => Room,
  ) {}
  get size(): number {
    return this.ids.length;
  }
  get built(): number {
    return this.cache.size;
  }
  has(stateId: string): boolean {
    return this.ids.includes(stateId);
  }
  get(stateId: string): Room | undefined {
    let room = this.cache.get(stateId);
    if (room === undefined && this.has(stateId)) {
      room = this.build(stateId);
      this.cache.set(stateId, room);
    }
    return room;
  }
  *entries(): MapIterator<[string, Room]> {
    for (const id of this.ids) yield [id, this.get(id)!];
  }
  *keys(): MapIterator<string> {
    yield* this.ids;
  }
  *values(): MapIterator<Room> {
    for (const id of this.ids) yield this.get(id)!;
  }
  [Symbol.iterator](): MapIterator<[string, Room]> {
    return this.entries();
  }
  forEach(fn: (room: Room, stateId: string, map: ReadonlyMap<string, Room>) => void): void {
    for (const [id, room] of this.entries()) fn(room, id, this);
  }
}

/** Every state of a (gate-clean) world as a room, built lazily; its labels are read now. */
export function buildSimWorld(world: World, options: { maxSteps?: number } = {}): SimWorld {
  const index = buildGraphIndex(world);
  const labels = worldLabels(world, index.stateIds, index.outEvents);
  const at = new Map(labels.map((label, i) => [label, i]));
  const indexOf: LabelIndex = (label) => {
    const i = at.get(label);
    if (i === undefined)
      throw new Error(
        `sim: the room's label ${JSON.stringify(label)} is not among the world's labels (lib/sim/labels.ts misses what the painter drew)`,
      );
    return i;
  };
  const rooms = new LazyRooms(index.stateIds, (id) => buildRoom(world, id, index.outEvents.get(id) ?? [], indexOf));
  return { world, labels, rooms, entrance: world.entrance.state, maxSteps: options.maxSteps ?? SIM.maxSteps };
}

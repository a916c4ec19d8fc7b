import { describe, expect, it } from "vitest";
import { applyOps, mockWorld, type Op, type World } from "@/lib/kernel";
import { makeExtendedWorld, makeLargeWorld, makeSmallWorld } from "@/lib/kernel/fixtures";
import { worldPieces } from "./graph-json";

const worldJson = (world: World) => worldPieces(world).texts.join("");

describe("worldPieces", () => {
  it("writes exactly what JSON.stringify writes", () => {
    for (const world of [
      makeSmallWorld(),
      makeExtendedWorld(),
      makeLargeWorld({ states: 40, events: 120 }),
      mockWorld({ premise: "a lighthouse", id: "w1" }),
    ]) {
      expect(worldJson(world)).toBe(JSON.stringify(world));
    }
  });

  it("leaves out what has no JSON and writes null for it in arrays, as JSON.stringify does", () => {
    const world = makeSmallWorld() as World & Record<string, unknown>;
    const [first] = Object.keys(world.scene.states);
    const odd = {
      ...world,
      extra: undefined,
      fn: () => 1,
      when: new Date(0),
      scene: {
        ...world.scene,
        note: undefined,
        events: [...world.scene.events, undefined, null] as never,
        states: { ...world.scene.states, gone: undefined } as never,
      },
    } as unknown as World;
    expect(worldJson(odd)).toBe(JSON.stringify(odd));
    expect(JSON.parse(worldJson(odd)).scene.states[first!]).toEqual(world.scene.states[first!]);
  });

  it("stays right across edits that reuse the text of untouched states, events and pieces", () => {
    let world = makeLargeWorld({ states: 60, events: 200 });
    expect(worldJson(world)).toBe(JSON.stringify(world)); // remembers every state and event
    let pieces = worldPieces(world);
    const ids = Object.keys(world.scene.states);
    for (let round = 0; round < 5; round++) {
      const ops: Op[] = [
        { op: "update_state", id: ids[round]!, patch: { base: `round ${round}` } },
        { op: "add_state", id: `new-${round}`, base: "fresh" },
        { op: "add_event", from: ids[round]!, name: `go ${round}`, to: `new-${round}`, base: "go", hotkey: `F${round + 1}` },
        { op: "delete_state", id: ids[ids.length - 1 - round]! },
      ] as Op[];
      const applied = applyOps(world, ops);
      expect(applied.applyErrors).toEqual([]);
      world = applied.world;
      expect(worldJson(world)).toBe(JSON.stringify(world));
      // Written from the previous write's pieces: the same pieces, keys and texts.
      const next = worldPieces(world, pieces);
      expect(next).toEqual(worldPieces(world));
      expect(next.texts.join("")).toBe(JSON.stringify(world));
      pieces = next;
    }
  });

  it("cuts a maximal world into pieces of tens of kilobytes whose keys are unique", () => {
    const world = makeLargeWorld({ states: 500, events: 2000 });
    const { keys, texts } = worldPieces(world);
    expect(texts.join("")).toBe(JSON.stringify(world));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe("head");
    expect(keys.at(-1)).toBe("tail");
    expect(keys.length).toBeGreaterThan(60);
    expect(Math.max(...texts.map((t) => t.length))).toBeLessThan(200_000);
  });

  it("changes only the pieces an edit touches", () => {
    const world = makeLargeWorld({ states: 200, events: 600 });
    const before = worldPieces(world);
    const ids = Object.keys(world.scene.states);
    const changedPieces = (ops: Op[]) => {
      const applied = applyOps(world, ops);
      expect(applied.applyErrors).toEqual([]);
      const after = worldPieces(applied.world);
      expect(after.texts.join("")).toBe(JSON.stringify(applied.world));
      const old = new Map(before.keys.map((k, i) => [k, before.texts[i]]));
      return after.keys.filter((k, i) => old.get(k) !== after.texts[i]).length + before.keys.filter((k) => !after.keys.includes(k)).length;
    };
    expect(changedPieces([{ op: "update_state", id: ids[50]!, patch: { base: "changed" } }] as Op[])).toBe(1);
    expect(changedPieces([{ op: "add_state", id: "brand-new", base: "fresh" }] as Op[])).toBeLessThanOrEqual(2);
    const e = world.scene.events[300]!;
    expect(changedPieces([{ op: "delete_event", from: e.from, name: e.name }] as Op[])).toBeLessThanOrEqual(2);
    expect(changedPieces(ids.slice(0, 10).map((id) => ({ op: "update_state", id, patch: { base: "x" } })) as Op[])).toBeLessThanOrEqual(10);
  });
});

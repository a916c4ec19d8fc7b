import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyOps } from "./apply-ops";
import { deepFreeze } from "./fixtures";
import { ZOp, type Op } from "./ops";
import { parseWorld } from "./parse-world";
import { ZWorld, type Event, type State, type World } from "./schema";
import { checkWorld, hasErrors, validateWorld } from "./validate-world";

// Ids that have broken naive code before: prototype members, dots, spaces, non-ASCII.
const ID_POOL = ["a", "b", "c", "d", "e", "f", "g", "constructor", "toString", "hall.way", "x y", "ü"];
const NAME_POOL = ["e0", "e1", "e2", "go", "look", "x"];
const prose = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom("{hero} walks", "{mood} air", "", "  ", "{ not a slot }") },
);
const maybeExtra = fc.option(fc.record({ "x-extra": fc.jsonValue({ maxDepth: 2 }) }), { nil: undefined });

interface WorldSpec {
  ids: string[];
  endings: boolean[];
  edges: { from: number; to: number | null; base: string; hotkeyCase: boolean }[];
  prose: string[];
  slots: Record<string, string> | undefined;
  extra: Record<string, unknown> | undefined;
}

const worldSpec = fc.record({
  ids: fc.uniqueArray(fc.constantFrom(...ID_POOL), { minLength: 1, maxLength: 8 }),
  endings: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  edges: fc.array(fc.record({ from: fc.nat(), to: fc.option(fc.nat(), { nil: null }), base: prose, hotkeyCase: fc.boolean() }), {
    maxLength: 20,
  }),
  prose: fc.array(prose, { minLength: 8, maxLength: 8 }),
  slots: fc.option(fc.dictionary(fc.constantFrom("hero", "mood", "spare"), fc.string({ maxLength: 5 })), { nil: undefined }),
  extra: maybeExtra,
});

/** A schema-valid world without gate errors (warnings allowed): unique names and hotkeys per state. */
function buildValidWorld(spec: WorldSpec): World {
  const states: Record<string, State> = {};
  spec.ids.forEach((id, i) => {
    const p = spec.prose[i] ?? "";
    states[id] = {
      id,
      base: p,
      camera: { static: p, dynamic: "d" },
      movement: { static: "s", dynamic: p },
      ambient: [p],
      ending: { isEnding: spec.endings[i] ?? false, ...(spec.extra ?? {}) },
      variants: i % 2 === 0 ? [{ id: "v", base: p }] : [],
      ...(spec.extra ?? {}),
    };
  });
  const perFrom = new Map<string, number>();
  const events: Event[] = spec.edges.map((edge) => {
    const from = spec.ids[edge.from % spec.ids.length] as string;
    const k = perFrom.get(from) ?? 0;
    perFrom.set(from, k + 1);
    const e: Event = {
      from,
      name: `e${k}`,
      base: edge.base,
      detail: "",
      hotkey: edge.hotkeyCase ? `K${k}` : `k${k}x`,
      ...(spec.extra ?? {}),
    };
    if (edge.to !== null) e.to = spec.ids[edge.to % spec.ids.length] as string;
    return e;
  });
  const world: World = {
    id: "w",
    name: "World",
    description: "",
    cover: "",
    subject: "{hero}",
    entrance: { image: { src: "s", label: "" }, state: spec.ids[0] as string },
    scene: { states, events },
    ...(spec.extra ?? {}),
  };
  if (spec.slots !== undefined) world.slots = spec.slots;
  return world;
}

const validWorld = worldSpec.map(buildValidWorld);

/** Schema-valid but otherwise arbitrary: dangling references, duplicates, key mismatches. */
const chaoticWorld = fc
  .record({
    keys: fc.uniqueArray(fc.constantFrom(...ID_POOL), { maxLength: 6 }),
    ids: fc.array(fc.constantFrom(...ID_POOL, ""), { minLength: 6, maxLength: 6 }),
    events: fc.array(
      fc.record(
        {
          from: fc.constantFrom(...ID_POOL, ""),
          to: fc.constantFrom(...ID_POOL, ""),
          name: fc.constantFrom(...NAME_POOL, ""),
          base: prose,
          detail: prose,
          hotkey: fc.constantFrom("1", "2", "q", "Q", "", " "),
          kind: fc.constantFrom("transition" as const, "override" as const),
        },
        { requiredKeys: ["from", "name", "base", "detail", "hotkey"] },
      ),
      { maxLength: 15 },
    ),
    entrance: fc.constantFrom(...ID_POOL, ""),
    endings: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    base: prose,
  })
  .map(({ keys, ids, events, entrance, endings, base }) => {
    const states: Record<string, State> = {};
    keys.forEach((key, i) => {
      states[key] = {
        id: i % 3 === 0 ? (ids[i] as string) : key,
        base,
        camera: { static: base, dynamic: "" },
        movement: { static: "", dynamic: base },
        ambient: [],
        ending: { isEnding: endings[i] ?? false },
        variants: [{ id: "v" }, { id: i % 2 === 0 ? "v" : "w" }],
      };
    });
    return {
      id: "w",
      name: base,
      description: base,
      cover: "",
      subject: "",
      entrance: { image: { src: "", label: "" }, state: entrance },
      scene: { states, events: events.map((e) => ({ ...e })) },
    } satisfies World;
  });

function opArb(): fc.Arbitrary<Op> {
  const id = fc.constantFrom(...ID_POOL, "new1", "new2");
  const name = fc.constantFrom(...NAME_POOL);
  const text = fc.string({ maxLength: 12 });
  const camera = fc.record({ static: text, dynamic: text }, { requiredKeys: [] });
  const ending = fc.record(
    { isEnding: fc.boolean(), title: text, outcome: fc.constantFrom("good" as const, "bad" as const) },
    { requiredKeys: [] },
  );
  const variant = fc.record({ id: fc.constantFrom("v", "w", "z"), base: text, weight: fc.constantFrom(1, 2.5) }, { requiredKeys: ["id"] });
  const slots = fc.dictionary(fc.constantFrom("hero", "mood"), text);
  const ops: fc.Arbitrary<unknown>[] = [
    fc.record(
      {
        op: fc.constant("add_state"),
        id,
        base: text,
        camera,
        movement: camera,
        ambient: fc.array(text, { maxLength: 2 }),
        ending,
        variants: fc.array(variant, { maxLength: 2 }),
        slots,
      },
      { requiredKeys: ["op", "id"] },
    ),
    fc.record({
      op: fc.constant("update_state"),
      id,
      patch: fc.record(
        {
          id,
          base: text,
          camera,
          movement: camera,
          ambient: fc.array(text, { maxLength: 2 }),
          ending,
          variants: fc.array(variant, { maxLength: 2 }),
          slots: fc.option(slots, { nil: null }),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({ op: fc.constant("delete_state"), id }),
    fc.record(
      {
        op: fc.constant("add_event"),
        from: id,
        to: id,
        name,
        base: text,
        detail: text,
        hotkey: fc.constantFrom("1", "2", "q"),
        kind: fc.constantFrom("transition" as const, "override" as const),
      },
      { requiredKeys: ["op", "from", "name"] },
    ),
    fc.record({
      op: fc.constant("update_event"),
      from: id,
      name,
      patch: fc.record(
        {
          from: id,
          to: fc.option(id, { nil: null }),
          name,
          base: text,
          hotkey: fc.constantFrom("1", "3"),
          kind: fc.option(fc.constant("override" as const), { nil: null }),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({ op: fc.constant("delete_event"), from: id, name }),
    fc.record(
      { op: fc.constant("set_entrance"), state: id, image: fc.record({ src: text, label: text }, { requiredKeys: [] }) },
      { requiredKeys: ["op", "state"] },
    ),
    fc.record(
      { op: fc.constant("set_subject_ref"), imageUrl: fc.constantFrom("https://x.test/a.png", "https://x.test/b.png"), descriptor: text },
      { requiredKeys: ["op", "imageUrl"] },
    ),
    fc.record({ op: fc.constant("add_variant"), state: id, variant }),
    fc.record({ op: fc.constant("remove_variant"), state: id, id: fc.constantFrom("v", "w", "z") }),
  ];
  // Parsing as the API does both checks the generator and yields plain objects.
  return fc.oneof(...ops).map((raw) => ZOp.parse(raw));
}
const opList = fc.array(opArb(), { maxLength: 12 });

const json = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe("property: the generators", () => {
  it("valid worlds parse and carry no gate error", () => {
    fc.assert(
      fc.property(validWorld, (w) => {
        expect(parseWorld(json(w)).ok).toBe(true);
        expect(validateWorld(w).filter((d) => d.severity === "error")).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("property: applyOps", () => {
  for (const [label, worlds] of [
    ["valid", validWorld],
    ["chaotic", chaoticWorld],
  ] as const) {
    it(`never throws, never mutates a frozen ${label} input and always yields a schema-valid world`, () => {
      fc.assert(
        fc.property(worlds, opList, (world, ops) => {
          const before = JSON.stringify(world);
          const input = deepFreeze(world);
          const r = applyOps(input, ops);
          expect(JSON.stringify(input)).toBe(before);
          expect(ZWorld.safeParse(json(r.world)).success).toBe(true);
          expect(r.applyErrors.length).toBeLessThanOrEqual(ops.length);
          for (const m of [...r.applyErrors, ...r.notes]) expect(m).toMatch(/^ops\[\d+\] \([a-z_]+\): /);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("a batch equals its ops applied one at a time", () => {
    fc.assert(
      fc.property(validWorld, opList, (world, ops) => {
        const batch = applyOps(world, ops);
        let step = world;
        const errors: number[] = [];
        ops.forEach((op, i) => {
          const r = applyOps(step, [op]);
          if (r.applyErrors.length > 0) errors.push(i);
          step = r.world;
        });
        expect(json(step)).toEqual(json(batch.world));
        expect(errors).toEqual(batch.applyErrors.map((m) => Number(/^ops\[(\d+)\]/.exec(m)?.[1])));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps unknown properties on every object an op did not create", () => {
    fc.assert(
      fc.property(validWorld, opList, (world, ops) => {
        const hasExtra = (o: object): boolean => Object.prototype.hasOwnProperty.call(o, "x-extra");
        if (!hasExtra(world)) return;
        const r = applyOps(world, ops);
        const kinds = new Set(ops.map((o) => o.op));
        expect(hasExtra(r.world)).toBe(true);
        for (const s of Object.values(r.world.scene.states)) {
          if (!hasExtra(s) || !hasExtra(s.ending)) expect(kinds.has("add_state")).toBe(true);
        }
        for (const e of r.world.scene.events) if (!hasExtra(e)) expect(kinds.has("add_event")).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe("property: the gate", () => {
  it("gives the same verdict on re-validation and after a JSON round trip", () => {
    fc.assert(
      fc.property(fc.oneof(validWorld, chaoticWorld), opList, (world, ops) => {
        const next = applyOps(world, ops).world;
        const first = validateWorld(next);
        expect(validateWorld(next)).toEqual(first);
        const checked = checkWorld(json(next));
        expect(checked.diagnostics).toEqual(first);
        expect(checked.ok).toBe(!hasErrors(first));
        for (const d of first) {
          expect(typeof d.loc.field + typeof d.loc.template + typeof d.loc.slot + typeof d.loc.fill).toBe("stringstringstringstring");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never throws on a chaotic world and reports its errors", () => {
    fc.assert(
      fc.property(chaoticWorld, (w) => {
        const ds = validateWorld(deepFreeze(w));
        if (!Object.prototype.hasOwnProperty.call(w.scene.states, w.entrance.state)) {
          expect(ds.map((d) => d.lint)).toContain("entrance-missing");
        }
      }),
      { numRuns: 300 },
    );
  });
});

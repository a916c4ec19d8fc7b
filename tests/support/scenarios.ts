/** What the Scenario Studio's test files share: a world to plan clips over, and readers of the ledger. */
import { expect } from "vitest";
import { getDb } from "@/lib/db";
import type { World } from "@/lib/kernel";
import { makeEvent, makeSmallWorld, makeState } from "@/lib/kernel/fixtures";
import type { Bootstrap } from "./fixtures";
import type { ApiClient } from "./suite";

/** a → b → end (go, finish), the override `look` on a, a cellar from a (descend/climb), an override `wait` on b, variants. */
export function scenarioWorld(): World {
  const w = makeSmallWorld();
  w.scene.states.cellar = makeState("cellar", { base: "A damp cellar", variants: [{ id: "flooded", base: "A flooded cellar" }] });
  w.scene.states.b = makeState("b", { variants: [{ id: "night", base: "The b room at night" }] });
  w.scene.events.push(makeEvent("a", "descend", "cellar", "2"), makeEvent("cellar", "climb", "a", "1"));
  w.scene.events.push(makeEvent("b", "wait", undefined, "w", { kind: "override" }));
  return w;
}

export async function importScenarioWorld(api: ApiClient, key: string): Promise<string> {
  const res = await api.post("/v1/worlds", { world: scenarioWorld() }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

/** A variation clip walking a → b → end at night. */
export const walk = (extra: Record<string, unknown> = {}) => ({
  kind: "variation",
  from: "a",
  path: ["go", "finish"],
  apply: { timeOfDay: "night" },
  ...extra,
});

/** The app's clip charges (one row per charged clip) and its `scenario_clip` ledger total. */
export async function charges(app: Bootstrap) {
  const db = await getDb();
  const rows = await db.scenarioClipCharge.findMany({ where: { appId: app.appId }, select: { clipId: true, mode: true } });
  const ledger = await db.billingLedger.findMany({ where: { appId: app.appId, metric: "scenario_clip" } });
  return {
    clipIds: rows.map((r) => r.clipId).sort(),
    modes: [...new Set(rows.map((r) => r.mode))],
    ledger: ledger.reduce((n, r) => n + Number(r.amount), 0),
  };
}

export async function storedBatches(app: Bootstrap) {
  const db = await getDb();
  const batches = await db.scenarioBatch.findMany({ where: { appId: app.appId }, select: { id: true } });
  return {
    batches: batches.length,
    clips: await db.scenarioClip.count({ where: { batchId: { in: batches.map((b) => b.id) } } }),
    jobs: await db.generationJob.count({ where: { appId: app.appId, kind: "scenario_batch" } }),
  };
}

/**
 * The clip renderer's test world (lib/scenarios/render.test.ts), which the local painter draws
 * knowably: the shore (a lighthouse, a stormy sea at dawn), the lamp room (a great lamp), a
 * cellar, and the end (a boat); the keeper is the subject.
 */
export function lighthouseWorld(): World {
  return {
    id: "w-scn",
    name: "Lighthouse",
    description: "A keeper and a lighthouse",
    cover: "https://example.test/cover.png",
    subject: "a lighthouse keeper",
    entrance: { image: { src: "https://example.test/a.png", label: "The shore" }, state: "shore" },
    scene: {
      states: {
        shore: makeState("shore", {
          base: "A lighthouse above a stormy sea at dawn",
          variants: [{ id: "wreck", base: "A wrecked ship below the lighthouse" }],
        }),
        lamp: makeState("lamp", { base: "The lamp room at the top of the lighthouse, a great lamp" }),
        cellar: makeState("cellar", { base: "A damp cellar with barrels" }),
        end: makeState("end", {
          base: "A boat on the open sea",
          ending: { isEnding: true, outcome: "good", title: "Away", text: "You sail away" },
        }),
      },
      events: [
        makeEvent("shore", "climb", "lamp", "1"),
        makeEvent("shore", "look", undefined, "q", { base: "The keeper scans the horizon" }),
        makeEvent("lamp", "sail", "end", "1"),
        makeEvent("cellar", "sail", "end", "1"),
      ],
    },
  };
}

export async function importLighthouse(api: ApiClient, key: string): Promise<string> {
  const res = await api.post("/v1/worlds", { world: lighthouseWorld() }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

const reroute = { event: "climb", with: { to: "cellar", base: "The stairs give way into the cellar" } };

/**
 * Clips over the lighthouse whose outcome with the local painter (live keys) is known: `passes`
 * says whether every check passes. Under test keys the mock finds every label, so `visible`
 * passes and `absent` fails (docs/scenarios.md).
 */
export const LIGHTHOUSE_CLIPS: { spec: Record<string, unknown>; passes: boolean; why: string }[] = [
  {
    spec: {
      kind: "variation",
      from: "shore",
      path: ["climb"],
      apply: { weather: "fog" },
      expect: { reach: "lamp", visible: ["lamp"], absent: ["dragon"] },
    },
    passes: true,
    why: "the lamp room shows its lamp",
  },
  {
    spec: { kind: "variation", from: "shore", path: ["climb", "sail"], apply: { timeOfDay: "night" }, expect: { reach: "end" } },
    passes: true,
    why: "reaches the end",
  },
  {
    spec: { kind: "variation", from: "shore", path: ["climb"], apply: { weather: "rain" }, expect: { reach: "end" } },
    passes: false,
    why: "stops in the lamp room, not the end",
  },
  {
    spec: { kind: "variation", from: "shore", path: ["climb"], apply: { note: "gulls circle" }, expect: { visible: ["dragon"] } },
    passes: false,
    why: "no dragon is drawn",
  },
  {
    spec: { kind: "variation", from: "shore", path: ["climb"], apply: { timeOfDay: "dusk" }, expect: { absent: ["lamp"] } },
    passes: false,
    why: "the lamp is drawn",
  },
  {
    spec: { kind: "counterfactual", from: "shore", path: ["climb", "sail"], replace: reroute, expect: { reach: "end" } },
    passes: true,
    why: "the cellar also sails to the end",
  },
  {
    spec: { kind: "counterfactual", from: "shore", path: ["climb", "sail"], replace: reroute, expect: { reach: "lamp" } },
    passes: false,
    why: "the reroute never visits the lamp room last",
  },
];

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
export const walk = (extra: Record<string, unknown> = {}) => ({ kind: "variation", from: "a", path: ["go", "finish"], apply: { timeOfDay: "night" }, ...extra });

/** The app's clip charges (one row per charged clip) and its `scenario_clip` ledger total. */
export async function charges(app: Bootstrap) {
  const db = await getDb();
  const rows = await db.scenarioClipCharge.findMany({ where: { appId: app.appId }, select: { clipId: true, mode: true } });
  const ledger = await db.billingLedger.findMany({ where: { appId: app.appId, metric: "scenario_clip" } });
  return { clipIds: rows.map((r) => r.clipId).sort(), modes: [...new Set(rows.map((r) => r.mode))], ledger: ledger.reduce((n, r) => n + Number(r.amount), 0) };
}

export async function storedBatches(app: Bootstrap) {
  const db = await getDb();
  const batches = await db.scenarioBatch.findMany({ where: { appId: app.appId }, select: { id: true } });
  return {
    batches: batches.length,
    clips: await db.scenarioClip.count({ where: { batchId: { in: batches.map((b) => b.id) } } }),
    jobs: await db.generationJob.count({ where: { appId: app.appId, kind: "scenario" } }),
  };
}

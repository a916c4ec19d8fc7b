import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, querySql } from "@/lib/db";
import { claimRuns, driverSql, endRun, prismaSql, releaseRun, storeCheckpoint, type Sql } from "./store";
import { openTestDatabase, type TestDatabase } from "./testing";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const event = { id: "e-store", name: "store/test", data: { nested: { list: [1, "two", null] } }, ts: 1_700_000_000_000 };

async function createRun(id: string, data: Record<string, unknown> = {}) {
  const db = await getDb();
  await db.jobRun.create({
    data: { id, functionId: `fn-${id}`, event, events: [event], maxAttempts: 4, runAt: new Date(Date.now() - 1000), ...data },
  });
}

// The same statements straight on the driver and through a Prisma client give the same results.
describe.each([
  ["on the driver", async (): Promise<Sql> => driverSql],
  ["through Prisma", async (): Promise<Sql> => prismaSql(await getDb())],
])("the run store %s", (label, sqlOf) => {
  const id = (name: string) => `${name}-${label.replace(/\W/g, "")}`;

  it("hands a claimed run over with its steps exactly as a read returns them", async () => {
    const sql = await sqlOf();
    const db = await getDb();
    const runId = id("claimed");
    await createRun(runId, {
      stepCount: 1,
      discoveredCount: 0,
      discoverAt: new Date(Date.now() - 500),
      wake: 3,
      parentRunId: "p",
      parentStepId: "ps",
    });
    await db.jobStep.createMany({
      data: [
        { runId, id: "done", name: "done", op: "StepPlanned", status: "completed", seq: 0, result: { data: { deep: [1, { x: "y" }] } } },
        {
          runId,
          id: "nap",
          name: "nap",
          op: "Sleep",
          status: "sleeping",
          runAt: new Date(Date.now() + 60_000),
          opts: { timeout: "1h" },
          lastError: { name: "Error", message: "m" },
          waitEvent: "w/e",
        },
      ],
    });
    const now = new Date();
    const [claimed, ...more] = await claimRuns(sql, "exec-a", [`fn-${runId}`, "fn-other"], 5, now, new Date(now.getTime() + 30_000));
    expect(more).toEqual([]);
    const read = await db.jobRun.findUnique({ where: { id: runId }, include: { steps: true } });
    const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect({ ...claimed, steps: byId(claimed!.steps) }).toEqual({ ...read, steps: byId(read!.steps) });
    expect(claimed).toMatchObject({ lockedBy: "exec-a", status: "running", wake: 3 });
    expect(claimed!.lockedUntil!.getTime()).toBe(now.getTime() + 30_000);
    // Held: nobody else gets it while the lease lasts.
    expect(await claimRuns(sql, "exec-b", [`fn-${runId}`], 5, now, new Date(now.getTime() + 30_000))).toEqual([]);
  });

  it("stores checkpointed steps at the next places only for the lease holder of a run not ended", async () => {
    const sql = await sqlOf();
    const db = await getDb();
    const runId = id("checkpointed");
    await createRun(runId, {
      lockedBy: "exec-a",
      lockedUntil: new Date(Date.now() + 30_000),
      stepCount: 2,
      attempt: 2,
      discoverAt: new Date(),
    });
    await db.jobStep.create({ data: { runId, id: "planned", name: "planned", op: "StepPlanned", status: "planned", runAt: new Date() } });
    expect(await storeCheckpoint(sql, runId, "exec-b", [{ id: "x", name: "x", result: { data: 1 } }])).toBeNull();
    expect(
      await storeCheckpoint(sql, runId, "exec-a", [
        { id: "x", name: "x", result: { data: { big: "x".repeat(5000) } } },
        { id: "planned", name: "planned", result: { error: { name: "Error", message: "no" } } },
      ]),
    ).toBe(2);
    const steps = await db.jobStep.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    expect(steps.map((s) => [s.id, s.status, s.seq, s.runAt])).toEqual([
      ["x", "completed", 2, null],
      ["planned", "failed", 3, null],
    ]);
    expect(steps[0]!.result).toEqual({ data: { big: "x".repeat(5000) } });
    expect(await db.jobRun.findUnique({ where: { id: runId } })).toMatchObject({ stepCount: 4, attempt: 0, discoverAt: null });
    // A step memoized before keeps its result (a repeated request), and still takes a place.
    expect(await storeCheckpoint(sql, runId, "exec-a", [{ id: "x", name: "x", result: { data: "other" } }])).toBe(1);
    expect((await db.jobStep.findUnique({ where: { runId_id: { runId, id: "x" } } }))?.result).toEqual({ data: { big: "x".repeat(5000) } });
    expect((await db.jobRun.findUnique({ where: { id: runId } }))?.stepCount).toBe(5);
    // An ended run takes nothing.
    await db.jobRun.update({ where: { id: runId }, data: { status: "cancelled" } });
    expect(await storeCheckpoint(sql, runId, "exec-a", [{ id: "y", name: "y", result: { data: 1 } }])).toBeNull();
  });

  it("ends a run once, giving up the lease of the executor that ends it only", async () => {
    const sql = await sqlOf();
    const db = await getDb();
    const held = id("ended-held");
    const other = id("ended-other");
    const until = new Date(Date.now() + 30_000);
    await createRun(held, { status: "running", lockedBy: "exec-a", lockedUntil: until });
    await createRun(other, { status: "running", lockedBy: "exec-b", lockedUntil: until });
    const at = new Date();
    expect(await endRun(sql, held, "completed", { data: { ok: true } }, at, "exec-a")).toBe(true);
    expect(await endRun(sql, held, "failed", { error: { name: "Error", message: "late" } }, at, "exec-a")).toBe(false);
    expect(await db.jobRun.findUnique({ where: { id: held } })).toMatchObject({
      status: "completed",
      result: { data: { ok: true } },
      endedAt: at,
      runAt: null,
      lockedBy: null,
      lockedUntil: null,
    });
    expect(await endRun(sql, other, "failed", { error: { name: "Error", message: "x" } }, at, "exec-a")).toBe(true);
    expect(await db.jobRun.findUnique({ where: { id: other } })).toMatchObject({
      status: "failed",
      lockedBy: "exec-b",
      lockedUntil: until,
    });
  });

  it("releases a run with its next due time, or due now if it was woken meanwhile", async () => {
    const sql = await sqlOf();
    const db = await getDb();
    const runId = id("released");
    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    await createRun(runId, { status: "running", lockedBy: "exec-a", lockedUntil: later, wake: 1 });
    expect(await releaseRun(sql, runId, "exec-b", { wake: 1, next: later, status: "sleeping", now })).toBeUndefined();
    expect(await releaseRun(sql, runId, "exec-a", { wake: 1, next: later, status: "sleeping", now })).toEqual(later);
    expect(await db.jobRun.findUnique({ where: { id: runId } })).toMatchObject({
      status: "sleeping",
      runAt: later,
      lockedBy: null,
      lockedUntil: null,
    });
    await db.jobRun.update({ where: { id: runId }, data: { lockedBy: "exec-a", wake: 2 } });
    expect(await releaseRun(sql, runId, "exec-a", { wake: 1, next: later, status: "waiting", now })).toEqual(now);
    await db.jobRun.update({ where: { id: runId }, data: { lockedBy: "exec-a", status: "cancelled" } });
    expect(await releaseRun(sql, runId, "exec-a", { wake: 2, next: later, status: "waiting", now })).toBeNull();
    expect(await db.jobRun.findUnique({ where: { id: runId } })).toMatchObject({ status: "cancelled", runAt: null, lockedBy: null });
  });
});

describe("named statements on the driver", () => {
  it("run again and again with any values, quotes and backslashes included", async () => {
    const awkward = ["plain", "it's", "back\\slash", "\\'", "E'x'", "'; DROP TABLE job_runs; --", "ünïcödé ✓", "", "$1", "\n"];
    const json = { quote: "'", backslash: "\\", nested: [null, true, 1.5, "\\'"] };
    const at = new Date("2026-01-02T03:04:05.678Z");
    for (let round = 0; round < 3; round++) {
      for (const text of awkward) {
        const [row] = await querySql<{ t: string; j: unknown; d: Date; a: string[]; e: string[]; n: number; b: boolean; z: string | null }>(
          "SELECT $1::text AS t, $2::jsonb AS j, $3::timestamptz AS d, $4::text[] AS a, $5::text[] AS e, $6::int + 1 AS n, NOT $7::boolean AS b, $8::text AS z",
          [text, json, at, [text, "x"], [], round, false, null],
          { name: "jobs_test_values" },
        );
        expect(row).toEqual({ t: text, j: json, d: at, a: [text, "x"], e: [], n: round + 1, b: true, z: null });
      }
    }
    expect(await getDb().then((db) => db.jobRun.count())).toBeGreaterThanOrEqual(0); // the table is still there
    await expect(querySql("SELECT 1", [], { name: "not a name" })).rejects.toThrow(/not a statement name/);
  });
});

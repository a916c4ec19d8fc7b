import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serve } from "inngest/next";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { getDb } from "@/lib/db";
import { PrismaClient } from "@/lib/db/generated/client";
import { createJobsClient } from "./client";
import { LocalExecutor } from "./executor";
import { openTestDatabase, waitFor, type TestDatabase } from "./executor/testing";

// Two executors, each with its own connection pool (as two processes would have), on one
// throwaway PostgreSQL database: every run is claimed by one of them at a time.
// Runs only when TEST_DATABASE_URL is set, e.g.
//   TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx vitest run lib/jobs
const enabled = Boolean(process.env.TEST_DATABASE_URL);

const client = createJobsClient("jobs-pg");
const bodies = new Map<string, number>();
const inFlight = new Map<string, number>();
let overlaps = 0;

const chain = client.createFunction({ id: "chain", triggers: [{ event: "pg/chain" }] }, async ({ event, step }) => {
  const key = String(event.data.i);
  const body = (name: string) => async () => {
    const now = (inFlight.get(key) ?? 0) + 1;
    inFlight.set(key, now);
    if (now > 1) overlaps++;
    bodies.set(`${key}:${name}`, (bodies.get(`${key}:${name}`) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 15));
    inFlight.set(key, (inFlight.get(key) ?? 1) - 1);
    return name;
  };
  const results = [await step.run("a", body("a")), await step.run("b", body("b")), await step.run("c", body("c"))];
  return results.join("");
});

const route = serve({ client, functions: [chain] });

describe.skipIf(!enabled)("two executors on one PostgreSQL database", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let secondDb: PrismaClient;
  let first: LocalExecutor;
  let second: LocalExecutor;

  beforeAll(async () => {
    database = await openTestDatabase({ postgres: true });
    pool = new pg.Pool({ connectionString: database.databaseUrl, max: 5 });
    // pool.end() resolves before its connections have closed, and the database's drop (WITH
    // FORCE) then ends them from the server: a pool without an error listener throws that as an
    // uncaught exception (as lib/db's own pool would, but for its listener).
    pool.on("error", () => {});
    secondDb = new PrismaClient({ adapter: new PrismaPg(pool) });
    first = new LocalExecutor({ route, concurrency: 4, retryBaseMs: 10 });
    second = new LocalExecutor({ route, db: secondDb, concurrency: 4, retryBaseMs: 10 });
  });

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await secondDb?.$disconnect();
    await pool?.end();
    await database?.close();
  });

  type Claiming = { claim(limit: number): Promise<{ id: string }[]> };
  const idsOf = (runs: { id: string }[]) => runs.map((run) => run.id);

  it("hands each due run to exactly one of two claimers racing for it", async () => {
    // Two executors that have synced, then stopped scheduling: their claim query, raced by hand.
    const x = new LocalExecutor({ route, concurrency: 1 });
    const y = new LocalExecutor({ route, db: secondDb, concurrency: 1 });
    await x.start();
    await y.start();
    await x.stop();
    await y.stop();
    const db = await getDb();
    const event = { id: "race", name: "pg/none", data: {}, ts: Date.now() };
    const ids = Array.from({ length: 30 }, (_, i) => `race-${i}`);
    await db.jobRun.createMany({
      data: ids.map((id) => ({
        id,
        functionId: "jobs-pg-chain",
        event,
        events: [event],
        maxAttempts: 1,
        runAt: new Date(Date.now() - 1000),
      })),
    });
    const claimed: string[] = [];
    for (let round = 0; round < 20 && claimed.length < ids.length; round++) {
      const [a, b] = await Promise.all([(x as unknown as Claiming).claim(3), (y as unknown as Claiming).claim(3)]);
      claimed.push(...idsOf(a), ...idsOf(b));
    }
    expect(claimed.sort()).toEqual([...ids].sort()); // all claimed, none twice
    // While their leases last, neither hands them out again.
    expect(await Promise.all([(x as unknown as Claiming).claim(30), (y as unknown as Claiming).claim(30)])).toEqual([[], []]);
    await db.jobRun.updateMany({
      where: { id: { in: ids } },
      data: { status: "cancelled", lockedBy: null, lockedUntil: null, runAt: null },
    });
  });

  it("never drives one run from both at once, and each step body runs once", async () => {
    const claimedBy = (executor: LocalExecutor) => {
      const claimed: string[] = [];
      const target = executor as unknown as Claiming;
      const original = target.claim.bind(executor);
      vi.spyOn(target, "claim").mockImplementation(async (limit: number) => {
        const runs = await original(limit);
        claimed.push(...idsOf(runs));
        return runs;
      });
      return claimed;
    };
    const claimsOfFirst = claimedBy(first);
    const claimsOfSecond = claimedBy(second);
    await first.start();
    await second.start();

    const runs = 40;
    await client.send(Array.from({ length: runs }, (_, i) => ({ name: "pg/chain", data: { i } })));
    const db = await getDb();
    await waitFor(async () => (await db.jobRun.count({ where: { functionId: "jobs-pg-chain", status: "completed" } })) === runs, {
      timeoutMs: 60_000,
      what: `${runs} completed runs`,
    });

    expect(overlaps).toBe(0);
    for (let i = 0; i < runs; i++) {
      expect([bodies.get(`${i}:a`), bodies.get(`${i}:b`), bodies.get(`${i}:c`)]).toEqual([1, 1, 1]);
    }
    const outputs = await db.jobRun.findMany({ where: { functionId: "jobs-pg-chain", status: "completed" }, select: { result: true } });
    expect(outputs.map((r) => r.result)).toEqual(Array.from({ length: runs }, () => ({ data: "abc" })));
    // Both took part, and no claim ever handed one run to both at the same time (checked above
    // by `overlaps`); a run is claimed again only after its holder released it.
    expect(claimsOfFirst.length).toBeGreaterThan(0);
    expect(claimsOfSecond.length).toBeGreaterThan(0);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serve } from "inngest/next";
import { closeDb, getDb } from "@/lib/db";
import { createJobsClient, inngest } from "./client";
import { getJobRun, LocalExecutor, startLocalExecutor, stopLocalExecutor } from "./executor";
import { gate, openTestDatabase, waitFor, type TestDatabase } from "./executor/testing";

const client = createJobsClient("jobs-restart");
const calls = new Map<string, number>();
const bump = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
const count = (key: string) => calls.get(key) ?? 0;

const firstStepStarted = gate();
const releaseFirstStep = gate();
const twoSteps = client.createFunction({ id: "two-steps", triggers: [{ event: "restart/two-steps" }] }, async ({ step }) => {
  const one = await step.run("one", async () => {
    bump("one");
    firstStepStarted.open();
    await releaseFirstStep.promise;
    return "first";
  });
  const two = await step.run("two", () => (bump("two"), `${one}+second`));
  return two;
});

const plain = client.createFunction({ id: "plain", triggers: [{ event: "restart/plain" }] }, async ({ step }) => {
  return step.run("only", () => (bump("plain"), "done"));
});

// Runs hold a slot until the test opens the gate; `inFlight` is how many bodies run at once.
const slotsGate = gate();
let inFlight = 0;
let maxInFlight = 0;
const slot = client.createFunction({ id: "slot", triggers: [{ event: "restart/slot" }] }, async ({ step }) => {
  await step.run("hold", async () => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await slotsGate.promise;
    inFlight--;
  });
});

const route = serve({ client, functions: [twoSteps, plain] });
const slotsClient = createJobsClient("jobs-slots");
const slotsRoute = serve({ client: slotsClient, functions: [slot] });

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe("restarts", () => {
  it("resumes a run after the executor stops mid-run and the database is reopened, without re-running finished steps", async () => {
    const first = new LocalExecutor({ route, retryBaseMs: 10 });
    await first.start();
    await client.send({ name: "restart/two-steps", data: {} });
    await firstStepStarted.promise;
    const stopping = first.stop(); // lets step "one" finish and saves it; claims nothing more
    releaseFirstStep.open();
    await stopping;

    const db = await getDb();
    const [paused] = await db.jobRun.findMany({ where: { functionId: "jobs-restart-two-steps" }, include: { steps: true } });
    expect(paused).toMatchObject({ status: "running", lockedBy: null });
    expect(paused!.steps.map((s) => [s.name, s.status])).toEqual([["one", "completed"]]);
    expect([count("one"), count("two")]).toEqual([1, 0]);

    // A new process: the database closed and reopened from disk, a new executor.
    await closeDb();
    await getDb();
    const second = new LocalExecutor({ route, retryBaseMs: 10 });
    await second.start();
    try {
      const run = await waitFor(
        async () => {
          const r = await getJobRun(paused!.id);
          return r?.status === "completed" ? r : undefined;
        },
        { what: "the run to complete" },
      );
      expect(run.output).toBe("first+second");
      expect([count("one"), count("two")]).toEqual([1, 1]);
    } finally {
      await second.stop();
    }
  });

  it("keeps events sent while no executor runs, and runs them when one starts", async () => {
    const before = count("plain");
    await client.send({ name: "restart/plain", data: { n: 1 } });
    const db = await getDb();
    expect(await db.jobEvent.count({ where: { name: "restart/plain", processedAt: null } })).toBe(1);
    const executor = new LocalExecutor({ route, retryBaseMs: 10 });
    await executor.start();
    try {
      await waitFor(async () => (await db.jobRun.count({ where: { functionId: "jobs-restart-plain", status: "completed" } })) === 1, {
        what: "the run",
      });
      expect(count("plain")).toBe(before + 1);
    } finally {
      await executor.stop();
    }
  });

  it("takes over runs leased by a process that died (embedded database)", async () => {
    const db = await getDb();
    // A run claimed by an executor that no longer exists, its lease far from expiring.
    await db.jobRun.create({
      data: {
        id: "orphaned-run",
        functionId: "jobs-restart-plain",
        status: "running",
        event: { id: "e-orphan", name: "restart/plain", data: {}, ts: Date.now() },
        events: [{ id: "e-orphan", name: "restart/plain", data: {}, ts: Date.now() }],
        maxAttempts: 4,
        runAt: new Date(),
        lockedBy: "dead-host:1:deadbeef",
        lockedUntil: new Date(Date.now() + 3_600_000),
      },
    });
    const executor = new LocalExecutor({ route, retryBaseMs: 10, reclaimStaleLeases: true });
    await executor.start();
    try {
      const run = await waitFor(
        async () => {
          const r = await getJobRun("orphaned-run");
          return r?.status === "completed" ? r : undefined;
        },
        { what: "the orphaned run to complete" },
      );
      expect(run.output).toBe("done");
      expect(count("plain")).toBe(2);
    } finally {
      await executor.stop();
    }
  });
});

describe("concurrency", () => {
  it("drives at most `concurrency` runs at once", async () => {
    const executor = new LocalExecutor({ route: slotsRoute, concurrency: 2, retryBaseMs: 10 });
    await executor.start();
    try {
      await slotsClient.send(Array.from({ length: 6 }, (_, i) => ({ name: "restart/slot", data: { i } })));
      const db = await getDb();
      await waitFor(() => inFlight === 2, { what: "two runs in flight" });
      // The other four are due but unclaimed while both slots are taken.
      await waitFor(
        async () => (await db.jobRun.count({ where: { functionId: "jobs-slots-slot", lockedBy: null, status: "queued" } })) === 4,
        {
          what: "four queued runs",
        },
      );
      expect(await db.jobRun.count({ where: { functionId: "jobs-slots-slot", lockedBy: executor.id } })).toBe(2);
      slotsGate.open();
      await waitFor(async () => (await db.jobRun.count({ where: { functionId: "jobs-slots-slot", status: "completed" } })) === 6, {
        what: "all six runs",
      });
      expect(maxInFlight).toBe(2);
    } finally {
      await executor.stop();
    }
  });
});

describe("modes", () => {
  afterEach(() => {
    for (const name of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY"]) delete process.env[name];
    vi.restoreAllMocks();
  });

  it("starts on the app's own route when no Inngest server is configured", async () => {
    const appRoute = () => import("@/app/api/inngest/route");
    const executor = await startLocalExecutor({ route: appRoute, retryBaseMs: 10 });
    try {
      expect(executor).toBeInstanceOf(LocalExecutor);
      expect(await startLocalExecutor({ route: appRoute })).toBe(executor); // one per process
      expect(executor!.functionIds).toEqual(expect.any(Array));
    } finally {
      await stopLocalExecutor();
    }
  });

  it("stays off, and inngest.send() goes to the configured server, when one is configured", async () => {
    Object.assign(process.env, {
      INNGEST_BASE_URL: "http://inngest.example.test:8288",
      INNGEST_EVENT_KEY: "test-event-key",
      INNGEST_SIGNING_KEY: "signkey-prod-abcdef",
    });
    expect(await startLocalExecutor({ route: () => import("@/app/api/inngest/route") })).toBeUndefined();
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ ids: ["01SERVERSIDEID"], status: 200 }));
    inngest.setEnvVars(); // the SDK reads its environment at construction and on each serve request
    const db = await getDb();
    const before = await db.jobEvent.count();
    const { ids } = await inngest.send({ name: "app/something.happened", data: { x: 1 } });
    expect(ids).toEqual(["01SERVERSIDEID"]);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe("http://inngest.example.test:8288/e/test-event-key");
    expect(await db.jobEvent.count()).toBe(before); // nothing stored locally
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RetryAfterError } from "inngest";
import { createDefer } from "inngest/experimental";
import { serve } from "inngest/next";
import { getDb } from "@/lib/db";
import { createJobsClient } from "./client";
import { cancelRun, getJobRun, LocalExecutor } from "./executor";
import { checkpointDispatches } from "./executor/registry";
import { gate, openTestDatabase, waitFor, type TestDatabase } from "./executor/testing";
import type { ServeRoute } from "./executor/protocol";

// Inngest's async checkpointing against the local executor: one request runs the steps of a
// sequential run, each reported to POST /v1/checkpoint/{run}/async (lib/jobs/client.ts) and
// stored at once, so an interrupted request resumes from them.
const client = createJobsClient("jobs-checkpoint");
const calls = new Map<string, number>();
const bump = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
const count = (key: string) => calls.get(key) ?? 0;

const three = client.createFunction({ id: "three", triggers: [{ event: "cp/three" }] }, async ({ step }) => {
  const a = await step.run("a", () => (bump("three:a"), 1));
  const b = await step.run("b", () => (bump("three:b"), a + 1));
  const c = await step.run("c", () => (bump("three:c"), b * 10));
  return { a, b, c };
});

const bStarted = [gate(), gate()];
const releaseB = [gate(), gate()];
const interrupted = client.createFunction({ id: "interrupted", triggers: [{ event: "cp/interrupted" }] }, async ({ step }) => {
  const a = await step.run("a", () => (bump("interrupted:a"), "A"));
  const b = await step.run("b", async () => {
    bump("interrupted:b");
    const attempt = count("interrupted:b") - 1;
    bStarted[attempt]?.open();
    await releaseB[attempt]?.promise; // each attempt waits for the test
    return `B${attempt}`;
  });
  const c = await step.run("c", () => (bump("interrupted:c"), "C"));
  return a + b + c;
});

const firstStepStarted = gate();
const releaseFirstStep = gate();
const cancellable = client.createFunction({ id: "cancellable", triggers: [{ event: "cp/cancellable" }] }, async ({ step }) => {
  await step.run("first", async () => {
    bump("cancellable:first");
    firstStepStarted.open();
    await releaseFirstStep.promise;
  });
  await step.run("second", () => bump("cancellable:second"));
});

// The function throws between steps once (a function-level error): the retry starts from the
// steps checkpointed before it.
const wobbly = client.createFunction({ id: "wobbly", retries: 2, triggers: [{ event: "cp/wobbly" }] }, async ({ step }) => {
  const a = await step.run("a", () => (bump("wobbly:a"), "a"));
  bump("wobbly:between");
  if (count("wobbly:between") === 1) throw new Error("between steps");
  const b = await step.run("b", () => (bump("wobbly:b"), "b"));
  return a + b;
});

const quick = client.createFunction({ id: "quick", triggers: [{ event: "cp/quick" }] }, async ({ step }) => {
  await step.run("only", () => bump("quick"));
  await step.sleep("pause", "1s");
  return "done";
});

// Two steps in parallel ("p" asks to be retried in an hour at its first attempt), then two
// sequential steps, each noting the request it ran in.
const ranIn = new Map<string, number>();
const fanOut = client.createFunction({ id: "fan-out", retries: 2, triggers: [{ event: "cp/fan-out" }] }, async ({ step }) => {
  await step.run("before", () => bump("fan-out:before"));
  const [p, q] = await Promise.all([
    step.run("p", () => {
      bump("fan-out:p");
      if (count("fan-out:p") === 1) throw new RetryAfterError("not yet", "1h");
      return "P";
    }),
    step.run("q", () => (bump("fan-out:q"), "Q")),
  ]);
  const r = await step.run("r", () => (bump("fan-out:r"), ranIn.set("r", requests), `${p}${q}R`));
  return step.run("s", () => (bump("fan-out:s"), ranIn.set("s", requests), `${r}S`));
});

// defer() rides along with the next checkpoint as a DeferAdd op, which the local executor refuses.
const later = createDefer(client, { id: "later" }, async () => bump("later"));
const deferring = client.createFunction({ id: "deferring", triggers: [{ event: "cp/deferring" }] }, async ({ step, defer }) => {
  defer("soon", { function: later, data: {} });
  await step.run("after-defer", () => bump("deferring:after"));
  await step.run("never", () => bump("deferring:never"));
});

const route = serve({
  client,
  functions: [three, interrupted, cancellable, wobbly, quick, fanOut, deferring, later],
}) as unknown as ServeRoute;
let requests = 0;
const counted: ServeRoute = {
  PUT: route.PUT,
  POST: (request: never) => {
    requests++;
    return route.POST(request);
  },
};

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function onlyRun(fn: string) {
  return waitFor(async () => (await (await getDb()).jobRun.findFirst({ where: { functionId: `jobs-checkpoint-${fn}` } })) ?? undefined, {
    what: `a run of ${fn}`,
  });
}

async function ended(runId: string) {
  return waitFor(
    async () => {
      const run = await getJobRun(runId);
      return run && ["completed", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    { what: `run ${runId} to end` },
  );
}

describe("checkpointing", () => {
  it("runs every step of a sequential run in one request, storing each as it completes", async () => {
    const executor = new LocalExecutor({ route: counted, retryBaseMs: 10 });
    await executor.start();
    try {
      const before = requests;
      await client.send({ name: "cp/three", data: {} });
      const run = await ended((await onlyRun("three")).id);
      expect(run).toMatchObject({ status: "completed", output: { a: 1, b: 2, c: 20 } });
      expect(requests - before).toBe(1);
      expect([count("three:a"), count("three:b"), count("three:c")]).toEqual([1, 1, 1]);
      const steps = await (await getDb()).jobStep.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
      expect(steps.map((s) => [s.name, s.status, s.seq, s.result])).toEqual([
        ["a", "completed", 0, { data: 1 }],
        ["b", "completed", 1, { data: 2 }],
        ["c", "completed", 2, { data: 20 }],
      ]);
      const row = await (await getDb()).jobRun.findUnique({ where: { id: run.id } });
      expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, runAt: null, stepCount: 3 });
    } finally {
      await executor.stop();
    }
  });

  it("resumes a run interrupted mid-request from its checkpointed steps, and stops the abandoned request", async () => {
    const first = new LocalExecutor({ route: counted, retryBaseMs: 10 });
    await first.start();
    const before = requests;
    await client.send({ name: "cp/interrupted", data: {} });
    await bStarted[0]!.promise;
    const { id } = await onlyRun("interrupted");
    // Step a is stored while the request that ran it, now running b, is still in flight.
    expect(requests - before).toBe(1);
    const db = await getDb();
    expect((await db.jobStep.findMany({ where: { runId: id } })).map((s) => [s.name, s.status, s.result])).toEqual([
      ["a", "completed", { data: "A" }],
    ]);

    // The first executor goes away without its request ending (as in a crash); another takes over.
    await first.stop({ timeoutMs: 10 });
    const second = new LocalExecutor({ route, retryBaseMs: 10, reclaimStaleLeases: true });
    await second.start();
    try {
      await bStarted[1]!.promise; // the second executor runs b again, a stays memoized
      expect(count("interrupted:a")).toBe(1);

      // The abandoned request's b ends while the second executor holds the run: its checkpoint is
      // refused (409), so nothing of it is stored and it runs nothing more.
      releaseB[0]!.open();
      const ofFirst = () => [...checkpointDispatches().keys()].filter((key) => key.startsWith(`${first.id}#`));
      await waitFor(() => ofFirst().length === 0, { what: "the abandoned request to end" });
      expect(count("interrupted:c")).toBe(0);
      expect((await db.jobStep.findMany({ where: { runId: id } })).map((s) => s.name)).toEqual(["a"]);

      releaseB[1]!.open();
      const run = await ended(id);
      expect(run).toMatchObject({ status: "completed", output: "AB1C" });
      expect([count("interrupted:a"), count("interrupted:b"), count("interrupted:c")]).toEqual([1, 2, 1]);
    } finally {
      await second.stop();
    }
  });

  it("stops a run cancelled while one of its steps runs before the next step", async () => {
    const executor = new LocalExecutor({ route, retryBaseMs: 10 });
    await executor.start();
    try {
      await client.send({ name: "cp/cancellable", data: {} });
      await firstStepStarted.promise;
      const { id } = await onlyRun("cancellable");
      expect(await cancelRun(id, "changed my mind")).toBe(true);
      releaseFirstStep.open();
      await waitFor(() => checkpointDispatches().size === 0, { what: "the request to end" });
      const run = await ended(id);
      expect(run).toMatchObject({ status: "cancelled", error: { message: "changed my mind" } });
      expect([count("cancellable:first"), count("cancellable:second")]).toEqual([1, 0]);
      const row = await (await getDb()).jobRun.findUnique({ where: { id } });
      expect(row?.lockedBy).toBeNull();
    } finally {
      await executor.stop();
    }
  });

  it("fails a run whose checkpoint carries an op the local executor does not support, and runs nothing more", async () => {
    const executor = new LocalExecutor({ route, retryBaseMs: 10 });
    await executor.start();
    try {
      await client.send({ name: "cp/deferring", data: {} });
      const run = await ended((await onlyRun("deferring")).id);
      expect(run.status).toBe("failed");
      expect(run.error?.message).toMatch(/does not support DeferAdd/);
      expect([count("deferring:after"), count("deferring:never"), count("later")]).toEqual([1, 0, 0]);
    } finally {
      await executor.stop();
    }
  });

  it("keeps the steps checkpointed before a function-level error for the retry", async () => {
    const executor = new LocalExecutor({ route, retryBaseMs: 10 });
    await executor.start();
    try {
      await client.send({ name: "cp/wobbly", data: {} });
      const run = await ended((await onlyRun("wobbly")).id);
      expect(run).toMatchObject({ status: "completed", output: "ab" });
      expect(count("wobbly:between")).toBeGreaterThanOrEqual(2); // code between steps runs in every request
      expect([count("wobbly:a"), count("wobbly:b")]).toEqual([1, 1]);
    } finally {
      await executor.stop();
    }
  });
});

describe("after parallel steps", () => {
  it("runs a planned step only by its own request, and the sequential steps that follow in one request", async () => {
    const executor = new LocalExecutor({ route: counted, retryBaseMs: 10 });
    await executor.start();
    try {
      await client.send({ name: "cp/fan-out", data: {} });
      const { id } = await onlyRun("fan-out");
      const db = await getDb();
      // q is stored and told to the function while p waits for its retry: that discovery must not run p.
      const waiting = await waitFor(
        async () => {
          const run = await db.jobRun.findUnique({ where: { id }, include: { steps: true } });
          const ready = run && run.lockedBy === null && run.stepCount === 2 && run.discoveredCount === 2;
          return ready ? run : undefined;
        },
        { what: "q stored and discovered, p waiting" },
      );
      expect(waiting.steps.find((s) => s.name === "p")).toMatchObject({ status: "planned", attempt: 1 });
      expect(count("fan-out:p")).toBe(1);
      await db.jobStep.updateMany({ where: { runId: id, name: "p" }, data: { runAt: new Date() } });
      await db.jobRun.update({ where: { id }, data: { runAt: new Date() } });
      executor.wake();
      const run = await ended(id);
      expect(run).toMatchObject({ status: "completed", output: "PQRS" });
      expect(["before", "p", "q", "r", "s"].map((n) => count(`fan-out:${n}`))).toEqual([1, 2, 1, 1, 1]);
      // Once p and q are stored, r and s run in one checkpointed request, not a plan and a run each.
      expect(ranIn.get("s")).toBe(ranIn.get("r"));
    } finally {
      await executor.stop();
    }
  });
});

describe("scheduling", () => {
  type Internals = { claim(limit: number): Promise<string[]>; passing: Promise<void> | undefined; active: Map<string, unknown> };

  it("does not look for work when a run's slot frees and nothing changed since a claim found no more", async () => {
    const executor = new LocalExecutor({ route, concurrency: 4, retryBaseMs: 10 });
    const internals = executor as unknown as Internals;
    const claims = vi.spyOn(internals, "claim");
    await executor.start();
    try {
      await client.send({ name: "cp/quick", data: {} });
      const { id } = await onlyRun("quick");
      // The run sleeps: released with its wake-up time, which only the timer can catch.
      await waitFor(async () => (await getJobRun(id))?.status === "sleeping", { what: "the run to sleep" });
      await waitFor(() => internals.active.size === 0 && internals.passing === undefined, { what: "the executor to settle" });
      const before = claims.mock.calls.length;
      expect(before).toBeGreaterThan(0);
      const run = await ended(id);
      expect(run).toMatchObject({ status: "completed", output: "done" });
      // Claims: the one the timer's pass made for the woken run, none for the freed slots.
      await waitFor(() => internals.active.size === 0 && internals.passing === undefined, { what: "the executor to settle" });
      expect(claims.mock.calls.length - before).toBe(1);
    } finally {
      await executor.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NonRetriableError } from "inngest";
import { serve } from "inngest/next";
import { getDb } from "@/lib/db";
import { createJobsClient, getLocalSigningKey } from "./client";
import { cancelRun, getJobRun, LocalExecutor } from "./executor";
import { callRoute, canonicalJson, LOCAL_SERVE_URL, signRequest, type ServeRoute } from "./executor/protocol";
import { gate, openTestDatabase, waitFor, type TestDatabase } from "./executor/testing";

// Test-only functions on their own client and serve route, driven by the local executor over the
// wire protocol exactly as the app's route is. Counters record how often each step body ran.
const client = createJobsClient("jobs-test");
const calls = new Map<string, number>();
const bump = (key: string) => calls.set(key, (calls.get(key) ?? 0) + 1);
const count = (key: string) => calls.get(key) ?? 0;
const seen: Record<string, unknown> = {};

const multi = client.createFunction({ id: "multi", triggers: [{ event: "test/multi" }] }, async ({ event, step }) => {
  const key = String(event.data.key);
  const a = await step.run("a", () => (bump(`multi:${key}:a`), 1));
  const b = await step.run("b", () => (bump(`multi:${key}:b`), a + 1));
  const c = await step.run("c", () => (bump(`multi:${key}:c`), b * 10));
  return { a, b, c };
});

const flaky = client.createFunction({ id: "flaky", retries: 3, triggers: [{ event: "test/flaky" }] }, async ({ step }) => {
  const value = await step.run("flaky", () => {
    bump("flaky");
    if (count("flaky") < 3) throw new Error(`transient failure ${count("flaky")}`);
    return "finally";
  });
  return { value };
});

const doomed = client.createFunction(
  {
    id: "doomed",
    retries: 1,
    triggers: [{ event: "test/doomed" }],
    onFailure: async ({ event, error }) => {
      bump("doomed:onFailure");
      seen.failure = { message: error.message, originalEvent: event.data.event.name, functionId: event.data.function_id };
    },
  },
  async ({ step }) => {
    await step.run("doomed", () => {
      bump("doomed");
      throw new Error("always broken");
    });
    bump("doomed:after"); // never reached
  },
);

// Code outside any step throws on the first request only: a function-level error, retried.
const shaky = client.createFunction({ id: "shaky", retries: 2, triggers: [{ event: "test/shaky" }] }, async ({ attempt, step }) => {
  bump("shaky:requests");
  if (count("shaky:requests") === 1) throw new Error("outside a step");
  return step.run("record-attempt", () => attempt);
});

const refused = client.createFunction({ id: "refused", retries: 5, triggers: [{ event: "test/refused" }] }, async ({ step }) => {
  await step.run("refuse", () => {
    bump("refused");
    throw new NonRetriableError("not worth retrying");
  });
});

// Each branch waits until all three have started (the executor calls the route once per
// branch, in-process): the run only completes if the branches run at once.
const allBranchesStarted = gate();
let branchesStarted = 0;
const parallel = client.createFunction({ id: "parallel", triggers: [{ event: "test/parallel" }] }, async ({ step }) => {
  const branch = (name: string) =>
    step.run(name, async () => {
      bump(`parallel:${name}`);
      if (++branchesStarted === 3) allBranchesStarted.open();
      await allBranchesStarted.promise;
      return name.toUpperCase();
    });
  const results = await Promise.all([branch("x"), branch("y"), branch("z")]);
  const joined = await step.run("join", () => (bump("parallel:join"), results.join("")));
  return { joined };
});

const sleeper = client.createFunction({ id: "sleeper", triggers: [{ event: "test/sleeper" }] }, async ({ step }) => {
  await step.run("before", () => bump("sleeper:before"));
  await step.sleep("nap", "1s");
  await step.run("after", () => bump("sleeper:after"));
  return "rested";
});

const waiter = client.createFunction({ id: "waiter", triggers: [{ event: "test/waiter" }] }, async ({ step }) => {
  const approval = await step.waitForEvent("approval", { event: "test/approved", match: "data.key", timeout: "1h" });
  return { approvedBy: approval?.data.by ?? null };
});

const child = client.createFunction({ id: "child", triggers: [{ event: "test/child-direct" }] }, async ({ event, step }) => {
  return step.run("double", () => Number(event.data.n) * 2);
});

const parent = client.createFunction({ id: "parent", triggers: [{ event: "test/parent" }] }, async ({ step }) => {
  const doubled = await step.invoke("call-child", { function: child, data: { n: 21 } });
  return { doubled };
});

const sender = client.createFunction({ id: "sender", triggers: [{ event: "test/sender" }] }, async ({ event, step }) => {
  await step.sendEvent("announce", { name: "test/announced", data: { key: event.data.key } });
  return "sent";
});

const listener = client.createFunction({ id: "listener", triggers: [{ event: "test/announced" }] }, async ({ event, step }) => {
  await step.run("hear", () => bump(`listener:${String(event.data.key)}`));
});

const napper = client.createFunction(
  { id: "napper", triggers: [{ event: "test/napper" }], cancelOn: [{ event: "test/napper.cancel", match: "data.key" }] },
  async ({ step }) => {
    await step.run("lie-down", () => bump("napper:lie-down"));
    await step.sleep("long-nap", "1h");
    await step.run("wake-up", () => bump("napper:wake-up"));
  },
);

const route: ServeRoute = serve({
  client,
  functions: [multi, flaky, doomed, shaky, refused, parallel, sleeper, waiter, child, parent, sender, listener, napper],
});

let database: TestDatabase;
let executor: LocalExecutor;

beforeAll(async () => {
  database = await openTestDatabase();
  executor = new LocalExecutor({ route, retryBaseMs: 10, retryMaxMs: 50 });
  await executor.start();
});

afterAll(async () => {
  await executor?.stop();
  await database?.close();
});

/** The runs of one test function, oldest first. */
async function runsOf(fn: string) {
  const db = await getDb();
  return db.jobRun.findMany({ where: { functionId: `jobs-test-${fn}` }, orderBy: { createdAt: "asc" } });
}

async function onlyRun(fn: string) {
  const [run] = await waitFor(
    async () => {
      const runs = await runsOf(fn);
      return runs.length > 0 ? runs : undefined;
    },
    { what: `a run of ${fn}` },
  );
  return run!;
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

describe("the local executor", () => {
  it("runs a multi-step function to completion, each step body once", async () => {
    await client.send({ name: "test/multi", data: { key: "k1" } });
    const run = await ended((await onlyRun("multi")).id);
    expect(run).toMatchObject({ status: "completed", output: { a: 1, b: 2, c: 20 } });
    expect([count("multi:k1:a"), count("multi:k1:b"), count("multi:k1:c")]).toEqual([1, 1, 1]);
    expect(run.steps.map((s) => [s.name, s.status])).toEqual([
      ["a", "completed"],
      ["b", "completed"],
      ["c", "completed"],
    ]);
  });

  it("retries a failing step with backoff until it succeeds", async () => {
    await client.send({ name: "test/flaky", data: {} });
    const run = await ended((await onlyRun("flaky")).id);
    expect(run).toMatchObject({ status: "completed", output: { value: "finally" } });
    expect(count("flaky")).toBe(3);
    const [step] = run.steps;
    expect(step).toMatchObject({ name: "flaky", status: "completed", attempt: 2 });
    expect(step!.lastError).toMatchObject({ message: "transient failure 2" });
  });

  it("fails a run whose step exhausts its retries, and runs onFailure exactly once", async () => {
    await client.send({ name: "test/doomed", data: {} });
    const run = await ended((await onlyRun("doomed")).id);
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "always broken" });
    expect(count("doomed")).toBe(2); // retries: 1 → two attempts
    expect(count("doomed:after")).toBe(0);
    const failureRun = await ended((await onlyRun("doomed-failure")).id);
    expect(failureRun.status).toBe("completed");
    // Everything the failure could trigger has been processed: still one handler run.
    await waitFor(async () => (await (await getDb()).jobEvent.count({ where: { processedAt: null } })) === 0, {
      what: "all events processed",
    });
    expect(await runsOf("doomed-failure")).toHaveLength(1);
    expect(count("doomed:onFailure")).toBe(1);
    expect(seen.failure).toEqual({ message: "always broken", originalEvent: "test/doomed", functionId: "jobs-test-doomed" });
  });

  it("retries a function-level error (thrown outside any step) as a new attempt", async () => {
    await client.send({ name: "test/shaky", data: {} });
    const run = await ended((await onlyRun("shaky")).id);
    expect(run).toMatchObject({ status: "completed", output: 1 }); // the step ran in attempt 1
  });

  it("does not retry a NonRetriableError", async () => {
    await client.send({ name: "test/refused", data: {} });
    const run = await ended((await onlyRun("refused")).id);
    expect(run).toMatchObject({ status: "failed", error: { message: "not worth retrying" } });
    expect(count("refused")).toBe(1);
  });

  it("runs parallel steps at once, then continues", async () => {
    await client.send({ name: "test/parallel", data: {} });
    const run = await ended((await onlyRun("parallel")).id);
    expect(run).toMatchObject({ status: "completed", output: { joined: "XYZ" } });
    expect(["x", "y", "z", "join"].map((n) => count(`parallel:${n}`))).toEqual([1, 1, 1, 1]);
    // More than one step reported at once: from then on steps are planned, then run (SDK_SPEC 5.5).
    const row = await (await getDb()).jobRun.findUnique({ where: { id: run.id } });
    expect(row?.disableImmediateExecution).toBe(true);
  });

  it("suspends a run on step.sleep and resumes it when the sleep is over", async () => {
    await client.send({ name: "test/sleeper", data: {} });
    const { id } = await onlyRun("sleeper");
    const sleeping = await waitFor(
      async () => {
        const run = await (await getDb()).jobRun.findUnique({ where: { id }, include: { steps: true } });
        return run?.status === "sleeping" ? run : undefined;
      },
      { what: "the run to sleep" },
    );
    const nap = sleeping.steps.find((s) => s.name === "nap");
    expect(nap).toMatchObject({ op: "Sleep", status: "sleeping" });
    expect(nap!.runAt!.getTime()).toBeGreaterThan(sleeping.steps.find((s) => s.name === "before")!.updatedAt.getTime());
    expect(sleeping.lockedBy).toBeNull();
    expect(count("sleeper:after")).toBe(0);
    const run = await ended(id);
    expect(run).toMatchObject({ status: "completed", output: "rested" });
    expect([count("sleeper:before"), count("sleeper:after")]).toEqual([1, 1]);
  });

  it("resumes step.waitForEvent with the matching event only", async () => {
    await client.send({ name: "test/waiter", data: { key: "w1" } });
    const { id } = await onlyRun("waiter");
    await waitFor(async () => (await getJobRun(id))?.status === "waiting", { what: "the run to wait" });
    await client.send({ name: "test/approved", data: { key: "someone-else", by: "mallory" } });
    await client.send({ name: "test/approved", data: { key: "w1", by: "alice" } });
    const run = await ended(id);
    expect(run).toMatchObject({ status: "completed", output: { approvedBy: "alice" } });
  });

  it("runs step.invoke as a child run and hands its result back", async () => {
    await client.send({ name: "test/parent", data: {} });
    const run = await ended((await onlyRun("parent")).id);
    expect(run).toMatchObject({ status: "completed", output: { doubled: 42 } });
    const [childRun] = await runsOf("child");
    expect(childRun).toMatchObject({ status: "completed", parentRunId: run.id });
  });

  it("delivers step.sendEvent events to the functions they trigger", async () => {
    await client.send({ name: "test/sender", data: { key: "s1" } });
    const run = await ended((await onlyRun("listener")).id);
    expect(run.status).toBe("completed");
    expect(count("listener:s1")).toBe(1);
  });

  it("starts one run for two events with the same id", async () => {
    await client.send({ id: "dedupe-me", name: "test/multi", data: { key: "dup" } });
    await client.send({ id: "dedupe-me", name: "test/multi", data: { key: "dup" } });
    await waitFor(async () => (await (await getDb()).jobEvent.count({ where: { processedAt: null } })) === 0, {
      what: "all events processed",
    });
    const runs = (await runsOf("multi")).filter((r) => (r.event as { data: { key: string } }).data.key === "dup");
    expect(runs).toHaveLength(1);
    await ended(runs[0]!.id);
    expect(count("multi:dup:a")).toBe(1);
  });

  it("cancels a sleeping run with cancelRun, and another by a cancelOn event", async () => {
    await client.send([
      { name: "test/napper", data: { key: "n1" } },
      { name: "test/napper", data: { key: "n2" } },
    ]);
    const sleepingRuns = await waitFor(
      async () => {
        const runs = await runsOf("napper");
        return runs.length === 2 && runs.every((r) => r.status === "sleeping") ? runs : undefined;
      },
      { what: "both runs to sleep" },
    );
    const byKey = (key: string) => sleepingRuns.find((r) => (r.event as { data: { key: string } }).data.key === key)!;

    expect(await cancelRun(byKey("n1").id, "no longer needed")).toBe(true);
    expect(await cancelRun(byKey("n1").id)).toBe(false); // already ended
    await client.send({ name: "test/napper.cancel", data: { key: "n2" } });

    const first = await ended(byKey("n1").id);
    const second = await ended(byKey("n2").id);
    expect(first).toMatchObject({ status: "cancelled", error: { message: "no longer needed" } });
    expect(second.status).toBe("cancelled");
    expect(count("napper:lie-down")).toBe(2);
    expect(count("napper:wake-up")).toBe(0);
    const cancelledEvents = await (await getDb()).jobEvent.count({ where: { name: "inngest/function.cancelled" } });
    expect(cancelledEvents).toBe(2);
  });
});

describe("the serve route's signature check", () => {
  const body = {
    event: { name: "test/multi", data: { key: "forged" }, id: "forged", ts: Date.now() },
    events: [{ name: "test/multi", data: { key: "forged" }, id: "forged", ts: Date.now() }],
    steps: {},
    ctx: {
      run_id: "forged-run",
      attempt: 0,
      max_attempts: 4,
      disable_immediate_execution: false,
      use_api: false,
      stack: { stack: [], current: 0 },
    },
  };

  async function post(signature: string | undefined, payload: unknown = body): Promise<Response> {
    const text = canonicalJson(payload);
    const url = new URL(LOCAL_SERVE_URL);
    url.searchParams.set("fnId", "jobs-test-multi");
    url.searchParams.set("stepId", "step");
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature !== undefined) headers["x-inngest-signature"] = signature;
    return (await route.POST(new Request(url, { method: "POST", body: text, headers }) as never)) as Response;
  }

  it("refuses a request with a bad, missing or expired signature, before running anything", async () => {
    const text = canonicalJson(body);
    const key = getLocalSigningKey();
    const cases: [string, string | undefined][] = [
      ["wrong key", signRequest(text, "signkey-prod-0000000000000000000000000000000000000000000000000000000000000000")],
      ["no signature", undefined],
      ["garbage", "nonsense"],
      ["another body", signRequest(canonicalJson({ ...body, steps: { x: { data: 1 } } }), key)],
      ["expired", signRequest(text, key, Date.now() - 10 * 60_000)],
    ];
    for (const [, signature] of cases) {
      expect((await post(signature)).status).toBe(401);
    }
    expect(count("multi:forged:a")).toBe(0);
  });

  it("refuses an in-band sync with a bad signature", async () => {
    const answer = await callRoute(route, {
      method: "PUT",
      body: { url: LOCAL_SERVE_URL },
      signingKey: "signkey-prod-1111111111111111111111111111111111111111111111111111111111111111",
      headers: { "x-inngest-sync-kind": "in_band" },
    });
    expect(answer.status).toBe(401);
    expect(answer.text).not.toContain("jobs-test-multi");
  });

  it("accepts the same request correctly signed", async () => {
    const response = await post(signRequest(canonicalJson(body), getLocalSigningKey()));
    expect(response.status).toBe(206);
    expect(count("multi:forged:a")).toBe(1);
  });
});

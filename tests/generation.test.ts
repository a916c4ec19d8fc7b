import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAnswer, startFakeOpenAI, type FakeOpenAIServer } from "@/lib/ai/testing/fake-openai-server";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { verifyWebhook } from "@/lib/webhooks";
import { waitFor } from "@/lib/jobs/executor/testing";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { bootstrapThrough, startServerProcess, type ServerProcess } from "./support/server-process";
import { startTestServer, type TestServer } from "./support/test-server";

// Issue 5's acceptance, end to end over HTTP on the embedded default with no external service:
// async live generation on the local provider, signed webhooks with retries, failure, restart.

interface Received {
  headers: http.IncomingHttpHeaders;
  raw: string;
}

/** A webhook receiver on loopback whose answers the test scripts (then 200). */
async function startReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, raw });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer({ env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_RETRY_BASE_MS: "50", JOBS_RETRY_BASE_MS: "50" } });
  api = apiClient(server.url);
});

afterAll(async () => {
  await server?.close();
});

async function subscribe(app: Bootstrap, url: string): Promise<string> {
  const hook = await api.post(`/v1/apps/${app.appId}/webhooks`, { url }, app.userToken);
  expect(hook.status).toBe(201);
  return hook.body.secret as string;
}

async function pollJob(app: Bootstrap, jobId: string, until: (job: any) => boolean) {
  const seen: any[] = [];
  const job = await waitFor(
    async () => {
      const res = await api.get(`/v1/jobs/${jobId}`, app.keys.sk_live);
      seen.push(res.body);
      return until(res.body) ? res.body : undefined;
    },
    { timeoutMs: 60_000, intervalMs: 10, what: `job ${jobId}` },
  );
  return { job, seen };
}

describe("async live generation", () => {
  it("goes queued → running → succeeded with rising progress and a verified webhook", async () => {
    const app = await bootstrap();
    const receiver = await startReceiver();
    const secret = await subscribe(app, receiver.url);
    try {
      const created = await api.post(
        "/v1/worlds",
        { premise: "A lighthouse keeper trades storms with a sea witch", async: true },
        app.keys.sk_live,
      );
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ kind: "world", status: "queued", progress: 0, worldId: null, campaignId: null, error: null });

      const { job, seen } = await pollJob(app, created.body.jobId, (j) => j.status === "succeeded");
      expect(job.progress).toBe(1);
      expect(job.worldId).toEqual(expect.any(String));
      const progress = seen.map((j) => j.progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(seen.some((j) => j.status === "running")).toBe(true);

      const world = await api.get(`/v1/worlds/${job.worldId}`, app.keys.sk_live);
      expect(world.status).toBe(200);
      expect(world.body.source).toBe("local");

      const delivery = await waitFor(() => receiver.received[0], { what: "the webhook" });
      const event = verifyWebhook(delivery.raw, String(delivery.headers["service-signature"]), secret);
      expect(event).toMatchObject({
        type: "world.generation.succeeded",
        appId: app.appId,
        data: { worldId: job.worldId, jobId: created.body.jobId },
      });
      expect(delivery.headers["service-event"]).toBe("world.generation.succeeded");
    } finally {
      await receiver.close();
    }
  });

  it("delivers the same event id again to a receiver that answered 500 first", async () => {
    const app = await bootstrap();
    const receiver = await startReceiver([500]);
    await subscribe(app, receiver.url);
    try {
      const created = await api.post("/v1/worlds", { premise: "Two rival bakers share one oven", async: true }, app.keys.sk_live);
      await pollJob(app, created.body.jobId, (j) => j.status === "succeeded");
      await waitFor(() => receiver.received.length >= 2, { what: "the retried webhook" });
      const [first, second] = receiver.received.map((r) => JSON.parse(r.raw));
      expect(second.id).toBe(first.id);
      expect(second.id).toMatch(/^evt_/);
    } finally {
      await receiver.close();
    }
  });

  it("tries a receiver that always fails exactly 3 times", async () => {
    const app = await bootstrap();
    const receiver = await startReceiver([500, 500, 500, 500, 500]);
    await subscribe(app, receiver.url);
    try {
      const created = await api.post("/v1/worlds", { premise: "A clock that runs backwards", async: true }, app.keys.sk_live);
      await pollJob(app, created.body.jobId, (j) => j.status === "succeeded");
      const hooks = (await api.get(`/v1/apps/${app.appId}/webhooks`, app.userToken)).body.webhooks;
      await waitFor(
        async () => {
          const log = await api.get(`/v1/apps/${app.appId}/webhooks/${hooks[0].id}/deliveries`, app.userToken);
          return log.body.deliveries?.[0]?.state === "failed";
        },
        { what: "the delivery to give up" },
      );
      expect(receiver.received).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it("is synchronous for test keys even with async: true", async () => {
    const app = await bootstrap();
    const res = await api.post("/v1/worlds", { premise: "x", async: true }, app.keys.sk_test);
    expect(res.status).toBe(200);
    expect(res.body.mock).toBe(true);
  });

  it("cancels a queued or running job and refuses to cancel an ended one", async () => {
    const app = await bootstrap();
    const created = await api.post("/v1/worlds", { premise: "Cancel me", async: true }, app.keys.sk_live);
    const cancelled = await api.post(`/v1/jobs/${created.body.jobId}/cancel`, {}, app.keys.sk_live);
    if (cancelled.status === 200) {
      expect(cancelled.body.status).toBe("cancelled");
      // The unit comes back once the job has stopped.
      await waitFor(async () => (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used === 0, {
        what: "the quota to come back",
      });
    } else {
      // The job won the race and finished first.
      expect(cancelled.status).toBe(409);
    }
    const again = await api.post(`/v1/jobs/${created.body.jobId}/cancel`, {}, app.keys.sk_live);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
    expect((await api.get(`/v1/jobs/${created.body.jobId}`, app.keys.sk_test)).status).toBe(404);
  });
});

describe("a failing generation", () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    delete process.env.AI_BASE_URL;
    delete process.env.AI_MODEL;
    (await import("@/lib/config/env")).resetEnvCache();
    await fake.close();
  });

  it("ends failed, fires world.generation.failed and gives the quota back", async () => {
    // No transport retries: each of the job's attempts fails at once instead of after 2 + 4 s.
    Object.assign(process.env, { AI_BASE_URL: fake.baseURL, AI_MODEL: "fake", AI_MAX_ATTEMPTS: "1", AI_TRANSPORT_RETRIES: "0" });
    (await import("@/lib/config/env")).resetEnvCache();
    // Nothing queued: the fake answers 500 to everything.
    const app = await bootstrap();
    const receiver = await startReceiver();
    const secret = await subscribe(app, receiver.url);
    try {
      const created = await api.post("/v1/worlds", { premise: "Doomed", async: true }, app.keys.sk_live);
      expect(created.status).toBe(202);
      expect((await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used).toBe(1);
      const { job } = await pollJob(app, created.body.jobId, (j) => j.status === "failed");
      expect(job.error).toEqual(expect.any(String));
      expect(job.worldId).toBeNull();
      const delivery = await waitFor(() => receiver.received[0], { what: "the failure webhook" });
      expect(verifyWebhook(delivery.raw, String(delivery.headers["service-signature"]), secret)).toMatchObject({
        type: "world.generation.failed",
        data: { jobId: created.body.jobId, error: expect.any(String) },
      });
      expect((await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used).toBe(0);
    } finally {
      await receiver.close();
      delete process.env.AI_MAX_ATTEMPTS;
      delete process.env.AI_TRANSPORT_RETRIES;
    }
  });
});

describe("a server killed mid-job", () => {
  let fake: FakeOpenAIServer;
  let child: ServerProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-kill-"));

  const serverEnv = (): Record<string, string> => ({
    AI_BASE_URL: fake.baseURL,
    AI_MODEL: "fake",
    AI_MAX_ATTEMPTS: "1",
    JOBS_RETRY_BASE_MS: "50",
    JOBS_LEASE_MS: "1000",
  });

  beforeAll(async () => {
    fake = await startFakeOpenAI();
  });
  afterAll(async () => {
    await child?.kill();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("still ends the job succeeded after a restart", async () => {
    // The author's first call never answers; the server is killed while it waits.
    fake.chat.push({ hang: true });
    const first = await startServerProcess(dataDir, serverEnv());
    child = first;
    const boot = (await bootstrapThrough(first.url, dataDir)) as Bootstrap;
    const remote = apiClient(first.url);
    const created = await remote.post("/v1/worlds", { premise: "A heist in a floating library", async: true }, boot.keys.sk_live);
    expect(created.status).toBe(202);
    await waitFor(() => fake.requests.some((r) => r.path.endsWith("/chat/completions")), { what: "the author call" });
    await first.kill();

    // The next answer is a good world.
    fake.chat.push(chatAnswer(JSON.stringify({ world: makeSmallWorld() })));
    const second = await startServerProcess(dataDir, serverEnv());
    child = second;
    const job = await waitFor(
      async () => {
        const res = await apiClient(second.url).get(`/v1/jobs/${created.body.jobId}`, boot.keys.sk_live);
        return res.body.status === "succeeded" ? res.body : undefined;
      },
      { timeoutMs: 180_000, what: "the job to finish after the restart" },
    );
    expect(job.progress).toBe(1);
    expect((await apiClient(second.url).get(`/v1/worlds/${job.worldId}`, boot.keys.sk_live)).status).toBe(200);
    second.process.kill("SIGTERM");
  }, 240_000);
});

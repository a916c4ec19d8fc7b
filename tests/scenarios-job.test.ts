import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import type { StepRunner } from "@/lib/generation/pipeline";
import { waitFor } from "@/lib/jobs/executor/testing";
import { ZCreateBatchBody } from "@/lib/scenarios/requests";
import { runBatchJob } from "@/lib/scenarios/run";
import { insertBatch } from "@/lib/scenarios/store";
import { startReceiver } from "./support/campaigns";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { charges, importLighthouse, LIGHTHOUSE_CLIPS, lighthouseWorld } from "./support/scenarios";
import { withTestServer, type ApiClient } from "./support/suite";

// Issue 15's acceptance for the batch job over HTTP, on the embedded default: the local painter
// for live keys, the mock for test keys, the in-app executor.

let api: ApiClient;
const receivers: { close(): Promise<void> }[] = [];

withTestServer(
  async (_server, client) => {
    api = client;
  },
  { env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_RETRY_BASE_MS: "20", JOBS_RETRY_BASE_MS: "20" } },
);
afterAll(async () => {
  for (const r of receivers) await r.close();
});

type Clip = {
  clipId: string;
  index: number;
  status: string;
  charged: boolean;
  verification: { pass: boolean; checks: { name: string; pass: boolean }[] } | null;
  frames: string[];
  preview: string | null;
  error: string | null;
};

async function pollBatch(key: string, id: string, until: (b: any) => boolean, timeoutMs = 240_000) {
  return waitFor(
    async () => {
      const res = await api.get(`/v1/scenario-batches/${id}`, key);
      expect(res.status).toBe(200);
      return until(res.body) ? res.body : undefined;
    },
    { timeoutMs, intervalMs: 50, what: `scenario batch ${id}` },
  );
}

async function submit(key: string, body: Record<string, unknown>) {
  const res = await api.post("/v1/scenario-batches", body, key);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.batchId as string;
}

const TWENTY = Array.from({ length: 20 }, (_, i) => LIGHTHOUSE_CLIPS[i % LIGHTHOUSE_CLIPS.length]!);

describe("a 20-clip live batch with mixed expectations", () => {
  it("ends every clip as its checks imply, charges each accepted clip once and nothing else, and says so in usage and a webhook", async () => {
    const app = await bootstrap();
    const hooks = await startReceiver();
    receivers.push(hooks);
    expect(
      (await api.post(`/v1/apps/${app.appId}/webhooks`, { url: hooks.url, events: ["scenario.batch.completed"] }, app.userToken)).status,
    ).toBe(201);
    const worldId = await importLighthouse(api, app.keys.sk_live);
    const batchId = await submit(app.keys.sk_live, {
      worldId,
      name: "Lighthouse",
      clips: TWENTY.map((c, i) => ({ ...c.spec, customId: `c${i}` })),
    });

    const done = await pollBatch(app.keys.sk_live, batchId, (b) => b.status === "completed");
    const clips = done.clips as Clip[];
    const expected = TWENTY.map((c) => (c.passes ? "accepted" : "rejected"));
    expect(clips.map((c) => c.status)).toEqual(expected);
    for (const [i, clip] of clips.entries()) {
      expect(clip.verification?.pass, `clip ${i}: ${TWENTY[i]!.why}`).toBe(TWENTY[i]!.passes);
      expect(clip.frames.length).toBeGreaterThan(1);
      expect(clip.preview).toMatch(/\.gif$/);
      expect(clip.charged).toBe(clip.status === "accepted");
    }
    const accepted = clips.filter((c) => c.status === "accepted");
    expect(done).toMatchObject({
      itemsTotal: 20,
      itemsDone: 20,
      counts: { accepted: accepted.length, rejected: 20 - accepted.length, failed: 0, pendingReview: 0, cancelled: 0 },
    });

    // The ledger: one charge per accepted clip, none for the others; the day's total says the same.
    const ledger = await charges(app);
    expect(ledger.clipIds).toEqual(accepted.map((c) => c.clipId).sort());
    expect(ledger).toMatchObject({ modes: ["live"], ledger: accepted.length });
    expect((await api.get("/v1/usage", app.keys.sk_live)).body.billing.scenarioClips).toBe(accepted.length);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.billing.scenarioClips).toBe(0);

    // The job's record, and the webhook, once.
    const db = await getDb();
    const batchRow = await db.scenarioBatch.findUniqueOrThrow({ where: { id: batchId } });
    expect((await api.get(`/v1/jobs/${batchRow.jobId}`, app.keys.sk_live)).body).toMatchObject({
      kind: "scenario_batch",
      status: "succeeded",
      progress: 1,
      worldId,
    });
    const hook = await waitFor(async () => hooks.bodies.find((b) => b.type === "scenario.batch.completed"), {
      timeoutMs: 30_000,
      what: "the webhook",
    });
    expect(hook.data).toEqual({ batchId, accepted: accepted.length, rejected: 20 - accepted.length, failed: 0 });
    expect(hooks.bodies.filter((b) => b.type === "scenario.batch.completed")).toHaveLength(1);
  }, 300_000);
});

describe("a test-mode batch", () => {
  it("runs with the mock painter and never touches the ledger", async () => {
    const app = await bootstrap();
    const worldId = await importLighthouse(api, app.keys.sk_test);
    const batchId = await submit(app.keys.sk_test, { worldId, clips: TWENTY.slice(0, 7).map((c) => c.spec) });
    const done = await pollBatch(app.keys.sk_test, batchId, (b) => b.status === "completed");
    expect(done.counts.accepted).toBeGreaterThan(0);
    expect((done.clips as Clip[]).every((c) => !c.charged)).toBe(true);
    expect(await charges(app)).toEqual({ clipIds: [], modes: [], ledger: 0 });
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.billing.scenarioClips).toBe(0);
  }, 120_000);
});

describe("manual review", () => {
  it("leaves passing clips pending; accept charges once, a second accept is 409 and charges nothing, reject charges nothing", async () => {
    const app = await bootstrap();
    const key = app.keys.sk_live;
    const worldId = await importLighthouse(api, key);
    const specs = [LIGHTHOUSE_CLIPS[0]!, LIGHTHOUSE_CLIPS[1]!, LIGHTHOUSE_CLIPS[2]!].map((c) => c.spec);
    const batchId = await submit(key, { worldId, review: "manual", clips: specs });
    const done = await pollBatch(key, batchId, (b) => b.status === "completed");
    const [first, second, third] = done.clips as Clip[];
    expect([first!.status, second!.status, third!.status]).toEqual(["pending_review", "pending_review", "rejected"]);
    expect(done.counts).toMatchObject({ pendingReview: 2, rejected: 1 });
    expect(await charges(app)).toEqual({ clipIds: [], modes: [], ledger: 0 });

    const clipPath = (clip: Clip, verb: string) => `/v1/scenario-batches/${batchId}/clips/${clip.clipId}/${verb}`;
    const accepted = await api.post(clipPath(first!, "accept"), {}, key);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ clipId: first!.clipId, status: "accepted", charged: true });
    expect(await charges(app)).toEqual({ clipIds: [first!.clipId], modes: ["live"], ledger: 1 });

    const again = await api.post(clipPath(first!, "accept"), {}, key);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
    // Both at once: one wins, the other is 409; still one charge.
    const raced = await Promise.all([api.post(clipPath(second!, "accept"), {}, key), api.post(clipPath(second!, "accept"), {}, key)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await charges(app)).ledger).toBe(2);

    expect((await api.post(clipPath(first!, "reject"), {}, key)).status).toBe(409);
    expect((await api.post(clipPath(third!, "accept"), {}, key)).status).toBe(409);
    expect((await charges(app)).clipIds).toEqual([first!.clipId, second!.clipId].sort());

    const after = (await api.get(`/v1/scenario-batches/${batchId}`, key)).body;
    expect(after.counts).toMatchObject({ accepted: 2, pendingReview: 0, rejected: 1 });
    expect((await api.get("/v1/usage", key)).body.billing.scenarioClips).toBe(2);
  }, 240_000);

  it("reject moves a pending clip to rejected and charges nothing; an auto batch's clips cannot be reviewed", async () => {
    const app = await bootstrap();
    const key = app.keys.sk_live;
    const worldId = await importLighthouse(api, key);
    const manual = await submit(key, { worldId, review: "manual", clips: [LIGHTHOUSE_CLIPS[0]!.spec] });
    const auto = await submit(key, { worldId, clips: [LIGHTHOUSE_CLIPS[0]!.spec] });
    const [pending] = (await pollBatch(key, manual, (b) => b.status === "completed")).clips as Clip[];
    const rejected = await api.post(`/v1/scenario-batches/${manual}/clips/${pending!.clipId}/reject`, {}, key);
    expect(rejected.body).toMatchObject({ status: "rejected", charged: false });
    expect((await api.post(`/v1/scenario-batches/${manual}/clips/${pending!.clipId}/reject`, {}, key)).status).toBe(409);
    const [autoClip] = (await pollBatch(key, auto, (b) => b.status === "completed")).clips as Clip[];
    expect(autoClip!.status).toBe("accepted");
    for (const verb of ["accept", "reject"])
      expect((await api.post(`/v1/scenario-batches/${auto}/clips/${autoClip!.clipId}/${verb}`, {}, key)).status).toBe(409);
    expect((await charges(app)).clipIds).toEqual([autoClip!.clipId]);
  }, 240_000);
});

describe("cancel mid-batch", () => {
  it("stops rendering; no cancelled clip is charged; a second cancel is 409", async () => {
    const app = await bootstrap();
    const key = app.keys.sk_live;
    const worldId = await importLighthouse(api, key);
    const specs = Array.from({ length: 12 }, () => LIGHTHOUSE_CLIPS[1]!.spec);
    const batchId = await submit(key, { worldId, clips: specs });
    await pollBatch(key, batchId, (b) => b.itemsDone >= 1);
    const cancelled = await api.post(`/v1/scenario-batches/${batchId}/cancel`, {}, key);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect((await api.post(`/v1/scenario-batches/${batchId}/cancel`, {}, key)).status).toBe(409);

    // Whatever was rendering when the cancel came ends, and nothing moves after that.
    const jobId = (await (await getDb()).scenarioBatch.findUniqueOrThrow({ where: { id: batchId } })).jobId;
    await waitFor(
      async () =>
        (await (await getDb()).jobRun.findMany({ where: { event: { path: ["data", "batchId"], equals: batchId } } })).every((r) =>
          ["completed", "cancelled", "failed"].includes(r.status),
        )
          ? true
          : undefined,
      {
        timeoutMs: 60_000,
        what: "the run to end",
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const final = (await api.get(`/v1/scenario-batches/${batchId}`, key)).body;
    const clips = final.clips as Clip[];
    expect(final.status).toBe("cancelled");
    expect(clips.some((c) => c.status === "cancelled")).toBe(true);
    expect(clips.every((c) => c.status === "accepted" || c.status === "cancelled")).toBe(true);
    for (const clip of clips) expect(clip.charged).toBe(clip.status === "accepted");
    expect((await charges(app)).clipIds).toEqual(
      clips
        .filter((c) => c.status === "accepted")
        .map((c) => c.clipId)
        .sort(),
    );
    expect((await api.get(`/v1/jobs/${jobId}`, key)).body.status).toBe("cancelled");
  }, 240_000);
});

/**
 * Steps as an engine runs them: memoized once they return; the ids in `loseResultOf` lose their
 * first result (the step did its work, then the process died before the engine recorded it).
 */
function engineSteps(loseResultOf: string[] = []) {
  const memo = new Map<string, unknown>();
  const runs = new Map<string, number>();
  const steps: StepRunner = {
    async run<T>(id: string, work: () => Promise<T>): Promise<T> {
      if (memo.has(id)) return memo.get(id) as T;
      for (;;) {
        runs.set(id, (runs.get(id) ?? 0) + 1);
        const result = JSON.parse(JSON.stringify((await work()) ?? null)) as T;
        if (loseResultOf.includes(id) && runs.get(id) === 1) continue;
        memo.set(id, result);
        return result;
      }
    },
  };
  return { steps, runs };
}

/** A live batch stored as POST stores it, but not queued: the test runs the job itself. */
async function storedBatch(app: Bootstrap, specs: Record<string, unknown>[], graph = lighthouseWorld()) {
  const body = ZCreateBatchBody.parse({ worldId: "00000000-0000-4000-8000-000000000001", clips: specs });
  return insertBatch(
    { appId: app.appId, mode: "live" },
    { world: { id: body.worldId, rev: "r1", graph }, body, baseUrl: "http://localhost" },
  );
}

describe("the job's steps run twice", () => {
  it("charge each accepted clip once, and a replay of the whole job renders and charges nothing more", async () => {
    const app = await bootstrap();
    const batch = await storedBatch(app, [LIGHTHOUSE_CLIPS[0]!.spec, LIGHTHOUSE_CLIPS[2]!.spec, LIGHTHOUSE_CLIPS[5]!.spec]);
    const lost = ["start", "clips-0-1", "clips-2", "complete"];
    const { steps, runs } = engineSteps(lost);
    expect(await runBatchJob(batch.id, steps)).toEqual({ completed: true });
    for (const id of lost) expect(runs.get(id), id).toBe(2);
    const ledger = await charges(app);
    expect(ledger.ledger).toBe(2);
    expect(ledger.clipIds).toEqual([batch.clips[0]!.id, batch.clips[2]!.id].sort());

    const replay = engineSteps();
    expect(await runBatchJob(batch.id, replay.steps)).toEqual({ ended: "completed" });
    expect((await charges(app)).ledger).toBe(2);
  }, 120_000);

  it("a clip that cannot render ends failed, never charged; the others go on", async () => {
    const app = await bootstrap();
    // The stored graph lost the cellar: the counterfactual clip can no longer be rendered.
    const graph = lighthouseWorld();
    delete graph.scene.states.cellar;
    graph.scene.events = graph.scene.events.filter((e) => e.from !== "cellar");
    const batch = await storedBatch(app, [LIGHTHOUSE_CLIPS[5]!.spec, LIGHTHOUSE_CLIPS[0]!.spec], graph);
    const { steps } = engineSteps();
    expect(await runBatchJob(batch.id, steps)).toEqual({ completed: true });
    const db = await getDb();
    const clips = await db.scenarioClip.findMany({ where: { batchId: batch.id }, orderBy: { index: "asc" } });
    expect(clips.map((c) => [c.status, c.chargedAt !== null])).toEqual([
      ["failed", false],
      ["accepted", true],
    ]);
    expect(clips[0]!.error).toMatch(/cellar/);
    expect((await charges(app)).clipIds).toEqual([clips[1]!.id]);
    expect(await db.scenarioBatch.findUniqueOrThrow({ where: { id: batch.id } })).toMatchObject({
      status: "completed",
      failed: 1,
      accepted: 1,
      itemsDone: 2,
    });
  }, 120_000);
});

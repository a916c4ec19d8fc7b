/**
 * Every painted frame is on the quota (docs/usage.md "Daily quotas"): a scenario clip's frames and a
 * campaign's protagonist portrait reserve `seed_frame` units before painting, all of a clip's at
 * once. With the cap running out mid-way, exactly the cap is painted, the rest fail with
 * `quota_exceeded`, and nothing is charged for them.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { waitFor } from "@/lib/jobs/executor/testing";
import { setQuotaCap } from "@/lib/quota/quota";
import { BOOK, pollCampaign } from "./support/campaigns";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { charges, importScenarioWorld } from "./support/scenarios";
import { withTestServer, type ApiClient } from "./support/suite";

let api: ApiClient;

withTestServer(
  async (_server, client) => {
    api = client;
  },
  { env: { JOBS_RETRY_BASE_MS: "20" } },
);

const seedFramesUsed = async (app: Bootstrap) => (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.seed_frame.used as number;

type Clip = { clipId: string; status: string; frames: string[]; charged: boolean; error: string | null };

async function runBatch(app: Bootstrap, clips: unknown[]): Promise<Clip[]> {
  const worldId = await importScenarioWorld(api, app.keys.sk_live);
  const res = await api.post("/v1/scenario-batches", { worldId, clips }, app.keys.sk_live);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const done = await waitFor(
    async () => {
      const read = await api.get(`/v1/scenario-batches/${res.body.batchId}`, app.keys.sk_live);
      return read.body.status === "completed" ? read.body : undefined;
    },
    { timeoutMs: 240_000, what: "the batch to complete" },
  );
  return done.clips as Clip[];
}

describe("scenario clips", () => {
  it("paint exactly the cap of one-frame clips; the rest fail quota_exceeded, unpainted and uncharged", async () => {
    const app = await bootstrap();
    await setQuotaCap(app.appId, "seed_frame", 3);
    // One frame each: the walk's first state alone, at night.
    const clips = await runBatch(
      app,
      Array.from({ length: 5 }, () => ({ kind: "variation", from: "a", apply: { timeOfDay: "night" } })),
    );
    const painted = clips.filter((c) => c.frames.length > 0);
    const refused = clips.filter((c) => c.status === "failed");
    expect(painted).toHaveLength(3);
    expect(painted.every((c) => c.frames.length === 1 && c.status === "accepted" && c.charged)).toBe(true);
    expect(refused).toHaveLength(2);
    for (const clip of refused) {
      expect(clip.error).toMatch(/^quota_exceeded: .*seed_frame/);
      expect(clip).toMatchObject({ frames: [], charged: false });
    }
    expect(await seedFramesUsed(app)).toBe(3);
    expect((await charges(app)).ledger).toBe(3);
  });

  it("reserve all of a clip's frames or none: never a clip half painted", async () => {
    const app = await bootstrap();
    await setQuotaCap(app.appId, "seed_frame", 7);
    // Three frames each (a → b → end); 7 units hold two clips, and one left over.
    const clips = await runBatch(
      app,
      Array.from({ length: 4 }, () => ({ kind: "variation", from: "a", path: ["go", "finish"], apply: { weather: "rain" } })),
    );
    expect(clips.map((c) => c.frames.length).sort()).toEqual([0, 0, 3, 3]);
    expect(clips.filter((c) => c.status === "failed").every((c) => /^quota_exceeded/.test(c.error ?? "") && !c.charged)).toBe(true);
    expect(await seedFramesUsed(app)).toBe(6);
    expect((await charges(app)).ledger).toBe(2);
    // The units live on the clips that hold them, once each.
    const db = await getDb();
    const held = await db.scenarioClip.findMany({ where: { id: { in: clips.map((c) => c.clipId) } }, select: { quotaUnits: true } });
    expect(held.map((c) => c.quotaUnits).sort()).toEqual([0, 0, 3, 3]);
  });
  it("compare units and cap as numbers: three frames fit under a cap of 100,000,000", async () => {
    // The cap check once compared them as text on the embedded database ("3" > "100000000").
    const app = await bootstrap();
    await setQuotaCap(app.appId, "seed_frame", 100_000_000);
    const [clip] = await runBatch(app, [{ kind: "variation", from: "a", path: ["go", "finish"], apply: { weather: "snow" } }]);
    expect(clip).toMatchObject({ status: "accepted", charged: true });
    expect(clip!.frames).toHaveLength(3);
    expect(await seedFramesUsed(app)).toBe(3);
  });
});

describe("campaign reference portraits", () => {
  it("hold one seed_frame each: past the cap a campaign stops partial with quota_exceeded before any chapter, and resumes once the cap allows", async () => {
    const app = await bootstrap();
    await setQuotaCap(app.appId, "seed_frame", 1);
    const start = async () => {
      const res = await api.post("/v1/campaigns", { text: BOOK, target_acts: 2 }, app.keys.sk_live);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      return res.body.campaignId as string;
    };
    const first = await start();
    const done = await pollCampaign(api, app.keys.sk_live, first, (c) => c.status !== "authoring", 240_000);
    expect(done).toMatchObject({ status: "complete", actsDone: 2, subjectRef: { imageUrl: expect.any(String) } });
    expect(await seedFramesUsed(app)).toBe(1);
    const generations = (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used as number;

    const second = await start();
    const stopped = await pollCampaign(api, app.keys.sk_live, second, (c) => c.status !== "authoring", 120_000);
    expect(stopped).toMatchObject({ status: "partial", actsDone: 0, subjectRef: null });
    const job = await api.get(`/v1/jobs/${stopped.jobId}`, app.keys.sk_live);
    expect(job.body).toMatchObject({ kind: "from_book", status: "failed", error: expect.stringMatching(/^quota_exceeded: .*seed_frame/) });
    // Nothing painted, nothing authored, nothing charged for it.
    expect(await seedFramesUsed(app)).toBe(1);
    expect((await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used).toBe(generations);

    await setQuotaCap(app.appId, "seed_frame", 2);
    expect((await api.post(`/v1/campaigns/${second}/resume`, {}, app.keys.sk_live)).status).toBe(202);
    const resumed = await pollCampaign(api, app.keys.sk_live, second, (c) => c.status !== "authoring", 240_000);
    expect(resumed).toMatchObject({ status: "complete", subjectRef: { imageUrl: expect.any(String) } });
    expect(await seedFramesUsed(app)).toBe(2);
  }, 600_000);
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getProvider } from "@/lib/ai";
import { rasterizeSvg } from "@/lib/ai/raster";
import { chatAnswer, imageAnswer, startFakeOpenAI, type FakeOpenAIServer } from "@/lib/ai/testing/fake-openai-server";
import { runCampaignJob } from "@/lib/campaigns/run";
import { getDb } from "@/lib/db";
import { generateWorldSteps, silentReporter, type StepRunner } from "@/lib/generation/pipeline";
import { failGenerationJob, runGenerationJob } from "@/lib/generation/run";
import { mockWorld } from "@/lib/kernel/mock-world";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { BOOK, chapterLinks, expectPlayable, generationsUsed, pollCampaign } from "./support/campaigns";
import { setEnv } from "./support/env";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { withTestServer, type ApiClient } from "./support/suite";

// The campaign job's durability rules, and the openai-compatible provider's stages.

let api: ApiClient;
withTestServer(async (_server, client) => {
  api = client;
});

/**
 * Steps as an engine runs them: memoized once they return; the ids in `loseResultOf` lose their
 * first result (the step did its work, then the process died before the engine recorded it), so
 * the engine runs them again.
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

/** A live campaign and its queued job, stored without queueing it (the test runs the job itself). */
async function storedCampaign(app: Bootstrap, targetActs: number) {
  const db = await getDb();
  const campaignId = randomUUID();
  const jobId = randomUUID();
  await db.campaign.create({ data: { id: campaignId, appId: app.appId, mode: "live", text: BOOK, targetActs, jobId } });
  await db.generationJob.create({
    data: {
      id: jobId,
      appId: app.appId,
      mode: "live",
      kind: "from_book",
      campaignId,
      actsDone: 0,
      input: { campaignId, baseUrl: "http://localhost" },
    },
  });
  return { campaignId, jobId };
}

describe("a step retried after its quota reservation", () => {
  it("never charges twice, and a replay of the whole job authors and charges nothing more", async () => {
    const app = await bootstrap();
    const { campaignId, jobId } = await storedCampaign(app, 4);
    const lost = ["chapter-1:reserve", "chapter-2:reserve", "chapter-2:author", "chapter-3:persist", "chapter-4:done"];
    const { steps, runs } = engineSteps(lost);
    expect(await runCampaignJob(jobId, steps)).toEqual({ complete: true });
    for (const id of lost) expect(runs.get(id), id).toBe(2);
    expect(await generationsUsed(api, app)).toBe(4);

    const campaign = (await api.get(`/v1/campaigns/${campaignId}`, app.keys.sk_live)).body;
    expect(campaign).toMatchObject({ status: "complete", actsDone: 4 });
    const revs = await Promise.all(
      campaign.chapters.map(async (c: any) => (await api.get(`/v1/worlds/${c.worldId}`, app.keys.sk_live)).body.rev),
    );

    // The engine replays the job from the start with nothing memoized (a lost run state).
    const db = await getDb();
    await db.generationJob.update({ where: { id: jobId }, data: { status: "running" } });
    await db.campaign.update({ where: { id: campaignId }, data: { status: "authoring" } });
    const replay = engineSteps();
    expect(await runCampaignJob(jobId, replay.steps)).toEqual({ complete: true });
    expect([...replay.runs.keys()].filter((id) => /:(author|persist)$/.test(id))).toEqual([]);
    expect(await generationsUsed(api, app)).toBe(4);
    const after = (await api.get(`/v1/campaigns/${campaignId}`, app.keys.sk_live)).body;
    expect(
      await Promise.all(after.chapters.map(async (c: any) => (await api.get(`/v1/worlds/${c.worldId}`, app.keys.sk_live)).body.rev)),
    ).toEqual(revs);
  }, 120_000);
});

describe("the pipeline's author step under an engine", () => {
  it("memoizes the draft's key, not the world, and drops the draft once the world is stored", async () => {
    const app = await bootstrap();
    const worldId = randomUUID();
    const memo = new Map<string, unknown>();
    const steps: StepRunner = {
      async run<T>(id: string, work: () => Promise<T>): Promise<T> {
        const result = JSON.parse(JSON.stringify((await work()) ?? null)) as T;
        memo.set(id, result);
        return result;
      },
    };
    const input = { worldId, premise: "A lighthouse that rewinds the tide", pov: "third person", baseUrl: "http://localhost" };
    const result = await generateWorldSteps("test", { appId: app.appId, mode: "test" }, input, steps, silentReporter);
    expect(result.worldId).toBe(worldId);
    const authored = memo.get("author") as Record<string, unknown>;
    expect(authored).toMatchObject({ draft: expect.stringMatching(/^[0-9a-f]{64}$/), provider: "mock" });
    expect(authored).not.toHaveProperty("world");
    const db = await getDb();
    expect(await db.worldDraft.count({ where: { worldId } })).toBe(0);
    const stored = await api.get(`/v1/worlds/${worldId}`, app.keys.sk_test);
    expect(stored.status).toBe(200);
    expect(stored.body.world.id).toBe(worldId);
  });

  it("still reads a world memoized inline by a run in flight before the change (same step ids)", async () => {
    const app = await bootstrap();
    const worldId = randomUUID();
    const world = { ...mockWorld({ premise: "An old memo" }), id: worldId, name: "Memoized before the deploy" };
    const memo = new Map<string, unknown>([["author", { world, ok: true, provider: "mock", attempts: 1, diagnostics: [] }]]);
    const ran: string[] = [];
    const steps: StepRunner = {
      async run<T>(id: string, work: () => Promise<T>): Promise<T> {
        if (memo.has(id)) return memo.get(id) as T;
        ran.push(id);
        return work();
      },
    };
    await generateWorldSteps(
      "test",
      { appId: app.appId, mode: "test" },
      { worldId, premise: "ignored", pov: "third person", baseUrl: "http://localhost" },
      steps,
      silentReporter,
    );
    expect(ran).toEqual(["persist"]);
    expect((await api.get(`/v1/worlds/${worldId}`, app.keys.sk_test)).body.name).toBe("Memoized before the deploy");
  });
});

describe("the pipeline's paint step under an engine", () => {
  it("retried after one frame failed, paints only the frames it does not have, and drops them once stored", async () => {
    const app = await bootstrap();
    const worldId = randomUUID();
    const painter = getProvider("live");
    const paint = painter.paintImage.bind(painter);
    let calls = 0;
    const spy = vi.spyOn(painter, "paintImage").mockImplementation(async (input) => {
      if (++calls === 2) throw new Error("the painter went away");
      return paint(input);
    });
    // An engine retries a step that threw.
    const steps: StepRunner = {
      async run<T>(_id: string, work: () => Promise<T>): Promise<T> {
        for (let attempt = 1; ; attempt++) {
          try {
            return JSON.parse(JSON.stringify((await work()) ?? null)) as T;
          } catch (error) {
            if (attempt === 3) throw error;
          }
        }
      },
    };
    try {
      const input = {
        worldId,
        premise: "A lighthouse keeper and the drowned bell on a stormy sea",
        pov: "third person",
        baseUrl: "http://localhost",
      };
      await generateWorldSteps("live", { appId: app.appId, mode: "live" }, input, steps, silentReporter);
    } finally {
      spy.mockRestore();
    }
    const world = (await api.get(`/v1/worlds/${worldId}`, app.keys.sk_live)).body.world;
    const painted = Object.values(world.scene.states).filter((s: any) => s.image?.src?.includes("/assets/")).length;
    expect(painted).toBeGreaterThan(1);
    const frames = new Set(Object.values(world.scene.states).map((s: any) => s.image?.src)).size;
    // Every frame painted once, and the one that failed once more.
    expect(calls).toBe(frames + 1);
    expect(await (await getDb()).draftFrame.count({ where: { worldId } })).toBe(0);
  }, 120_000);
});

describe("a generation job that fails after its world was drafted", () => {
  it("leaves no draft and no painted frame behind", async () => {
    const app = await bootstrap();
    const worldId = randomUUID();
    const jobId = randomUUID();
    const db = await getDb();
    const input = {
      worldId,
      premise: "A lighthouse keeper and the drowned bell on a stormy sea",
      pov: "third person",
      baseUrl: "http://localhost",
    };
    await db.generationJob.create({ data: { id: jobId, appId: app.appId, mode: "live", input } });
    const painter = getProvider("live");
    const paint = painter.paintImage.bind(painter);
    let calls = 0;
    // The first frame paints; every other one fails, on every attempt.
    const spy = vi.spyOn(painter, "paintImage").mockImplementation(async (request) => {
      if (++calls > 1) throw new Error("the painter went away");
      return paint(request);
    });
    try {
      await expect(runGenerationJob(jobId, engineSteps().steps)).rejects.toThrow(/painter went away/);
    } finally {
      spy.mockRestore();
    }
    expect(await db.worldDraft.count({ where: { worldId } })).toBe(1);
    expect(await db.draftFrame.count({ where: { worldId } })).toBe(1);
    await failGenerationJob(jobId, "the painter went away"); // what the function's onFailure calls
    expect(await db.worldDraft.count({ where: { worldId } })).toBe(0);
    expect(await db.draftFrame.count({ where: { worldId } })).toBe(0);
  }, 120_000);
});

describe("a job cancelled while a chapter is authored", () => {
  it("finishes that chapter, stops as the next one starts, and a replay takes the same path", async () => {
    const app = await bootstrap();
    const { campaignId, jobId } = await storedCampaign(app, 3);
    const db = await getDb();
    const { steps, runs } = engineSteps();
    const cancelling: StepRunner = {
      async run<T>(id: string, work: () => Promise<T>): Promise<T> {
        if (id === "chapter-1:author") await db.generationJob.update({ where: { id: jobId }, data: { status: "cancelled" } });
        return steps.run(id, work);
      },
    };
    const stopped = { stopped: "cancelled by request" };
    expect(await runCampaignJob(jobId, cancelling)).toEqual(stopped);
    const chapterSteps = [...runs.keys()].filter((id) => id.startsWith("chapter-"));
    expect(chapterSteps).toEqual([
      "chapter-1:reserve",
      "chapter-1:author",
      "chapter-1:reference",
      "chapter-1:paint",
      "chapter-1:persist",
      "chapter-1:done",
      "chapter-2:reserve",
    ]);
    expect(await generationsUsed(api, app)).toBe(1);
    expect((await api.get(`/v1/campaigns/${campaignId}`, app.keys.sk_live)).body).toMatchObject({ status: "cancelled", actsDone: 1 });

    // A replay (the job row says cancelled from the start) stops before anything, without a step run again.
    const before = new Map(runs);
    expect(await runCampaignJob(jobId, steps)).toEqual(stopped);
    expect(runs).toEqual(before);
  }, 120_000);
});

describe("the openai-compatible provider", () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    setEnv({ AI_BASE_URL: fake.baseURL, AI_MODEL: "fake", AI_JSON_MODE: "json_schema", AI_TRANSPORT_RETRIES: "0" });
  });
  afterAll(async () => {
    for (const name of ["AI_BASE_URL", "AI_MODEL", "AI_JSON_MODE", "AI_TRANSPORT_RETRIES"]) delete process.env[name];
    setEnv({});
    await fake.close();
  });

  it("authors each stage with structured output and feeds the gate's diagnostics back on a rejected chapter", async () => {
    const app = await bootstrap();
    const bible = {
      title: "The Lamplighter of Vell",
      protagonist: "Ines Marrow",
      setting: "the harbor town of Vell",
      tone: "ominous",
      characters: ["Ines Marrow", "Pell"],
      places: ["Harrow Quay", "Greyfen Marsh"],
      motifs: ["lamp oil"],
      summary: "A lamplighter proves a smuggler poisoned the town's oil.",
    };
    const broken = { ...makeSmallWorld(), entrance: { ...makeSmallWorld().entrance, state: "the-missing-quay" } };
    fake.chat.push(
      chatAnswer(JSON.stringify(bible)),
      chatAnswer(JSON.stringify(broken)),
      chatAnswer(JSON.stringify(makeSmallWorld())),
      chatAnswer(JSON.stringify(makeSmallWorld())),
    );
    const png = (
      await rasterizeSvg(
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="navy"/></svg>',
        64,
      )
    ).bytes;
    for (let i = 0; i < 7; i++) fake.images.push(imageAnswer(png));

    const res = await api.post("/v1/campaigns", { text: BOOK, target_acts: 2 }, app.keys.sk_live);
    expect(res.status).toBe(202);
    const campaign = await pollCampaign(api, app.keys.sk_live, res.body.campaignId, (c) => c.status !== "authoring");
    expect(campaign).toMatchObject({ status: "complete", name: "The Lamplighter of Vell", actsDone: 2, actsTotal: 2 });
    expect(campaign.subjectRef.descriptor).toContain("Ines Marrow");

    const chats = fake.requests.filter((r) => r.path.endsWith("/chat/completions"));
    expect(chats).toHaveLength(4);
    expect(chats.map((r) => r.body.response_format?.type)).toEqual(["json_schema", "json_schema", "json_schema", "json_schema"]);
    expect(JSON.stringify(chats[1]!.body.messages)).toContain("Ines Marrow"); // the bible travels with each act
    const repair = JSON.stringify(chats[2]!.body.messages.at(-1));
    expect(repair).toContain("the-missing-quay");
    const worlds = await Promise.all(
      campaign.chapters.map(async (c: any) => (await api.get(`/v1/worlds/${c.worldId}`, app.keys.sk_live)).body),
    );
    for (const w of worlds) {
      expect(w.source).toBe("openai-compatible");
      expect(expectPlayable(w.world).subjectRef).toEqual(campaign.subjectRef);
    }
    expect(chapterLinks(worlds[0].world)).toEqual([
      ["end", { campaignId: campaign.id, chapter: 2, worldId: campaign.chapters[1].worldId }],
    ]);
    expect(await generationsUsed(api, app)).toBe(2);
  }, 120_000);
});

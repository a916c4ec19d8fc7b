import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import type { World } from "@/lib/kernel";
import { waitFor } from "@/lib/jobs/executor/testing";
import { setQuotaCap } from "@/lib/quota/quota";
import {
  BOOK,
  BOOK_PEOPLE,
  BOOK_PLACES,
  chapterLinks,
  expectPlayable,
  generationsUsed,
  namesIn,
  pollCampaign,
  startReceiver,
} from "./support/campaigns";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { withTestServer, type ApiClient } from "./support/suite";

// Issue 13's acceptance over HTTP on the embedded default (local provider, in-app executor).

let api: ApiClient;
let alice: Bootstrap;
let bob: Bootstrap;

withTestServer(
  async (_server, client) => {
    api = client;
    alice = await bootstrap();
    bob = await bootstrap();
  },
  { env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_RETRY_BASE_MS: "20", JOBS_RETRY_BASE_MS: "20" } },
);

async function stored(app: Bootstrap) {
  const db = await getDb();
  return {
    campaigns: await db.campaign.count({ where: { appId: app.appId } }),
    jobs: await db.generationJob.count({ where: { appId: app.appId } }),
  };
}

async function subscribe(app: Bootstrap, url: string, events?: string[]) {
  const hook = await api.post(`/v1/apps/${app.appId}/webhooks`, { url, ...(events ? { events } : {}) }, app.userToken);
  expect(hook.status).toBe(201);
}

describe("POST /v1/campaigns refuses bad requests and creates nothing", () => {
  let app: Bootstrap;
  let readOnlyKey: string;
  beforeAll(async () => {
    app = await bootstrap();
    const key = await api.post(`/v1/apps/${app.appId}/keys`, { kind: "secret", mode: "live", scopes: ["worlds:read"] }, app.userToken);
    readOnlyKey = key.body.secret;
  });

  it.each<[string, unknown, string]>([
    ["no text", { target_acts: 4 }, "text"],
    ["text not a string", { text: 42 }, "text"],
    ["text null", { text: null }, "text"],
    ["empty text", { text: "" }, "text"],
    ["whitespace-only text", { text: "  \n\t \u00a0 " }, "text"],
    ["text over 200000 characters", { text: "a".repeat(200_001) }, "text"],
    ["target_acts 1", { text: "A story.", target_acts: 1 }, "target_acts"],
    ["target_acts 13", { text: "A story.", target_acts: 13 }, "target_acts"],
    ["target_acts not an integer", { text: "A story.", target_acts: 2.5 }, "target_acts"],
    ["target_acts a string", { text: "A story.", target_acts: "4" }, "target_acts"],
    ["an unknown fidelity", { text: "A story.", fidelity: "loose" }, "fidelity"],
    ["a data: URI as image_url", { text: "A story.", subject_ref: { image_url: "data:image/png;base64,iVBORw0KGgo=" } }, "subject_ref"],
    [
      "both image_url and image_b64",
      { text: "A story.", subject_ref: { image_url: "https://example.com/a.png", image_b64: "iVBORw0KGgo=" } },
      "subject_ref",
    ],
    ["an unknown field", { text: "A story.", chapters: 4 }, "chapters"],
  ])("400 for %s", async (_name, body, field) => {
    for (const key of [app.keys.sk_live, app.keys.sk_test]) {
      const res = await api.post("/v1/campaigns", body, key);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("invalid_request");
      expect(res.body.detail).toEqual(expect.any(String));
      expect(res.body.errors.join(" ")).toContain(field);
    }
    expect(await stored(app)).toEqual({ campaigns: 0, jobs: 0 });
  });

  it("400 for malformed JSON", async () => {
    const res = await api.call("POST", "/v1/campaigns", {
      token: app.keys.sk_live,
      rawBody: '{"text": "A',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(await stored(app)).toEqual({ campaigns: 0, jobs: 0 });
  });

  it.each<[string, () => string | undefined, number, string]>([
    ["no credential", () => undefined, 401, "unauthorized"],
    ["an unknown key", () => "sk_live_" + "x".repeat(43), 401, "unauthorized"],
    ["a publishable live key", () => app.keys.pk_live, 403, "forbidden"],
    ["a publishable test key", () => app.keys.pk_test, 403, "forbidden"],
    ["a key without campaigns:write", () => readOnlyKey, 403, "forbidden"],
  ])("%s is refused", async (_name, key, status, code) => {
    const res = await api.post("/v1/campaigns", { text: BOOK }, key());
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await stored(app)).toEqual({ campaigns: 0, jobs: 0 });
  });

  it("404 for another app's campaign, an unknown id and a malformed id; none resumes anything", async () => {
    const mine = await api.post("/v1/campaigns", { text: "Mara walks from Port Ellis to the Salt Hills." }, app.keys.sk_test);
    expect(mine.status).toBe(202);
    for (const [path, key] of [
      [`/v1/campaigns/${mine.body.campaignId}`, bob.keys.sk_test],
      [`/v1/campaigns/${mine.body.campaignId}`, app.keys.sk_live],
      ["/v1/campaigns/00000000-0000-4000-8000-000000000000", app.keys.sk_test],
      ["/v1/campaigns/not-a-uuid", app.keys.sk_test],
    ] as const) {
      const read = await api.get(path, key);
      expect(read.status).toBe(404);
      expect(read.body.code).toBe("not_found");
      const resume = await api.post(`${path}/resume`, {}, key);
      expect(resume.status).toBe(404);
    }
    expect(await stored(bob)).toEqual({ campaigns: 0, jobs: 0 });
  });
});

describe("test keys", () => {
  it("get a deterministic mock campaign: test_mock job, one mock chapter, no quota", async () => {
    const app = await bootstrap();
    const res = await api.post("/v1/campaigns", { text: BOOK, target_acts: 4 }, app.keys.sk_test);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: "test_mock", campaignId: expect.any(String), mock: true, schemaVersion: "1.0" });
    const campaign = (await api.get(`/v1/campaigns/${res.body.campaignId}`, app.keys.sk_test)).body;
    expect(campaign).toMatchObject({
      status: "complete",
      mode: "test",
      jobId: "test_mock",
      actsTotal: 1,
      actsDone: 1,
      name: "The Lamplighter of Vell",
      mock: true,
    });
    expect((await api.get("/v1/campaigns", app.keys.sk_test)).body.campaigns.every((c: { mock?: boolean }) => c.mock === true)).toBe(true);
    expect(campaign.chapters).toHaveLength(1);
    const world = await api.get(`/v1/worlds/${campaign.chapters[0].worldId}`, app.keys.sk_test);
    expect(world.body.campaign).toEqual({ id: campaign.id, chapter: 1 });
    expect(world.body.source).toBe("mock");
    expect(world.body.world.subjectRef.imageUrl).toBe(campaign.subjectRef.imageUrl);

    const job = await api.get("/v1/jobs/test_mock", app.keys.sk_test);
    expect(job.body).toMatchObject({ jobId: "test_mock", status: "succeeded", actsDone: 1, actsTotal: 1, mock: true });
    expect((await api.get("/v1/jobs/test_mock", app.keys.sk_live)).status).toBe(404);
    expect((await api.post("/v1/jobs/test_mock/cancel", {}, app.keys.sk_test)).status).toBe(409);
    expect((await api.post(`/v1/campaigns/${campaign.id}/resume`, {}, app.keys.sk_test)).status).toBe(409);
    expect((await api.get("/v1/usage", app.keys.sk_test)).body.quotas.generation.used).toBe(0);
    // A book of exactly 200,000 characters is accepted.
    expect(
      (await api.post("/v1/campaigns", { text: `${BOOK}\n\n${"x".repeat(200_000 - BOOK.length - 2)}` }, app.keys.sk_test)).status,
    ).toBe(202);
  });
});

describe("GET /v1/campaigns/{id} from memory", () => {
  it("answers a change made by any writer at once, and only to the campaign's app and mode", async () => {
    const app = await bootstrap();
    const { campaignId } = (await api.post("/v1/campaigns", { text: BOOK }, app.keys.sk_test)).body;
    const read = async () => (await api.get(`/v1/campaigns/${campaignId}`, app.keys.sk_test)).body;
    expect(await read()).toMatchObject({ status: "complete", actsDone: 1 });
    expect(await read()).toMatchObject({ status: "complete", actsDone: 1 }); // now remembered
    expect((await api.get(`/v1/campaigns/${campaignId}`, bob.keys.sk_test)).status).toBe(404);
    expect((await api.get(`/v1/campaigns/${campaignId}`, app.keys.sk_live)).status).toBe(404);

    // Written straight to the database, as another process would: the change feed drops the entry.
    const db = await getDb();
    await db.campaignChapter.update({ where: { campaignId_index: { campaignId, index: 1 } }, data: { status: "pending" } });
    await waitFor(async () => (await read()).actsDone === 0, { what: "the chapter's change to show" });
    await db.campaign.update({ where: { id: campaignId }, data: { name: "Renamed elsewhere" } });
    await waitFor(async () => (await read()).name === "Renamed elsewhere", { what: "the campaign's change to show" });
  });
});

describe("a live campaign from a book", () => {
  it("completes with four chapters in order, gate-clean, named from the book, linked, one subjectRef", async () => {
    const receiver = await startReceiver();
    const quiet = await startReceiver();
    await subscribe(alice, receiver.url, ["campaign.chapter.authored", "campaign.completed", "campaign.stopped"]);
    await subscribe(alice, quiet.url); // the default set: the first three types, no campaign events
    try {
      const res = await api.post("/v1/campaigns", { text: BOOK, target_acts: 4 }, alice.keys.sk_live);
      expect(res.status).toBe(202);
      // The container exists at once.
      const early = await api.get(`/v1/campaigns/${res.body.campaignId}`, alice.keys.sk_live);
      expect(early.body).toMatchObject({ id: res.body.campaignId, jobId: res.body.jobId, targetActs: 4, fidelity: "faithful" });
      expect(["authoring", "complete"]).toContain(early.body.status);

      const campaign = await pollCampaign(api, alice.keys.sk_live, res.body.campaignId, (c) => c.status !== "authoring");
      expect(campaign).toMatchObject({ status: "complete", actsTotal: 4, actsDone: 4, name: "The Lamplighter of Vell" });
      expect(campaign.chapters.map((c: any) => c.index)).toEqual([1, 2, 3, 4]);
      const job = (await api.get(`/v1/jobs/${res.body.jobId}`, alice.keys.sk_live)).body;
      expect(job).toMatchObject({
        status: "succeeded",
        campaignId: campaign.id,
        actsDone: 4,
        actsTotal: 4,
        worldId: campaign.chapters[0].worldId,
        error: null,
      });

      const worlds: World[] = [];
      for (const chapter of campaign.chapters) {
        expect(chapter.status).toBe("authored");
        expect(namesIn(chapter.title), chapter.title).not.toEqual([]);
        const res = await api.get(`/v1/worlds/${chapter.worldId}`, alice.keys.sk_live);
        expect(res.body.campaign).toEqual({ id: campaign.id, chapter: chapter.index });
        expect(res.body.source).toBe("local");
        const world = expectPlayable(res.body.world);
        expect(world.subjectRef).toEqual(campaign.subjectRef);
        expect(namesIn(world.name)).not.toEqual([]);
        const prose = Object.values(world.scene.states)
          .map((s) => s.base)
          .join(" ");
        expect(namesIn(prose, BOOK_PLACES).length, prose).toBeGreaterThanOrEqual(2);
        expect(world.slots?.hero).toMatch(/^Ines/);
        worlds.push(world);
      }
      // Distinct chapters: no two share their places.
      const placeSets = worlds.map((w) => Object.keys(w.scene.states).join(","));
      expect(new Set(placeSets).size).toBe(4);
      expect(BOOK_PEOPLE.filter((p) => worlds.some((w) => JSON.stringify(w.scene).includes(p))).length).toBeGreaterThanOrEqual(4);
      // Chapter n's winning ending leads to chapter n+1; the last leads nowhere.
      worlds.forEach((world, i) => {
        const links = chapterLinks(world);
        if (i === 3) return expect(links).toEqual([]);
        expect(links).toHaveLength(1);
        const [stateId, next] = links[0]!;
        expect(world.scene.states[stateId]!.ending.outcome).not.toBe("bad");
        expect(next).toEqual({ campaignId: campaign.id, chapter: i + 2, worldId: campaign.chapters[i + 1].worldId });
      });

      const events = await waitFor(() => (receiver.bodies.length >= 5 ? receiver.bodies : undefined), { what: "the campaign webhooks" });
      expect(events.filter((e) => e.type === "campaign.chapter.authored").map((e) => e.data.chapter)).toEqual([1, 2, 3, 4]);
      expect(events.find((e) => e.type === "campaign.completed")?.data).toEqual({ campaignId: campaign.id, jobId: res.body.jobId });
      expect(quiet.bodies).toEqual([]);
      expect(await generationsUsed(api, alice)).toBe(4);
      expect((await api.post(`/v1/campaigns/${campaign.id}/resume`, {}, alice.keys.sk_live)).status).toBe(409);
    } finally {
      await receiver.close();
      await quiet.close();
    }
  }, 180_000);
});

describe("quota", () => {
  it("stops at the cap with a partial campaign, resumes without re-authoring or re-charging", async () => {
    const app = await bootstrap();
    await setQuotaCap(app.appId, "generation", 2);
    const receiver = await startReceiver();
    await subscribe(app, receiver.url, ["*"]);
    try {
      const res = await api.post("/v1/campaigns", { text: BOOK, target_acts: 4 }, app.keys.sk_live);
      expect(res.status).toBe(202);
      const partial = await pollCampaign(api, app.keys.sk_live, res.body.campaignId, (c) => c.status !== "authoring");
      expect(partial).toMatchObject({ status: "partial", actsDone: 2, actsTotal: 4 });
      expect(partial.chapters.map((c: any) => c.status)).toEqual(["authored", "authored", "pending", "pending"]);
      expect(partial.chapters.slice(2).map((c: any) => c.worldId)).toEqual([null, null]);
      const failed = (await api.get(`/v1/jobs/${res.body.jobId}`, app.keys.sk_live)).body;
      expect(failed).toMatchObject({ status: "failed", actsDone: 2, actsTotal: 4 });
      expect(failed.error).toMatch(/^quota_exceeded/);
      expect(await generationsUsed(api, app)).toBe(2);
      const stopped = await waitFor(() => receiver.bodies.find((e) => e.type === "campaign.stopped"), { what: "campaign.stopped" });
      expect(stopped.data).toEqual({ campaignId: partial.id, jobId: res.body.jobId, error: failed.error });
      const firstWorlds = await Promise.all(
        partial.chapters.slice(0, 2).map(async (c: any) => (await api.get(`/v1/worlds/${c.worldId}`, app.keys.sk_live)).body.rev),
      );

      await setQuotaCap(app.appId, "generation", 10);
      const resumed = await api.post(`/v1/campaigns/${partial.id}/resume`, {}, app.keys.sk_live);
      expect(resumed.status).toBe(202);
      expect(resumed.body.campaignId).toBe(partial.id);
      expect(resumed.body.jobId).not.toBe(res.body.jobId);
      const again = await api.post(`/v1/campaigns/${partial.id}/resume`, {}, app.keys.sk_live);
      expect(again.status).toBe(409);
      const complete = await pollCampaign(api, app.keys.sk_live, partial.id, (c) => c.status !== "authoring");
      expect(complete).toMatchObject({ status: "complete", actsDone: 4, jobId: resumed.body.jobId });
      // Chapters 1 and 2 are the same worlds, untouched; 3 and 4 are new.
      expect(complete.chapters.slice(0, 2).map((c: any) => c.worldId)).toEqual(partial.chapters.slice(0, 2).map((c: any) => c.worldId));
      const revs = await Promise.all(
        complete.chapters.slice(0, 2).map(async (c: any) => (await api.get(`/v1/worlds/${c.worldId}`, app.keys.sk_live)).body.rev),
      );
      expect(revs).toEqual(firstWorlds);
      const job = (await api.get(`/v1/jobs/${resumed.body.jobId}`, app.keys.sk_live)).body;
      expect(job).toMatchObject({ status: "succeeded", actsDone: 4, actsTotal: 4, worldId: complete.chapters[0].worldId });
      expect(await generationsUsed(api, app)).toBe(4);
      // Chapter 2's world now leads to chapter 3's.
      const second = (await api.get(`/v1/worlds/${complete.chapters[1].worldId}`, app.keys.sk_live)).body.world;
      expect(chapterLinks(second)[0]![1].worldId).toBe(complete.chapters[2].worldId);
    } finally {
      await receiver.close();
    }
  }, 180_000);
});

describe("idempotency and cancellation", () => {
  it("20 concurrent POSTs with one Idempotency-Key start one campaign; cancel stops it between chapters", async () => {
    const app = await bootstrap();
    const headers = { "idempotency-key": "book-once" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call("POST", "/v1/campaigns", { token: app.keys.sk_live, body: { text: BOOK, target_acts: 3 }, headers }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    expect(new Set(answers.map((a) => a.body.campaignId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.jobId)).size).toBe(1);
    expect(await stored(app)).toEqual({ campaigns: 1, jobs: 1 });
    // The same key in the worlds namespace is another key (that world costs one generation).
    expect((await api.call("POST", "/v1/worlds", { token: app.keys.sk_test, body: { premise: "x" }, headers })).status).toBe(200);
    const worldsUsed = 1;
    // The same key with another book: 400.
    expect((await api.call("POST", "/v1/campaigns", { token: app.keys.sk_live, body: { text: "Another book." }, headers })).status).toBe(
      400,
    );

    const { jobId, campaignId } = answers[0]!.body;
    const cancelled = await api.post(`/v1/jobs/${jobId}/cancel`, {}, app.keys.sk_live);
    expect([200, 409]).toContain(cancelled.status);
    const ended = await pollCampaign(api, app.keys.sk_live, campaignId, (c) => c.status !== "authoring");
    if (cancelled.status === 200) {
      expect(ended.status).toBe("cancelled");
      expect((await api.get(`/v1/jobs/${jobId}`, app.keys.sk_live)).body.status).toBe("cancelled");
      // Every chapter authored before the stop is kept and charged once; nothing else is held.
      expect(await generationsUsed(api, app)).toBe(worldsUsed + ended.actsDone);
      expect((await api.post(`/v1/campaigns/${campaignId}/resume`, {}, app.keys.sk_live)).status).toBe(409);
    } else {
      expect(ended.status).toBe("complete");
    }
  }, 180_000);
});

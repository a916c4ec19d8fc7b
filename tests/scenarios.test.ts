import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "@/lib/jobs/executor/testing";
import { scenarioWorld } from "./support/scenarios";
import { insertBatch } from "@/lib/scenarios/store";
import { ZCreateBatchBody } from "@/lib/scenarios/requests";
import { charges, importScenarioWorld, storedBatches, walk } from "./support/scenarios";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { withTestServer, type ApiClient } from "./support/suite";

// Issue 15's API over HTTP on the embedded default: submit, validation, paging, reads, scopes.
// The job (rendering, review, charging, cancel) is tests/scenarios-job.test.ts.

let api: ApiClient;
let app: Bootstrap;
let other: Bootstrap;
let liveWorld: string;
let testWorld: string;

withTestServer(async (_server, client) => {
  api = client;
  app = await bootstrap();
  other = await bootstrap();
  liveWorld = await importScenarioWorld(api, app.keys.sk_live);
  testWorld = await importScenarioWorld(api, app.keys.sk_test);
});

describe("POST /v1/scenario-batches", () => {
  it("answers 202 with the queued summary; the batch keeps the world's rev; nothing is charged", async () => {
    const world = (await api.get(`/v1/worlds/${testWorld}`, app.keys.sk_test)).body;
    const res = await api.post(
      "/v1/scenario-batches",
      { worldId: testWorld, name: "Night walk", clips: [walk({ customId: "n1" }), walk({ apply: { weather: "rain" } })] },
      app.keys.sk_test,
    );
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      batchId: expect.any(String),
      name: "Night walk",
      worldId: testWorld,
      rev: world.rev,
      review: "auto",
      status: "queued",
      itemsTotal: 2,
      itemsDone: 0,
      counts: { accepted: 0, rejected: 0, failed: 0, pendingReview: 0, cancelled: 0 },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      mock: true,
      schemaVersion: "1.0",
    });
    const read = await api.get(`/v1/scenario-batches/${res.body.batchId}`, app.keys.sk_test);
    expect(read.status).toBe(200);
    // Test-mode answers say they are mocks (the mock painter); live ones never do.
    expect(read.body.mock).toBe(true);
    expect((await api.get("/v1/scenario-batches", app.keys.sk_test)).body.batches.every((b: { mock?: boolean }) => b.mock === true)).toBe(
      true,
    );
    const live = await api.post("/v1/scenario-batches", { worldId: liveWorld, clips: [walk()] }, app.keys.sk_live);
    expect(live.status).toBe(202);
    expect(live.body).not.toHaveProperty("mock");
    await api.post(`/v1/scenario-batches/${live.body.batchId}/cancel`, {}, app.keys.sk_live);
    expect(read.body.clips.map((c: { index: number; customId: string | null; kind: string }) => [c.index, c.customId, c.kind])).toEqual([
      [0, "n1", "variation"],
      [1, null, "variation"],
    ]);
    expect(read.body.clips.every((c: { charged: boolean }) => !c.charged)).toBe(true);
    expect((await charges(app)).clipIds).toEqual([]);
  });

  it("accepts a variation without apply: a baseline clip, rendered as the world stands and checked", async () => {
    const res = await api.post(
      "/v1/scenario-batches",
      { worldId: testWorld, clips: [walk({ apply: undefined, expect: { reach: "end" } })] },
      app.keys.sk_test,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const batchId = res.body.batchId as string;
    const clip = await waitFor(
      async () => {
        const read = await api.get(`/v1/scenario-batches/${batchId}`, app.keys.sk_test);
        return read.body.status === "completed" ? read.body.clips[0] : undefined;
      },
      { what: "the baseline batch to complete" },
    );
    expect(clip).toMatchObject({ kind: "variation", status: "accepted", verification: { pass: true } });
    expect(clip.frames).toHaveLength(3);
  });

  it("with an Idempotency-Key replays the first answer and creates one batch; another body is 400", async () => {
    const fresh = await bootstrap();
    const worldId = await importScenarioWorld(api, fresh.keys.sk_test);
    const body = { worldId, clips: [walk()] };
    const headers = { "idempotency-key": "scn-1" };
    const first = await api.call("POST", "/v1/scenario-batches", { token: fresh.keys.sk_test, body, headers });
    const again = await api.call("POST", "/v1/scenario-batches", { token: fresh.keys.sk_test, body, headers });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body.batchId).toBe(first.body.batchId);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await api.call("POST", "/v1/scenario-batches", { token: fresh.keys.sk_test, body: { ...body, name: "x" }, headers });
    expect(other.status).toBe(400);
    expect((await storedBatches(fresh)).batches).toBe(1);
  });

  describe("refuses bad requests and creates nothing", () => {
    let bad: Bootstrap;
    let badWorld: string;
    let readOnlyKey: string;
    beforeAll(async () => {
      bad = await bootstrap();
      badWorld = await importScenarioWorld(api, bad.keys.sk_live);
      const key = await api.post(`/v1/apps/${bad.appId}/keys`, { kind: "secret", mode: "live", scopes: ["scenarios:read"] }, bad.userToken);
      readOnlyKey = key.body.secret;
    });

    it.each<[string, (worldId: string) => unknown, string]>([
      ["empty clips", (w) => ({ worldId: w, clips: [] }), "clips"],
      ["101 clips", (w) => ({ worldId: w, clips: Array.from({ length: 101 }, () => walk()) }), "clips"],
      ["no clips", (w) => ({ worldId: w }), "clips"],
      ["no worldId", () => ({ clips: [walk()] }), "worldId"],
      ["an unknown kind", (w) => ({ worldId: w, clips: [walk({ kind: "remix" })] }), "clips.0.kind"],
      [
        "a counterfactual without replace",
        (w) => ({ worldId: w, clips: [walk({ kind: "counterfactual", apply: undefined })] }),
        "clips.0.replace",
      ],
      ["an unknown review", (w) => ({ worldId: w, review: "later", clips: [walk()] }), "review"],
      ["an unknown weather", (w) => ({ worldId: w, clips: [walk({ apply: { weather: "hail" } })] }), "clips.0.apply.weather"],
      ["an unknown field", (w) => ({ worldId: w, clips: [walk()], priority: 1 }), "priority"],
    ])("400 for %s", async (_name, makeBody, field) => {
      for (const key of [bad.keys.sk_live, bad.keys.sk_test]) {
        const res = await api.post("/v1/scenario-batches", makeBody(badWorld), key);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("invalid_request");
        expect(res.body.errors.join(" ")).toContain(field);
      }
      expect(await storedBatches(bad)).toEqual({ batches: 0, clips: 0, jobs: 0 });
    });

    it.each<[string, unknown[], string[]]>([
      ["an unknown from state", [walk(), walk({ from: "nowhere" })], ['clips[1]: from: "nowhere" is no state of the world']],
      ["an unknown event in a path", [walk({ path: ["go", "fly"] })], ['clips[0]: path[1]: no event "fly" leaves "b"']],
      [
        "an event that does not leave the state",
        [walk(), walk(), walk({ path: ["finish"] })],
        ['clips[2]: path[0]: no event "finish" leaves "a"'],
      ],
      ["an unknown expect.reach", [walk({ expect: { reach: "moon" } })], ['clips[0]: expect.reach: "moon" is no state of the world']],
      [
        "a counterfactual the gate refuses",
        [{ kind: "counterfactual", from: "b", path: ["wait"], replace: { event: "wait", with: { to: "a", base: "The wait ends" } } }],
        ['clips[0]: the counterfactual graph fails the gate: E005 override "wait" must not carry to'],
      ],
      [
        "two bad clips, each named",
        [walk({ from: "x" }), walk(), walk({ path: ["fly"] })],
        ['clips[0]: from: "x"', 'clips[2]: path[0]: no event "fly"'],
      ],
    ])("422 for %s, naming the clip", async (_name, clips, expected) => {
      const res = await api.post("/v1/scenario-batches", { worldId: badWorld, clips }, bad.keys.sk_live);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors).toHaveLength(expected.length);
      expected.forEach((text, i) => expect(res.body.errors[i]).toContain(text));
      expect(await storedBatches(bad)).toEqual({ batches: 0, clips: 0, jobs: 0 });
    });

    it("422 with the gate's diagnostics for a refused counterfactual", async () => {
      const clips = [
        { kind: "counterfactual", from: "b", path: ["wait"], replace: { event: "wait", with: { to: "a", base: "The wait ends" } } },
      ];
      const res = await api.post("/v1/scenario-batches", { worldId: badWorld, clips }, bad.keys.sk_live);
      expect(res.body.diagnostics.map((d: { code: string }) => d.code)).toEqual(["E005"]);
    });

    it.each<[string, () => string, () => string]>([
      ["an unknown world", () => "00000000-0000-4000-8000-000000000000", () => bad.keys.sk_live],
      ["a world id that is no uuid", () => "not-a-world", () => bad.keys.sk_live],
      ["another app's world", () => liveWorld, () => bad.keys.sk_live],
      ["the other mode's world", () => badWorld, () => bad.keys.sk_test],
    ])("404 for %s", async (_name, worldId, key) => {
      const res = await api.post("/v1/scenario-batches", { worldId: worldId(), clips: [walk()] }, key());
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
      expect(await storedBatches(bad)).toEqual({ batches: 0, clips: 0, jobs: 0 });
    });

    it.each<[string, () => string | undefined, number, string]>([
      ["no credential", () => undefined, 401, "unauthorized"],
      ["a publishable live key", () => bad.keys.pk_live, 403, "forbidden"],
      ["a publishable test key", () => bad.keys.pk_test, 403, "forbidden"],
      ["a key without scenarios:write", () => readOnlyKey, 403, "forbidden"],
    ])("%s is refused", async (_name, key, status, code) => {
      const res = await api.post("/v1/scenario-batches", { worldId: badWorld, clips: [walk()] }, key());
      expect(res.status).toBe(status);
      expect(res.body.code).toBe(code);
      expect(await storedBatches(bad)).toEqual({ batches: 0, clips: 0, jobs: 0 });
    });

    it("a publishable key and a scenarios:read key may list", async () => {
      for (const key of [bad.keys.pk_live, readOnlyKey]) expect((await api.get("/v1/scenario-batches", key)).status).toBe(200);
    });
  });
});

describe("GET /v1/scenario-batches paging", () => {
  it("230 batches at limit=100: 100, 100, 30, newest first, no duplicates or gaps, nextCursor null at the end", async () => {
    const pager = await bootstrap();
    const worldId = await importScenarioWorld(api, pager.keys.sk_live);
    const world = (await api.get(`/v1/worlds/${worldId}`, pager.keys.sk_live)).body;
    const caller = { appId: pager.appId, mode: "live" as const };
    const body = ZCreateBatchBody.parse({ worldId, clips: [walk()] });
    // The store's create (what POST calls after planning), all at once: created in the same
    // milliseconds, their createdAt still differ.
    const made = await Promise.all(
      Array.from({ length: 230 }, (_, i) =>
        insertBatch(caller, {
          world: { id: worldId, rev: world.rev, graph: scenarioWorld() },
          body: { ...body, name: `b${i}` },
          baseUrl: "http://localhost",
        }),
      ),
    );
    // The inserts kept the server's thread busy past its keep-alive timeout: the client's idle
    // socket may have been closed under it, so the first request may need a second try.
    await api.get("/v1/scenario-batches?limit=1", pager.keys.sk_live).catch(() => undefined);
    const pages: { batchId: string; createdAt: string }[][] = [];
    let cursor: string | null = null;
    do {
      const res: any = await api.get(
        `/v1/scenario-batches?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        pager.keys.sk_live,
      );
      expect(res.status).toBe(200);
      pages.push(res.body.batches);
      cursor = res.body.nextCursor;
      if (cursor) expect(cursor).toBe(res.body.batches.at(-1).createdAt);
    } while (cursor && pages.length < 5);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    const listed = pages.flat();
    expect(new Set(listed.map((b) => b.batchId)).size).toBe(230);
    expect(listed.map((b) => b.batchId).sort()).toEqual(made.map((b) => b.id).sort());
    const times = listed.map((b) => Date.parse(b.createdAt));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeLessThan(times[i - 1]!);
    // Newest first is the reverse of the order the database assigned them.
    const assigned = [...made].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((b) => b.id);
    expect(listed.map((b) => b.batchId)).toEqual(assigned.reverse());
    // The default page is 20; the other mode sees none of them.
    expect((await api.get("/v1/scenario-batches", pager.keys.sk_live)).body.batches).toHaveLength(20);
    expect((await api.get("/v1/scenario-batches", pager.keys.sk_test)).body).toEqual({
      batches: [],
      nextCursor: null,
      schemaVersion: "1.0",
    });
  }, 120_000);

  it.each([
    ["limit=101", "limit"],
    ["limit=0", "limit"],
    ["limit=-1", "limit"],
    ["limit=ten", "limit"],
    ["cursor=garbage", "cursor"],
    ["cursor=2026-13-45T99:00:00.000Z", "cursor"],
    ["cursor=2026-11-25T10:00:00Z", "cursor"],
    ["cursor=", "cursor"],
    ["after=1", "after"],
  ])("400 for %s", async (query, field) => {
    const res = await api.get(`/v1/scenario-batches?${query}`, app.keys.sk_live);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("invalid_request");
    expect(res.body.errors.join(" ")).toContain(field);
  });
});

describe("reads of another app's or mode's batch", () => {
  it("are 404 on every route, and change nothing", async () => {
    const mine = await api.post("/v1/scenario-batches", { worldId: testWorld, review: "manual", clips: [walk()] }, app.keys.sk_test);
    expect(mine.status).toBe(202);
    const id = mine.body.batchId as string;
    const clipId = (await api.get(`/v1/scenario-batches/${id}`, app.keys.sk_test)).body.clips[0].clipId as string;
    for (const [base, key] of [
      [`/v1/scenario-batches/${id}`, other.keys.sk_test],
      [`/v1/scenario-batches/${id}`, app.keys.sk_live],
      ["/v1/scenario-batches/00000000-0000-4000-8000-000000000000", app.keys.sk_test],
      ["/v1/scenario-batches/not-a-uuid", app.keys.sk_test],
    ] as const) {
      for (const [method, path] of [
        ["GET", base],
        ["POST", `${base}/cancel`],
        ["POST", `${base}/clips/${clipId}/accept`],
        ["POST", `${base}/clips/${clipId}/reject`],
      ] as const) {
        const res = await api.call(method, path, { token: key, ...(method === "POST" ? { body: {} } : {}) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.code).toBe("not_found");
      }
    }
    const unknownClip = await api.post(
      `/v1/scenario-batches/${id}/clips/00000000-0000-4000-8000-000000000000/accept`,
      {},
      app.keys.sk_test,
    );
    expect(unknownClip.status).toBe(404);
    expect((await api.get(`/v1/scenario-batches/${id}`, app.keys.sk_test)).body.status).not.toBe("cancelled");
  });

  it("a publishable key reads but may not cancel", async () => {
    const mine = await api.post("/v1/scenario-batches", { worldId: testWorld, clips: [walk()] }, app.keys.sk_test);
    expect((await api.get(`/v1/scenario-batches/${mine.body.batchId}`, app.keys.pk_test)).status).toBe(200);
    const cancel = await api.post(`/v1/scenario-batches/${mine.body.batchId}/cancel`, {}, app.keys.pk_test);
    expect(cancel.status).toBe(403);
  });
});

describe("the ledger's scenario_clip rows", () => {
  it("are written by one function only: no other file names the charges table or the metric", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const writers: string[] = [];
    const walkDir = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated" && entry.name !== "node_modules") walkDir(full);
        } else if (/\.(ts|tsx|mjs|js|sql)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          const code = fs.readFileSync(full, "utf8");
          if (/scenario_clip_charges|scenarioClipCharge|INSERT INTO billing_ledger|billingLedger\.(create|upsert|update)/.test(code))
            writers.push(path.relative(root, full));
        }
      }
    };
    for (const top of ["lib", "app", "workers", "scripts"]) walkDir(path.join(root, top));
    // lib/runtime/ledger.ts adds seconds (its metric type cannot name scenario_clip); charge.ts is the clip's.
    expect(writers.sort()).toEqual(["lib/runtime/ledger.ts", "lib/scenarios/charge.ts"]);
    const ledger = fs.readFileSync(path.join(root, "lib/runtime/ledger.ts"), "utf8");
    expect(ledger).toMatch(/export type BillingMetric = "session_seconds" \| "chat_seconds";/);
    // And the one writer moves the clip in the same statement, only from the statuses it is given.
    const charge = fs.readFileSync(path.join(root, "lib/scenarios/charge.ts"), "utf8");
    expect(charge).toMatch(
      /UPDATE scenario_clips[\s\S]*c\.status = ANY[\s\S]*INSERT INTO scenario_clip_charges[\s\S]*ON CONFLICT \(clip_id\) DO NOTHING[\s\S]*INSERT INTO billing_ledger/,
    );
  });
});

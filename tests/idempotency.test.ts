/**
 * `Idempotency-Key` on every POST that creates something or spends quota (docs/api.md
 * "Idempotency"), table-driven over the operations that declare it: the same key twice makes one
 * thing, counts one unit and answers the same body; the same key with another request is a 400;
 * three at once make one. Then the 24 h retention: records older than a day disappear without a
 * request (the `idempotency-prune` cron function, which the in-app executor fires), younger ones stay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, querySql } from "@/lib/db";
import { waitFor } from "@/lib/jobs/executor/testing";
import { OPERATIONS } from "@/lib/openapi/operations";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { FIXTURE_SERVER_ENV, Kit, operationFixtures, type Prepared } from "./support/operation-fixtures";
import { startTestServer, type TestServer } from "./support/test-server";
import { sendRequest, typedClient, type IncomingResponse } from "./support/typed-client";

let server: TestServer;
let other: Bootstrap;

beforeAll(async () => {
  // The prune fires every second here (a six-field cron expression), so its test needs no wait of an hour.
  server = await startTestServer({ env: { ...FIXTURE_SERVER_ENV, IDEMPOTENCY_PRUNE_CRON: "* * * * * *" } });
  other = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

/** What one user's apps hold and have counted: what a create makes and a spend counts. */
async function snapshot(user: Bootstrap): Promise<Record<string, number>> {
  const db = await getDb();
  const n = async (sql: string) => Number(((await db.$queryRawUnsafe(sql, user.userId)) as { n: bigint | number }[])[0]?.n ?? 0);
  const apps = `SELECT id FROM apps WHERE owner_id = $1::uuid`;
  const worlds = `SELECT id FROM worlds WHERE app_id IN (${apps})`;
  const out: Record<string, number> = {
    apps: await n(`SELECT count(*) AS n FROM apps WHERE owner_id = $1::uuid`),
    keys: await n(`SELECT count(*) AS n FROM api_keys WHERE app_id IN (${apps})`),
    webhooks: await n(`SELECT count(*) AS n FROM webhook_endpoints WHERE app_id IN (${apps})`),
    deliveries: await n(
      `SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id IN (SELECT id FROM webhook_endpoints WHERE app_id IN (${apps}))`,
    ),
    worlds: await n(`SELECT count(*) AS n FROM worlds WHERE app_id IN (${apps})`),
    versions: await n(`SELECT count(*) AS n FROM world_versions WHERE world_id IN (${worlds})`),
    playtests: await n(`SELECT count(*) AS n FROM playtests WHERE world_id IN (${worlds})`),
    datasets: await n(`SELECT count(*) AS n FROM sim_datasets WHERE world_id IN (${worlds})`),
    campaigns: await n(`SELECT count(*) AS n FROM campaigns WHERE app_id IN (${apps})`),
    jobs: await n(`SELECT count(*) AS n FROM generation_jobs WHERE app_id IN (${apps})`),
    batches: await n(`SELECT count(*) AS n FROM scenario_batches WHERE app_id IN (${apps})`),
    turns: await n(`SELECT count(*) AS n FROM character_turns WHERE character_id IN (${worlds})`),
    credit: await n(`SELECT coalesce(sum(credit_seconds), 0) AS n FROM chat_accounts WHERE app_id IN (${apps})`),
  };
  for (const kind of ["generation", "seed_frame", "say", "tts", "vision_ground", "vision_describe", "vision_check", "edit"]) {
    out[`quota.${kind}`] = await n(`SELECT coalesce(sum(used), 0) AS n FROM quota_counters WHERE app_id IN (${apps}) AND kind = '${kind}'`);
  }
  return out;
}

const pick = (counts: Record<string, number>, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, counts[k]]));

interface Case {
  /** What the first request makes or counts (each must grow, by the same amount however many retries). */
  counts: readonly string[];
  /** The same key with another request. */
  other: (prepared: Prepared, kit: Kit) => Promise<Partial<Prepared>> | Partial<Prepared>;
  /** Turns the fixture's request into one that succeeds (when the fixture's is a refusal). */
  prepare?: (prepared: Prepared, kit: Kit) => Promise<Prepared>;
  /** The request sent three at once, when the first can succeed only once whatever its key (a resume). */
  fresh?: (prepared: Prepared, kit: Kit) => Promise<Partial<Prepared>>;
}

/** The test key's mock campaign is complete at once; a partial one may be resumed. */
async function partialCampaign(kit: Kit): Promise<string> {
  const id = await kit.campaign();
  await (await getDb()).campaign.update({ where: { id }, data: { status: "partial" } });
  return id;
}

const withJson = (prepared: Prepared, patch: Record<string, unknown>): Partial<Prepared> => ({
  body: { json: { ...((prepared.body as { json?: Record<string, unknown> } | undefined)?.json ?? {}), ...patch } },
});

const CASES: Record<string, Case> = {
  createWorld: { counts: ["worlds", "quota.generation"], other: (p) => withJson(p, { name: "Another" }) },
  forkWorld: { counts: ["worlds"], other: (p) => withJson(p, { name: "Another fork" }) },
  createCampaign: { counts: ["campaigns"], other: (p) => withJson(p, { text: "Another book, another road." }) },
  resumeCampaign: {
    counts: ["jobs"],
    prepare: async (p) => {
      await (await getDb()).campaign.update({ where: { id: p.path!.id! }, data: { status: "partial" } });
      return p;
    },
    other: async (_p, kit) => ({ path: { id: await partialCampaign(kit) } }),
    fresh: async (_p, kit) => ({ path: { id: await partialCampaign(kit) } }),
  },
  editWorld: { counts: ["quota.edit"], other: (p) => withJson(p, { instruction: "add a state 'Cellar' after 'b'" }) },
  createWorldPlaytest: { counts: ["playtests"], other: (p) => withJson(p, { name: "another walk" }) },
  createWorldDataset: { counts: ["datasets", "jobs"], other: (p) => withJson(p, { episodes: 2 }) },
  createWorldVersion: { counts: ["versions"], other: (p) => withJson(p, { title: "another" }) },
  createSpeech: { counts: ["quota.tts"], other: (p) => withJson(p, { text: "Something else." }) },
  createCharacter: { counts: ["worlds", "quota.generation"], other: (p) => withJson(p, { name: "Another" }) },
  sayToCharacter: { counts: ["turns", "quota.say"], other: (p) => withJson(p, { text: "Something else entirely." }) },
  addPlayerCredit: { counts: ["credit"], other: (p) => withJson(p, { seconds: 61 }) },
  paintSeedFrame: { counts: ["quota.seed_frame"], other: (p) => withJson(p, { prompt: "another harbour" }) },
  paintScene: { counts: ["quota.seed_frame"], other: (p) => withJson(p, { stateId: "b" }) },
  groundVision: { counts: ["quota.vision_ground"], other: (p) => withJson(p, { phrases: ["another"] }) },
  describeVision: { counts: ["quota.vision_describe"], other: (p) => withJson(p, { detail: "long" }) },
  checkVision: { counts: ["quota.vision_check"], other: (p) => withJson(p, { expect: [{ label: "zebra", present: false }] }) },
  createScenarioBatch: { counts: ["batches"], other: (p) => withJson(p, { name: "another" }) },
  createApp: { counts: ["apps"], other: (p) => withJson(p, { name: "Yet another app" }) },
  createKey: { counts: ["keys"], other: (p) => withJson(p, { name: "another" }) },
  createWebhookEndpoint: { counts: ["webhooks"], other: (p) => withJson(p, { events: ["*"] }) },
  sendWebhookTestEvent: { counts: ["deliveries"], other: async (_p, kit) => ({ path: await kit.webhook() }) },
};

describe("the table covers every operation that declares idempotency", () => {
  it("has a case for each, and for nothing else", () => {
    expect(Object.keys(CASES).sort()).toEqual(
      OPERATIONS.filter((op) => op.idempotency)
        .map((op) => op.operationId)
        .sort(),
    );
  });

  it("declares it on every POST that creates or spends; the others are graph writes under If-Match, state moves, or create nothing", () => {
    const exempt = new Set([
      // Graph writes: If-Match / expectedRev makes a retry a 412, never a second write.
      "addWorldEvent",
      "applyWorldOps",
      "restoreWorldVersion",
      // Moves of a resource's state, which a repeat cannot make twice (a 409, or the same outcome).
      "cancelJob",
      "cancelScenarioBatch",
      "acceptScenarioClip",
      "rejectScenarioClip",
      "resendWebhookDelivery",
      "deleteWebhookEndpointViaPost",
      // Creates nothing, spends nothing.
      "validateWorld",
      "createSessionToken",
      // Credits play time capped by the wall time since the token was minted: a repeat cannot add more.
      "sendHeartbeat",
      // A browser's anonymous player id: signed, stored nowhere, so a retry only mints another.
      "createPlayerId",
      // Reads which worlds a player likes (a POST for its body of ids).
      "lookupLikes",
    ]);
    const posts = OPERATIONS.filter((op) => op.method === "POST");
    expect(posts.filter((op) => !op.idempotency && !exempt.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
  });
});

const fixtures = operationFixtures().filter((f) => CASES[f.operationId]);

describe("the same key", () => {
  it.each(fixtures.map((f) => [`${f.method} ${f.template}`, f] as const))(
    "%s: twice → one made, one counted, the same answer; another request → 400; three at once → one",
    async (_name, fixture) => {
      const spec = CASES[fixture.operationId]!;
      const me = await bootstrap();
      const kit = new Kit(typedClient(server.url), { me, other, baseUrl: server.url });
      let prepared = await fixture.prepare(kit);
      if (spec.prepare) prepared = await spec.prepare(prepared, kit);
      const send = (key: string, over: Partial<Prepared> = {}): Promise<IncomingResponse> =>
        sendRequest(kit.api, { ...prepared, ...over, headers: { ...prepared.headers, ...over.headers, "idempotency-key": key } });

      const before = pick(await snapshot(me), spec.counts);
      const first = await send(`${fixture.operationId}-1`);
      expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBeLessThan(300);
      const made = pick(await snapshot(me), spec.counts);
      for (const key of spec.counts) expect(made[key], `${key} grows`).toBeGreaterThan(before[key]!);

      const again = await send(`${fixture.operationId}-1`);
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(pick(await snapshot(me), spec.counts)).toEqual(made);

      const changed = await send(`${fixture.operationId}-1`, await spec.other(prepared, kit));
      expect(changed.status, JSON.stringify(changed.body).slice(0, 300)).toBe(400);
      expect(changed.body).toMatchObject({ code: "invalid_request", detail: expect.stringMatching(/Idempotency-Key .* other parameters/) });
      const afterRefusal = pick(await snapshot(me), spec.counts);

      const fresh = spec.fresh ? await spec.fresh(prepared, kit) : {};
      const together = await Promise.all([1, 2, 3].map(() => send(`${fixture.operationId}-2`, fresh)));
      expect(new Set(together.map((r) => r.status))).toEqual(new Set([first.status]));
      for (const r of together) expect(r.body).toEqual(together[0]!.body);
      const end = pick(await snapshot(me), spec.counts);
      for (const key of spec.counts)
        expect(end[key]! - afterRefusal[key]!, `${key}: three at once count as one`).toBe(made[key]! - before[key]!);
    },
    120_000,
  );
});

describe("the claim's commit", () => {
  it("skips the log's flush in its own transaction only: every pooled connection still commits synchronously", async () => {
    const me = await bootstrap();
    const kit = new Kit(typedClient(server.url), { me, other, baseUrl: server.url });
    const fixture = fixtures.find((f) => f.operationId === "createWorld")!;
    // A generation claims its key first (an import records it in its own write, with no claim).
    const prepared: Prepared = { ...(await fixture.prepare(kit)), body: { json: { premise: "A harbour at dusk" } } };
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sendRequest(kit.api, { ...prepared, headers: { ...prepared.headers, "idempotency-key": `claim-commit-${i}` } }),
      ),
    );
    expect(
      sent.every((r) => r.status < 300),
      JSON.stringify(sent.map((r) => r.status)),
    ).toBe(true);
    const settings = await Promise.all(
      Array.from({ length: 30 }, () => querySql<{ s: string }>(`SELECT current_setting('synchronous_commit') AS s`, [])),
    );
    expect(new Set(settings.map(([row]) => row!.s))).toEqual(new Set(["on"]));
  });
});

describe("records older than 24 h", () => {
  it("disappear without a request; younger ones stay", async () => {
    const me = await bootstrap();
    const db = await getDb();
    const hour = 3_600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour);
    const rows = [
      { key: "world:old-1", createdAt: at(25) },
      { key: "world:old-2", createdAt: at(24 * 7) },
      { key: "world:young", createdAt: at(23) },
      { key: "world:new", createdAt: at(0) },
    ];
    await db.idempotencyRecord.createMany({
      data: rows.map((r) => ({
        appId: me.appId,
        mode: "test",
        key: r.key,
        requestHash: "x",
        state: "done",
        status: 201,
        body: {},
        createdAt: r.createdAt,
      })),
    });
    // No request is made: the cron function, fired by the in-app executor, prunes them.
    await waitFor(async () => (await db.idempotencyRecord.count({ where: { appId: me.appId, key: { startsWith: "world:old" } } })) === 0, {
      what: "the old records to be pruned",
    });
    const left = await db.idempotencyRecord.findMany({ where: { appId: me.appId }, select: { key: true } });
    expect(left.map((r) => r.key).sort()).toEqual(["world:new", "world:young"]);
    const runs = await db.jobRun.count({ where: { functionId: { endsWith: "idempotency-prune" }, status: "completed" } });
    expect(runs).toBeGreaterThan(0);
  });
});

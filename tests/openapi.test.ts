import { makeSmallWorld } from "@/lib/kernel/fixtures";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCliCommand } from "@/lib/cli/commands";
import { getDb } from "@/lib/db";
import { inngest } from "@/lib/jobs/client";
import { waitFor } from "@/lib/jobs/executor/testing";
import { setQuotaCap } from "@/lib/quota/quota";
import { mockWorld } from "@/lib/kernel";
import { buildOpenApiDocument, type OpenApiParameter } from "@/lib/openapi/document";
import { errorsOf } from "@/lib/openapi/errors-of";
import { OPERATIONS, TAGS } from "@/lib/openapi/operations";
import { checkedClient, checkedResponses } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

/** Every `$ref` in the document, with where it was found. */
function collectRefs(node: unknown, at = "#", out: [string, string][] = []): [string, string][] {
  if (Array.isArray(node)) node.forEach((item, i) => collectRefs(item, `${at}/${i}`, out));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") out.push([at, value]);
      else collectRefs(value, `${at}/${key}`, out);
    }
  }
  return out;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
    .reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), doc);
}

describe("the OpenAPI document", () => {
  const doc = buildOpenApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ path: p, method, op })),
  );

  it("is OpenAPI 3.1 with info, servers, tags and security schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "Programmable Worlds API", version: "1.0" });
    expect(doc.servers).toEqual([{ url: "/" }]);
    expect(doc.tags.map((t) => t.name)).toEqual(TAGS.map((t) => t.name));
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(["secretKey", "publishableKey", "userSession", "sessionToken"]),
    );
    for (const section of Object.values(doc.components)) {
      for (const name of Object.keys(section)) expect(name).toMatch(/^[a-zA-Z0-9._-]+$/);
    }
    // What a served document looks like: JSON round-trips unchanged (no undefined, no functions).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("gives every operation an id, a summary, a known tag, security and responses", () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations) {
      const where = `${method} ${p}`;
      expect(p, where).toMatch(/^\/v1\//);
      expect(["get", "post", "put", "patch", "delete"], where).toContain(method);
      expect(op.summary.length, where).toBeGreaterThan(0);
      expect(
        TAGS.map((t) => t.name),
        where,
      ).toContain(op.tags[0]);
      for (const requirement of op.security)
        for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes, where).toHaveProperty(scheme);
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${where} has no success response`,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        expect(status, where).toMatch(/^[1-5]\d\d$/);
        expect(
          typeof (
            response.description ?? (resolvePointer(doc, (response as { $ref: string }).$ref) as { description?: string })?.description
          ),
          `${where} ${status}`,
        ).toBe("string");
      }
      // Every template parameter is a required path parameter, and nothing else is.
      const template = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = (op.parameters ?? []).filter((x): x is OpenApiParameter => "in" in x && x.in === "path");
      expect(
        pathParams.map((x) => x.name),
        where,
      ).toEqual(template);
      for (const param of pathParams) expect(param.required, where).toBe(true);
    }
  });

  it("documents, per operation, the errors of its kind of route", () => {
    for (const op of OPERATIONS) {
      const documented = Object.keys(doc.paths[op.path]![op.method.toLowerCase()]!.responses);
      const wrapped = !op.unwrapped;
      if (wrapped) expect(documented, `${op.method} ${op.path}`).toContain("500");
      if (op.auth !== "none") expect(documented).toEqual(expect.arrayContaining(["401", "429"]));
      if (op.params) expect(documented).toContain("404");
      if (op.body) expect(documented).toEqual(expect.arrayContaining(["400", "413", "415"]));
      expect(Object.keys(errorsOf(op)).length > 0).toBe(wrapped);
    }
  });

  it("resolves every $ref", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(50);
    const unresolved = refs.filter(([, ref]) => resolvePointer(doc, ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it("has only valid JSON Schema 2020-12 schemas, which compile", () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const root = JSON.parse(JSON.stringify(doc.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/'));
    expect(ajv.validateSchema({ $defs: root }), JSON.stringify(ajv.errors)).toBe(true);
    ajv.addSchema({ $id: "https://pw.invalid/s", $defs: root });
    for (const name of Object.keys(root)) expect(() => ajv.getSchema(`https://pw.invalid/s#/$defs/${name}`), name).not.toThrow();
  });

  it("publishes response objects open (forward-compatible) and keeps requests closed", () => {
    const published = buildOpenApiDocument();
    const closed = buildOpenApiDocument({ closedResponses: true });
    expect(published.components.schemas.WorldResource).not.toHaveProperty("additionalProperties");
    expect(closed.components.schemas.WorldResource).toHaveProperty("additionalProperties", false);
    expect(published.components.schemas.CreateWorldRequest).toHaveProperty("additionalProperties", false);
    // The graph is open in both: unknown graph properties survive (docs/api.md "Worlds").
    expect(closed.components.schemas.World).toHaveProperty("additionalProperties", {});
  });

  it("documents request bodies from the route schemas' input view", () => {
    const body = doc.components.schemas.CreateWorldRequest as { properties: Record<string, { maxLength?: number }> };
    expect(body.properties.text?.maxLength).toBe(40_000);
    const list = doc.paths["/v1/worlds"]!.get!.parameters as { name: string; schema: { default?: number; maximum?: number } }[];
    expect(list.find((p) => p.name === "limit")?.schema).toMatchObject({ default: 20, maximum: 100 });
    expect(doc.paths["/v1/worlds/{id}/fork"]!.post!.requestBody?.required).toBe(false);
    expect(doc.paths["/v1/worlds/{id}/ops"]!.post!.requestBody?.required).toBe(true);
  });
});

describe("every documented success response, live", () => {
  let server: TestServer;
  let api: ReturnType<typeof checkedClient>;
  let boot: { userToken: string; appId: string; keys: Record<"sk_test" | "pk_test" | "sk_live" | "pk_live", string> };

  beforeAll(async () => {
    server = await startTestServer();
    api = checkedClient(server.url);
    boot = (await runCliCommand("bootstrap", { email: "openapi@example.com" })) as typeof boot;
  });

  afterAll(async () => {
    await server?.close();
  });

  it("validates a walk through every operation against the document", async () => {
    const sk = boot.keys.sk_live;
    const user = boot.userToken;
    const ok = async (promise: Promise<{ status: number; body: any }>, status = 200) => {
      const res = await promise;
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      return res.body;
    };

    await ok(api.get("/v1/openapi.json"));
    await ok(api.post("/v1/worlds", { premise: "a lighthouse that remembers ships" }, boot.keys.sk_test));
    const imported = await ok(
      api.post("/v1/worlds", { world: mockWorld({ premise: "an orchard at the edge of a map" }), name: "Orchard" }, sk),
      201,
    );
    const w = `/v1/worlds/${imported.worldId}`;
    const world = await ok(api.get(w, boot.keys.pk_live));
    await ok(api.call("GET", w, { token: sk, headers: { "if-none-match": `"${world.rev}"` } }), 304);
    await ok(api.get("/v1/worlds?limit=1", sk));
    await ok(api.patch(w, { visibility: "public", expectedRev: world.rev }, sk));
    await ok(api.get(`${w}/scene`, sk));
    await ok(api.get(`${w}/states`, sk));
    await ok(api.get(`${w}/events`, sk));
    await ok(api.get(`${w}/lint`, sk));
    const state = Object.keys(world.world.scene.states)[0];
    await ok(api.post(`${w}/events`, { from: state, name: "Wave", hotkey: "w" }, sk));
    await ok(
      api.post(
        `${w}/ops`,
        {
          ops: [
            { op: "add_state", id: "cellar", base: "a cold cellar" },
            { op: "delete_state", id: "nowhere" },
          ],
        },
        sk,
      ),
    );
    await ok(api.post(`${w}/ops`, { ops: [{ op: "set_entrance", state: "nowhere" }] }, sk), 422);
    await ok(api.post(`${w}/ops`, { ops: [{ op: "add_state", id: "attic" }], expectedRev: "stale" }, sk), 412);
    const entrance = world.world.entrance.state as string;
    const exit = world.world.scene.events.find((e: { from: string }) => e.from === entrance);
    const playtest = await ok(
      api.post(`${w}/playtests`, { name: "first move", steps: [{ event: exit.name, state: exit.to ?? entrance }] }, sk),
      201,
    );
    await ok(api.get(`${w}/playtests`, sk));
    const dataset = await ok(api.post(`${w}/datasets`, { episodes: 1, maxSteps: 10 }, sk), 202);
    await ok(api.get(`${w}/datasets/${dataset.datasetId}`, sk));
    await ok(api.post(`${w}/edit`, { instruction: "add a state 'Attic' after 'cellar'", dryRun: true }, sk));
    await ok(api.post(`${w}/edit`, { instruction: "add a state 'Attic' after 'cellar'" }, sk));
    await ok(api.post(`${w}/edit`, { instruction: "remove the atic" }, sk), 422);
    await ok(api.del(`${w}/playtests/${playtest.playtestId}`, sk));
    const current = await ok(api.get(w, sk));
    for (const projection of ["scene", "states", "events", "lint"]) {
      await ok(api.call("GET", `${w}/${projection}`, { token: sk, headers: { "if-none-match": `"${current.rev}"` } }), 304);
    }
    await ok(api.post("/v1/validate", { world: world.world }, sk));
    const fork = await ok(api.post(`${w}/fork`, {}, sk), 201);
    const first = await ok(api.post(`${w}/versions`, { title: "first" }, sk), 201);
    const second = await ok(api.post(`${w}/versions`, {}, sk), 201);
    await ok(api.get(`${w}/versions`, sk));
    await ok(api.get(`${w}/versions/${first.versionId}`, sk));
    // A version's title and HEAD flag move without its rev: never a 304 (docs/api.md).
    await ok(api.call("GET", `${w}/versions/${first.versionId}`, { token: sk, headers: { "if-none-match": first.rev } }), 200);
    await ok(api.patch(`${w}/versions/${first.versionId}`, { title: "renamed" }, sk));
    await ok(api.post(`${w}/versions/${first.versionId}/restore`, {}, sk));
    await ok(api.del(`${w}/versions/${second.versionId}`, sk));
    await ok(api.del(`${w}/versions/${first.versionId}`, sk), 409);
    await ok(api.del(`/v1/worlds/${fork.worldId}`, sk));
    await ok(api.get(`/v1/worlds/${fork.worldId}`, sk), 404);
    await ok(api.get("/v1/usage", sk));
    await ok(api.get("/v1/usage/history?days=30", sk));
    await ok(api.get("/v1/usage"), 401);
    await ok(api.post("/v1/worlds", { premise: "x" }, boot.keys.pk_test), 403);
    await ok(api.post("/v1/worlds", { premise: 1 }, sk), 400);

    await ok(api.get("/v1/apps", user));
    const app = await ok(api.post("/v1/apps", { name: "Docs" }, user), 201);
    await ok(api.get(`/v1/apps/${app.id}`, user));
    await ok(api.patch(`/v1/apps/${app.id}`, { embedOrigins: ["https://docs.example"] }, user));
    const key = await ok(api.post(`/v1/apps/${app.id}/keys`, { kind: "secret", mode: "test", scopes: ["worlds:read"] }, user), 201);
    await ok(api.get(`/v1/apps/${app.id}/keys`, user));
    await ok(api.del(`/v1/apps/${app.id}/keys/${key.id}`, user));
    const hook = await ok(api.post(`/v1/apps/${app.id}/webhooks`, { url: "https://93.184.215.14/hooks" }, user), 201);
    await ok(api.get(`/v1/apps/${app.id}/webhooks`, user));
    await ok(api.get(`/v1/apps/${app.id}/webhooks/${hook.id}/deliveries?limit=5`, user));
    {
      // A test event and a resend, with their delivery runs held back: the hook's address is public, and nothing here may reach it.
      const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
      const test = await ok(api.post(`/v1/apps/${app.id}/webhooks/${hook.id}/test`, undefined, user), 202);
      await (await getDb()).webhookDelivery.update({ where: { id: test.id }, data: { state: "failed", attempts: 3 } });
      await ok(api.post(`/v1/apps/${app.id}/webhooks/${hook.id}/deliveries/${test.id}/resend`, undefined, user), 202);
      expect(send).toHaveBeenCalledTimes(2);
      send.mockRestore();
    }
    await ok(api.patch(`/v1/apps/${app.id}/webhooks/${hook.id}`, { enabled: false, events: ["*"] }, user));
    await ok(api.del(`/v1/apps/${app.id}/webhooks/${hook.id}`, user));
    const hook2 = await ok(api.post(`/v1/apps/${app.id}/webhooks`, { url: "https://93.184.215.14/hooks", events: ["*"] }, user), 201);
    await ok(api.post(`/v1/apps/${app.id}/webhooks/${hook2.id}/delete`, {}, user));
    await ok(api.get("/v1/nope", sk), 404);
    const queued = await ok(api.post("/v1/worlds", { premise: "A walk through the reference", async: true }, sk), 202);
    await ok(api.get(`/v1/jobs/${queued.jobId}`, sk));
    // Cancelled straight after queueing: 200 unless the job already finished (then 409; try again).
    for (let tries = 0; tries < 5; tries++) {
      const toCancel = await ok(api.post("/v1/worlds", { premise: `Cancelled at once ${tries}`, async: true }, sk), 202);
      const cancelled = await api.post(`/v1/jobs/${toCancel.jobId}/cancel`, {}, sk);
      expect([200, 409]).toContain(cancelled.status);
      if (cancelled.status === 200) break;
    }
    const seed = await ok(api.post("/v1/seed-frame", { prompt: "a reference frame" }, sk));
    // Vision on the live frame just painted (local provider: the painter's manifest or the detector).
    const frame = { b64: seed.imageBase64 };
    await ok(api.post("/v1/vision/ground", { frame, phrases: ["frame"] }, sk));
    await ok(api.post("/v1/vision/describe", { frame }, sk));
    await ok(api.post("/v1/vision/check", { frame, expect: [{ label: "giraffe", present: false }] }, sk));
    // Live scenes read the subject reference: the frame just painted (hosted by this app) is one.
    const withRef = await ok(
      api.post("/v1/worlds", { world: { ...makeSmallWorld(), subjectRef: { imageUrl: seed.url, descriptor: "a red fox" } } }, sk),
      201,
    );
    await ok(api.post(`/v1/worlds/${withRef.worldId}/scenes`, { stateId: "a" }, sk));

    // Runtime: a session token, the embed player's calls, a character and a talk turn.
    const minted = await ok(api.post("/v1/sessions/token", { worldId: imported.worldId, userRef: "walker" }, sk));
    const runtime = await ok(api.get("/v1/runtime/world", minted.token));
    await ok(api.call("GET", "/v1/runtime/world", { token: minted.token, headers: { "if-none-match": `"${runtime.rev}"` } }), 304);
    await ok(api.post("/v1/runtime/heartbeat", { sessionId: runtime.sessionId, seconds: 5 }, minted.token));
    await ok(api.get(`/v1/runtime/public/${world.slug}`));
    // Explore and likes: the public world is listed, and a player likes it and takes it back.
    await ok(api.get("/v1/explore?sort=likes&limit=5"));
    const { playerId } = await ok(api.post("/v1/players", undefined), 201);
    await ok(api.call("PUT", `/v1/likes/${world.id}`, { body: { playerId } }));
    await ok(api.post("/v1/likes/lookup", { playerId, ids: [world.id] }));
    await ok(api.call("DELETE", `/v1/likes/${world.id}`, { body: { playerId } }));
    const character = await ok(api.post("/v1/characters", { name: "Walker", persona: "A guide to the reference." }, sk), 201);
    const c = `/v1/characters/${character.id}`;
    const storedCharacter = await ok(api.get(c, sk));
    await ok(api.call("GET", c, { token: sk, headers: { "if-none-match": `"${storedCharacter.rev}"` } }), 304);
    await ok(
      api.patch(
        c,
        { greeting: "Welcome to the reference.", stances: [{ id: "calm", label: "Calm" }], expectedRev: storedCharacter.rev },
        sk,
      ),
    );
    const talk = await ok(api.post("/v1/sessions/token", { characterId: character.id, userRef: "walker" }, sk));
    await ok(api.post(`${c}/say`, { text: "Hello! What is this place?" }, talk.token));
    await ok(api.get(`${c}/transcript?userRef=walker`, sk));
    await ok(api.patch("/v1/players/walker", { plan: "plus" }, sk));
    await ok(api.post("/v1/players/walker/credit", { seconds: 60 }, sk));
    await ok(api.get("/v1/players/walker", sk));
    await ok(api.get("/v1/players?limit=5", sk));
    await ok(api.post("/v1/tts", { text: "Welcome to the reference." }, sk));

    // Scenario batches (test key: the mock painter): a manual batch whose clips wait for review,
    // one accepted and one rejected; another cancelled at once.
    const tk = boot.keys.sk_test;
    const scenarioWorld = await ok(api.post("/v1/worlds", { world: makeSmallWorld() }, tk), 201);
    const clip = { kind: "variation", from: "a", path: ["go"], apply: { timeOfDay: "night" }, expect: { reach: "b" } };
    const batch = await ok(
      api.post("/v1/scenario-batches", { worldId: scenarioWorld.worldId, review: "manual", clips: [clip, clip] }, tk),
      202,
    );
    const toCancel = await ok(
      api.post("/v1/scenario-batches", { worldId: scenarioWorld.worldId, clips: Array.from({ length: 20 }, () => clip) }, tk),
      202,
    );
    await ok(api.post(`/v1/scenario-batches/${toCancel.batchId}/cancel`, {}, tk));
    await ok(api.get("/v1/scenario-batches?limit=1", tk));
    const settled = await waitFor(
      async () => {
        const read = await ok(api.get(`/v1/scenario-batches/${batch.batchId}`, tk));
        return read.status === "completed" ? read : undefined;
      },
      { what: "the scenario batch" },
    );
    await ok(api.post(`/v1/scenario-batches/${batch.batchId}/clips/${settled.clips[0].clipId}/accept`, {}, tk));
    await ok(api.post(`/v1/scenario-batches/${batch.batchId}/clips/${settled.clips[1].clipId}/reject`, {}, tk));

    // Campaigns: a test key's mock; a live one stopped by the quota at once, then resumed.
    const mockCampaign = await ok(
      api.post("/v1/campaigns", { text: "Mara walks from Port Ellis to the Salt Hills." }, boot.keys.sk_test),
      202,
    );
    await ok(api.get(`/v1/campaigns/${mockCampaign.campaignId}`, boot.keys.sk_test));
    await ok(api.get("/v1/jobs/test_mock", boot.keys.sk_test));
    await ok(api.get("/v1/campaigns?limit=1", boot.keys.sk_test));
    await setQuotaCap(boot.appId, "generation", (await ok(api.get("/v1/usage", sk))).quotas.generation.used);
    const capped = await ok(
      api.post("/v1/campaigns", { text: "Mara walks from Port Ellis to the Salt Hills. The tide turns at Gull Rock.", target_acts: 2 }, sk),
      202,
    );
    await waitFor(async () => (await ok(api.get(`/v1/campaigns/${capped.campaignId}`, sk))).status === "partial", {
      what: "the capped campaign to stop",
    });
    await ok(api.get(`/v1/jobs/${capped.jobId}`, sk));
    await ok(api.post(`/v1/campaigns/${capped.campaignId}/resume`, {}, sk), 202);

    // Every documented success status was seen and checked at least once.
    const successes = OPERATIONS.flatMap((op) => Object.keys(op.responses).map((status) => `${op.method} ${op.path} ${status}`));
    expect(successes.filter((s) => !checkedResponses().has(s))).toEqual([]);
    // A walk of every operation, jobs included: longer than the default timeout on a busy machine.
  }, 180_000);
});

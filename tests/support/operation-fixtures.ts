/**
 * One valid request for every operation of the OpenAPI document, made against a running test
 * server: the resources its path names (created for the caller, `me`, in test mode), a body and
 * query the operation accepts, and the credential that is entitled to it. The fuzz mutates these
 * requests; the credential matrix swaps their credential. Setup calls go through the typed
 * openapi-fetch client, so the generated types are exercised as a user would write them.
 */
import { expect } from "vitest";
import { getDb } from "@/lib/db";
import { waitFor } from "@/lib/jobs/executor/testing";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import type { HttpMethod } from "@/lib/openapi/operation";
import { OPERATIONS } from "@/lib/openapi/operations";
import type { Bootstrap } from "./fixtures";
import { bearer, type TypedClient, type OutgoingRequest } from "./typed-client";

export interface Actors {
  me: Bootstrap;
  other: Bootstrap;
  /** The test server's origin; webhook endpoints point back at it (loopback only). */
  baseUrl: string;
}

export { FIXTURE_SERVER_ENV } from "./fixture-server-env";

export interface Prepared extends OutgoingRequest {
  /** A world whose `rev` a refused request must leave alone. */
  worldId?: string;
}

type Prepare = (kit: Kit) => Promise<Omit<Prepared, "method" | "template">>;

/** Fails the test unless a setup call answered `status`; returns its body. */
function ok<T>(res: { data?: T; error?: unknown; response: Response }, status: number): T {
  expect(res.response.status, JSON.stringify(res.error ?? res.data)).toBe(status);
  return res.data as T;
}

/** Resources made on demand for the fixtures. */
export class Kit {
  private seed?: string;
  constructor(
    readonly api: TypedClient,
    readonly actors: Actors,
  ) {}

  get sk(): string {
    return this.actors.me.keys.sk_test;
  }

  get user(): string {
    return this.actors.me.userToken;
  }

  get appId(): string {
    return this.actors.me.appId;
  }

  async world(key = this.sk): Promise<string> {
    const body = ok(await this.api.POST("/v1/worlds", { body: { world: makeSmallWorld() as never }, ...bearer(key) }), 201);
    // The 201 (an import) always names its world; the type is the union of 200, 201 and 202.
    return body.worldId!;
  }

  async character(): Promise<string> {
    return ok(
      await this.api.POST("/v1/characters", {
        body: { name: "Fuzz Keeper", persona: "You keep the fuzz lighthouse." },
        ...bearer(this.sk),
      }),
      201,
    ).id;
  }

  async session(subject: { worldId: string } | { characterId: string }, key = this.sk): Promise<string> {
    return ok(await this.api.POST("/v1/sessions/token", { body: { ...subject, userRef: "fuzzer" }, ...bearer(key) }), 200).token;
  }

  async frame(): Promise<string> {
    this.seed ??= ok(
      await this.api.POST("/v1/seed-frame", { body: { prompt: "a frame to look at" }, ...bearer(this.sk) }),
      200,
    ).imageBase64;
    return this.seed;
  }

  async version(worldId: string): Promise<string> {
    return ok(
      await this.api.POST("/v1/worlds/{id}/versions", { params: { path: { id: worldId } }, body: { title: "v" }, ...bearer(this.sk) }),
      201,
    ).versionId;
  }

  async campaign(): Promise<string> {
    return ok(
      await this.api.POST("/v1/campaigns", { body: { text: "Mara walks from Port Ellis to the Salt Hills." }, ...bearer(this.sk) }),
      202,
    ).campaignId;
  }

  async batch(review: "auto" | "manual", clips = 1): Promise<string> {
    const worldId = await this.world();
    const clip = { kind: "variation" as const, from: "a", path: ["go"], apply: { timeOfDay: "night" as const }, expect: { reach: "b" } };
    const body = { worldId, review, clips: Array.from({ length: clips }, () => clip) };
    return ok(await this.api.POST("/v1/scenario-batches", { body, ...bearer(this.sk) }), 202).batchId;
  }

  /** A manual-review batch, completed, whose first clip waits for review: the clip routes' path. */
  async pendingClip(): Promise<{ id: string; clipId: string }> {
    const batchId = await this.batch("manual");
    const clipId = await waitFor(
      async () => {
        const read = ok(await this.api.GET("/v1/scenario-batches/{id}", { params: { path: { id: batchId } }, ...bearer(this.sk) }), 200);
        return read.status === "completed" ? read.clips[0]!.clipId : undefined;
      },
      { what: "the manual batch to settle" },
    );
    return { id: batchId, clipId };
  }

  async app(): Promise<string> {
    return ok(await this.api.POST("/v1/apps", { body: { name: "Fuzz app" }, ...bearer(this.user) }), 201).id;
  }

  /**
   * A webhook endpoint in an app of its own (an app holds at most 20), pointing back at the test
   * server (loopback only, WEBHOOK_ALLOW_HTTP_LOOPBACK): deliveries get the server's 404.
   */
  async webhook(): Promise<{ id: string; whId: string }> {
    const id = await this.app();
    const body = { url: `${this.actors.baseUrl}/webhook-sink` };
    return {
      id,
      whId: ok(await this.api.POST("/v1/apps/{id}/webhooks", { params: { path: { id } }, body, ...bearer(this.user) }), 201).id,
    };
  }

  /** A delivery of a test event, failed after its attempts (the sink answers 404), so that it may be resent. */
  async failedDelivery(): Promise<{ id: string; whId: string; deliveryId: string }> {
    const { id, whId } = await this.webhook();
    const sent = ok(
      await this.api.POST("/v1/apps/{id}/webhooks/{whId}/test", { params: { path: { id, whId } }, ...bearer(this.user) }),
      202,
    );
    const db = await getDb();
    await waitFor(async () => (await db.webhookDelivery.findUnique({ where: { id: sent.id } }))?.state === "failed", {
      what: "the test delivery to fail",
    });
    return { id, whId, deliveryId: sent.id };
  }

  async key(): Promise<string> {
    return (await this.newKey()).id;
  }

  async newKey(): Promise<{ id: string; secret: string }> {
    const body = { kind: "secret" as const, mode: "test" as const };
    return ok(await this.api.POST("/v1/apps/{id}/keys", { params: { path: { id: this.appId } }, body, ...bearer(this.user) }), 201);
  }

  /** A secret key of `me`'s app that has been revoked. */
  async revokedKey(): Promise<string> {
    const { id, secret } = await this.newKey();
    ok(await this.api.DELETE("/v1/apps/{id}/keys/{keyId}", { params: { path: { id: this.appId, keyId: id } }, ...bearer(this.user) }), 200);
    return secret;
  }

  async publicSlug(): Promise<string> {
    return (await this.publicWorld()).slug;
  }

  /** A live world of the caller's made public: what Explore lists and players like. */
  async publicWorld(): Promise<{ id: string; slug: string }> {
    const live = this.actors.me.keys.sk_live;
    const id = await this.world(live);
    const patched = ok(
      await this.api.PATCH("/v1/worlds/{id}", { params: { path: { id } }, body: { visibility: "public" }, ...bearer(live) }),
      200,
    );
    return { id, slug: patched.slug! };
  }

  /** A new anonymous player id (POST /v1/players). */
  async playerId(): Promise<string> {
    return ok(await this.api.POST("/v1/players", {}), 201).playerId;
  }

  async dataset(worldId: string): Promise<string> {
    return ok(
      await this.api.POST("/v1/worlds/{id}/datasets", {
        params: { path: { id: worldId } },
        body: { episodes: 1, maxSteps: 5 },
        ...bearer(this.sk),
      }),
      202,
    ).datasetId;
  }

  async playtest(worldId: string): Promise<string> {
    const body = { name: "walk", steps: [{ event: "go", state: "b" }] };
    return ok(await this.api.POST("/v1/worlds/{id}/playtests", { params: { path: { id: worldId } }, body, ...bearer(this.sk) }), 201)
      .playtestId;
  }
}

/** A key route on one world of `me`. */
const onWorld =
  (rest: (kit: Kit, id: string) => Promise<Partial<Prepared>> | Partial<Prepared> = () => ({})): Prepare =>
  async (kit) => {
    const id = await kit.world();
    return { token: kit.sk, path: { id }, worldId: id, ...(await rest(kit, id)) };
  };

const FIXTURES: Record<string, Prepare> = {
  // Worlds
  createWorld: async (kit) => ({ token: kit.sk, body: { json: { world: makeSmallWorld() } } }),
  listWorlds: async (kit) => ({ token: kit.sk, query: { limit: 5 } }),
  getWorld: onWorld(),
  updateWorld: onWorld(() => ({ body: { json: { name: "Renamed" } } })),
  deleteWorld: onWorld(),
  forkWorld: onWorld(() => ({ body: { json: { name: "Forked" } } })),
  // Campaigns (test key: the mock, one chapter, complete at once; so a resume is a 409)
  createCampaign: async (kit) => ({ token: kit.sk, body: { json: { text: "Mara walks from Port Ellis to the Salt Hills." } } }),
  listCampaigns: async (kit) => ({ token: kit.sk, query: { limit: 5 } }),
  getCampaign: async (kit) => ({ token: kit.sk, path: { id: await kit.campaign() } }),
  resumeCampaign: async (kit) => ({ token: kit.sk, path: { id: await kit.campaign() } }),
  // Graph
  getWorldScene: onWorld(),
  listWorldStates: onWorld(),
  listWorldEvents: onWorld(),
  lintWorld: onWorld(),
  addWorldEvent: onWorld(() => ({ body: { json: { from: "a", name: "Wave", hotkey: "w" } } })),
  applyWorldOps: onWorld(() => ({ body: { json: { ops: [{ op: "add_state", id: "cellar", base: "a cold cellar" }] } } })),
  editWorld: onWorld(() => ({ body: { json: { instruction: "add a state 'Attic' after 'b'", dryRun: true } } })),
  // Play-throughs and datasets
  listWorldPlaytests: onWorld(),
  createWorldPlaytest: onWorld(() => ({ body: { json: { name: "walk", steps: [{ event: "go", state: "b" }] } } })),
  deleteWorldPlaytest: onWorld(async (kit, id) => ({ path: { id, playtestId: await kit.playtest(id) } })),
  createWorldDataset: onWorld(() => ({ body: { json: { episodes: 1, maxSteps: 5 } } })),
  getWorldDataset: onWorld(async (kit, id) => ({ path: { id, datasetId: await kit.dataset(id) } })),
  // Versions
  listWorldVersions: onWorld(),
  createWorldVersion: onWorld(() => ({ body: { json: { title: "snapshot" } } })),
  getWorldVersion: onWorld(async (kit, id) => ({ path: { id, versionId: await kit.version(id) } })),
  renameWorldVersion: onWorld(async (kit, id) => ({
    path: { id, versionId: await kit.version(id) },
    body: { json: { title: "renamed" } },
  })),
  pruneWorldVersion: onWorld(async (kit, id) => {
    const first = await kit.version(id);
    await kit.version(id); // HEAD moves on: the first may be pruned
    return { path: { id, versionId: first } };
  }),
  restoreWorldVersion: onWorld(async (kit, id) => ({ path: { id, versionId: await kit.version(id) }, body: { json: {} } })),
  validateWorld: async (kit) => ({ token: kit.sk, body: { json: { world: makeSmallWorld() } } }),
  getUsage: async (kit) => ({ token: kit.sk }),
  getUsageHistory: async (kit) => ({ token: kit.sk, query: { days: 7 } }),
  // Runtime
  createSessionToken: onWorld((_kit, id) => ({ path: undefined, body: { json: { worldId: id, userRef: "fuzzer" } } })),
  getRuntimeWorld: async (kit) => {
    const worldId = await kit.world();
    return { token: await kit.session({ worldId }), worldId };
  },
  getPublicRuntimeWorld: async (kit) => ({ path: { slug: await kit.publicSlug() } }),
  // Explore
  listExplore: async () => ({ query: { limit: 5, sort: "likes" } }),
  createPlayerId: async () => ({}),
  likeWorld: async (kit) => ({ path: { id: (await kit.publicWorld()).id }, body: { json: { playerId: await kit.playerId() } } }),
  unlikeWorld: async (kit) => ({ path: { id: (await kit.publicWorld()).id }, body: { json: { playerId: await kit.playerId() } } }),
  lookupLikes: async (kit) => ({ body: { json: { playerId: await kit.playerId(), ids: [(await kit.publicWorld()).id] } } }),
  sendHeartbeat: async (kit) => {
    const worldId = await kit.world();
    const token = await kit.session({ worldId });
    const world = ok(await kit.api.GET("/v1/runtime/world", bearer(token)), 200);
    return { token, body: { json: { sessionId: world.sessionId, seconds: 5 } }, worldId };
  },
  createSpeech: async (kit) => ({ token: kit.sk, body: { json: { text: "Welcome, fuzzer." } } }),
  // Characters
  createCharacter: async (kit) => ({ token: kit.sk, body: { json: { name: "Walker", persona: "A guide to the fuzz." } } }),
  getCharacter: async (kit) => ({ token: kit.sk, path: { id: await kit.character() } }),
  updateCharacter: async (kit) => ({
    token: kit.sk,
    path: { id: await kit.character() },
    body: { json: { lore: "The harbour light was built after the wreck." } },
  }),
  sayToCharacter: async (kit) => {
    const id = await kit.character();
    return { token: await kit.session({ characterId: id }), path: { id }, body: { json: { text: "Hello! What is this place?" } } };
  },
  // Players' chat time (secret keys only): a userRef of the caller's app
  listPlayers: async (kit) => ({ token: kit.sk, query: { limit: 5 } }),
  getPlayer: async (kit) => ({ token: kit.sk, path: { player: "fuzzer" } }),
  updatePlayer: async (kit) => ({ token: kit.sk, path: { player: "fuzzer" }, body: { json: { plan: "plus" } } }),
  addPlayerCredit: async (kit) => ({ token: kit.sk, path: { player: "fuzzer" }, body: { json: { seconds: 60 } } }),
  getCharacterTranscript: async (kit) => ({ token: kit.sk, path: { id: await kit.character() }, query: { userRef: "fuzzer" } }),
  // Media and vision (test key: deterministic mocks)
  paintSeedFrame: async (kit) => ({ token: kit.sk, body: { json: { prompt: "a harbour at dusk" } } }),
  paintScene: onWorld(() => ({ body: { json: { stateId: "a" } } })),
  groundVision: async (kit) => ({ token: kit.sk, body: { json: { frame: { b64: await kit.frame() }, phrases: ["frame"] } } }),
  describeVision: async (kit) => ({ token: kit.sk, body: { json: { frame: { b64: await kit.frame() } } } }),
  checkVision: async (kit) => ({
    token: kit.sk,
    body: { json: { frame: { b64: await kit.frame() }, expect: [{ label: "giraffe", present: false }] } },
  }),
  // Jobs: the test key's mock job (docs/api.md "Campaigns"), already succeeded, so a cancel is a 409
  getJob: async (kit) => ({ token: kit.sk, path: { jobId: "test_mock" } }),
  cancelJob: async (kit) => ({ token: kit.sk, path: { jobId: "test_mock" }, body: { json: {} } }),
  // Scenario batches
  createScenarioBatch: async (kit) => {
    const worldId = await kit.world();
    return {
      token: kit.sk,
      body: { json: { worldId, clips: [{ kind: "variation", from: "a", path: ["go"], apply: { timeOfDay: "night" } }] } },
      worldId,
    };
  },
  listScenarioBatches: async (kit) => ({ token: kit.sk, query: { limit: 5 } }),
  getScenarioBatch: async (kit) => ({ token: kit.sk, path: { id: await kit.batch("auto") } }),
  cancelScenarioBatch: async (kit) => ({ token: kit.sk, path: { id: await kit.batch("auto", 20) } }),
  acceptScenarioClip: async (kit) => ({ token: kit.sk, path: await kit.pendingClip() }),
  rejectScenarioClip: async (kit) => ({ token: kit.sk, path: await kit.pendingClip() }),
  // Apps, keys and webhooks (the Studio user's session)
  listApps: async (kit) => ({ token: kit.user }),
  createApp: async (kit) => ({ token: kit.user, body: { json: { name: "Another app" } } }),
  getApp: async (kit) => ({ token: kit.user, path: { id: await kit.app() } }),
  updateApp: async (kit) => ({ token: kit.user, path: { id: await kit.app() }, body: { json: { name: "Renamed app" } } }),
  listKeys: async (kit) => ({ token: kit.user, path: { id: kit.appId } }),
  createKey: async (kit) => ({ token: kit.user, path: { id: await kit.app() }, body: { json: { kind: "secret", mode: "test" } } }),
  revokeKey: async (kit) => ({ token: kit.user, path: { id: kit.appId, keyId: await kit.key() } }),
  createWebhookEndpoint: async (kit) => ({
    token: kit.user,
    path: { id: await kit.app() },
    body: { json: { url: `${kit.actors.baseUrl}/webhook-sink` } },
  }),
  listWebhookEndpoints: async (kit) => ({ token: kit.user, path: { id: kit.appId } }),
  updateWebhookEndpoint: async (kit) => ({ token: kit.user, path: await kit.webhook(), body: { json: { enabled: false } } }),
  deleteWebhookEndpoint: async (kit) => ({ token: kit.user, path: await kit.webhook() }),
  deleteWebhookEndpointViaPost: async (kit) => ({ token: kit.user, path: await kit.webhook(), body: { json: {} } }),
  listWebhookDeliveries: async (kit) => ({ token: kit.user, path: await kit.webhook(), query: { limit: 5 } }),
  sendWebhookTestEvent: async (kit) => ({ token: kit.user, path: await kit.webhook() }),
  resendWebhookDelivery: async (kit) => ({ token: kit.user, path: await kit.failedDelivery() }),
  // Meta
  getOpenApiDocument: async () => ({}),
};

export interface OperationFixture {
  operationId: string;
  method: HttpMethod;
  template: string;
  prepare(kit: Kit): Promise<Prepared>;
}

/** Every operation's fixture, in the document's order; throws for an operation without one. */
export function operationFixtures(): OperationFixture[] {
  return OPERATIONS.map((op) => {
    const prepare = FIXTURES[op.operationId];
    if (!prepare) throw new Error(`tests/support/operation-fixtures.ts: no fixture for ${op.operationId} (${op.method} ${op.path})`);
    return {
      operationId: op.operationId,
      method: op.method,
      template: op.path,
      prepare: async (kit) => ({ method: op.method, template: op.path, ...(await prepare(kit)) }),
    };
  });
}

/**
 * A fixture's request, made again only when a previous request may have used it up (a write
 * that succeeded: a deleted world, a revoked key, an accepted clip).
 */
export class FixtureCache {
  private cached = new Map<string, Prepared>();
  constructor(private readonly kit: Kit) {}

  async get(fixture: OperationFixture): Promise<Prepared> {
    let prepared = this.cached.get(fixture.operationId);
    if (!prepared) {
      prepared = await fixture.prepare(this.kit);
      this.cached.set(fixture.operationId, prepared);
    }
    return prepared;
  }

  /** After a response: a write that succeeded may have consumed the fixture. */
  settle(fixture: OperationFixture, status: number): void {
    if (fixture.method !== "GET" && status >= 200 && status < 300) this.cached.delete(fixture.operationId);
  }
}

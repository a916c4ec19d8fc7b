import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { resetSecretsCache } from "@/lib/config/secrets";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { frameAncestorsFor, forgetEmbedOrigins } from "@/lib/runtime";
import { signSessionToken, type SignInput } from "@/lib/sessions";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let boot: Bootstrap;
let liveWorld: string;
let testWorld: string;

const PARTNER = "https://partner.example";
const EVIL = "https://evil.example";

beforeAll(async () => {
  // These tests bill live play time: billing on (docs/usage.md; tests/usage.test.ts covers off).
  server = await startTestServer({ env: { BILLING_ENABLED: "true" } });
  api = checkedClient(server.url);
  boot = await bootstrap();
  liveWorld = (await api.post("/v1/worlds", { world: makeSmallWorld(), name: "Runtime Live" }, boot.keys.sk_live)).body.worldId;
  testWorld = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_test)).body.worldId;
});

afterAll(async () => {
  await server?.close();
});

const mint = (body: Record<string, unknown>, key = boot.keys.sk_live) => api.post("/v1/sessions/token", body, key);

/** A token signed here, as the server would, with any claims and issue time. */
async function token(input: Partial<SignInput> & { subjectId: string }, secondsAgo = 0): Promise<{ token: string; sessionId: string }> {
  const { token, claims } = await signSessionToken({
    kind: "world",
    appId: boot.appId,
    mode: "live",
    ttlSeconds: 900,
    now: new Date(Date.now() - secondsAgo * 1000),
    ...input,
  });
  return { token, sessionId: claims.sessionId };
}

async function worldCounts(worldId: string, key = boot.keys.sk_live) {
  return (await api.get(`/v1/worlds/${worldId}`, key)).body.sessionCount as number;
}
async function billed(key = boot.keys.sk_live) {
  return (await api.get("/v1/usage", key)).body.billing as { sessionSeconds: number; chatSeconds: number };
}

describe("POST /v1/sessions/token", () => {
  it("mints a signed JWT scoped to one world, its app and mode, with a kid", async () => {
    const res = await mint({ worldId: liveWorld, userRef: "player-1" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mode: "live", schemaVersion: "1.0", sessionId: expect.stringMatching(/^ses_/) });
    const header = decodeProtectedHeader(res.body.token);
    expect(header).toMatchObject({ alg: "HS256", typ: "JWT", kid: expect.stringMatching(/^sk1_/) });
    const claims = decodeJwt(res.body.token);
    expect(claims).toMatchObject({
      sub: liveWorld,
      kind: "world",
      appId: boot.appId,
      mode: "live",
      userRef: "player-1",
      sid: res.body.sessionId,
      iss: "programmable-worlds",
      aud: "runtime",
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(Date.parse(res.body.expiresAt)).toBe(claims.exp! * 1000);
  });

  it("gives a test token to a test key", async () => {
    const res = await mint({ worldId: testWorld }, boot.keys.sk_test);
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe("test");
    expect(decodeJwt(res.body.token)).toMatchObject({ mode: "test", sub: testWorld });
  });

  it.each([
    ["ttlSeconds 59", { ttlSeconds: 59 }, 400],
    ["ttlSeconds 3601", { ttlSeconds: 3601 }, 400],
    ["ttlSeconds 1.5", { ttlSeconds: 90.5 }, 400],
    ["ttlSeconds as a string", { ttlSeconds: "600" }, 400],
    ["ttlSeconds 60", { ttlSeconds: 60 }, 200],
    ["ttlSeconds 3600", { ttlSeconds: 3600 }, 200],
    ["a userRef starting with ses_", { userRef: "ses_123" }, 400],
  ] as [string, Record<string, unknown>, number][])("%s → %i", async (_name, extra, status) => {
    const res = await mint({ worldId: liveWorld, ...extra });
    expect(res.status).toBe(status);
    if (status === 200) expect(decodeJwt(res.body.token).exp! - decodeJwt(res.body.token).iat!).toBe(extra.ttlSeconds);
    else expect(res.body.code).toBe("invalid_request");
  });

  it("needs exactly one of worldId and characterId, of the key's app and mode", async () => {
    expect((await mint({})).status).toBe(400);
    expect((await mint({ worldId: liveWorld, characterId: liveWorld })).status).toBe(400);
    expect((await mint({ worldId: testWorld })).status).toBe(404);
    expect((await mint({ worldId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await mint({ characterId: liveWorld })).status).toBe(404); // a world is not a character
    const other = await bootstrap();
    expect((await mint({ worldId: liveWorld }, other.keys.sk_live)).status).toBe(404);
  });

  it("refuses publishable keys (403) and no key (401)", async () => {
    const pk = await mint({ worldId: liveWorld }, boot.keys.pk_live);
    expect(pk.status).toBe(403);
    expect(pk.body.code).toBe("forbidden");
    expect((await api.post("/v1/sessions/token", { worldId: liveWorld })).status).toBe(401);
  });
});

describe("GET /v1/runtime/world", () => {
  it("boots the token's world: graph, name, mode, rev and session id", async () => {
    const minted = (await mint({ worldId: liveWorld })).body;
    const res = await api.get("/v1/runtime/world", minted.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: liveWorld, kind: "world", name: "Runtime Live", mode: "live", sessionId: minted.sessionId });
    expect(res.body.world.scene.states).toHaveProperty("a");
    expect(res.headers.get("etag")).toBe(`"${res.body.rev}"`);
  });

  it.each([
    ["no credential", async () => undefined],
    ["garbage", async () => "garbage"],
    ["a secret key", async () => boot.keys.sk_live],
    ["a publishable key", async () => boot.keys.pk_live],
    ["a user session token", async () => boot.userToken],
    ["an expired token", async () => (await token({ subjectId: liveWorld, ttlSeconds: 60 }, 120)).token],
    [
      "a tampered token",
      async () => {
        const { token: t } = await token({ subjectId: liveWorld });
        const [h, p, s] = t.split(".");
        const claims = JSON.parse(Buffer.from(p!, "base64url").toString());
        return [h, Buffer.from(JSON.stringify({ ...claims, sub: testWorld, mode: "test" })).toString("base64url"), s].join(".");
      },
    ],
    [
      "a token with a flipped signature",
      async () => {
        const { token: t } = await token({ subjectId: liveWorld });
        return t.slice(0, -3) + (t.endsWith("AAA") ? "BBB" : "AAA");
      },
    ],
    ["a token of another mode", async () => (await token({ subjectId: liveWorld, mode: "test" })).token],
    ["a token of another app", async () => (await token({ subjectId: liveWorld, appId: "00000000-0000-4000-8000-000000000000" })).token],
  ])("refuses %s with 401", async (_name, make) => {
    const res = await api.get("/v1/runtime/world", await make());
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("unauthorized");
  });

  it("answers 404 when the token's world was deleted", async () => {
    const doomed = (await api.post("/v1/worlds", { world: makeSmallWorld() }, boot.keys.sk_live)).body.worldId;
    const minted = (await mint({ worldId: doomed })).body;
    await api.del(`/v1/worlds/${doomed}`, boot.keys.sk_live);
    expect((await api.get("/v1/runtime/world", minted.token)).status).toBe(404);
  });
});

describe("signing-key rotation", () => {
  const saved = { current: process.env.SESSION_TOKEN_SECRET, previous: process.env.SESSION_TOKEN_PREVIOUS_SECRETS };
  const use = (current: string | undefined, previous: string | undefined) => {
    if (current === undefined) delete process.env.SESSION_TOKEN_SECRET;
    else process.env.SESSION_TOKEN_SECRET = current;
    if (previous === undefined) delete process.env.SESSION_TOKEN_PREVIOUS_SECRETS;
    else process.env.SESSION_TOKEN_PREVIOUS_SECRETS = previous;
    resetEnvCache();
    resetSecretsCache();
  };
  afterEach(() => use(saved.current, saved.previous));

  it("keeps tokens of the previous secret valid, signs with the new one, and drops a retired one", async () => {
    const oldSecret = "a".repeat(40);
    const newSecret = "b".repeat(40);
    use(oldSecret, undefined);
    const old = (await mint({ worldId: liveWorld })).body.token;
    expect((await api.get("/v1/runtime/world", old)).status).toBe(200);

    use(newSecret, `${oldSecret}, `);
    expect((await api.get("/v1/runtime/world", old)).status).toBe(200);
    const fresh = (await mint({ worldId: liveWorld })).body.token;
    expect(decodeProtectedHeader(fresh).kid).not.toBe(decodeProtectedHeader(old).kid);
    expect((await api.get("/v1/runtime/world", fresh)).status).toBe(200);

    use(newSecret, undefined);
    expect((await api.get("/v1/runtime/world", old)).status).toBe(401);
    expect((await api.get("/v1/runtime/world", fresh)).status).toBe(200);
  });
});

describe("POST /v1/runtime/heartbeat", () => {
  it("bills live play time as session_seconds, capped per heartbeat and by wall time, and counts the session once", async () => {
    const countBefore = await worldCounts(liveWorld);
    const billedBefore = (await billed()).sessionSeconds;
    // A session whose token was minted 150 s ago.
    const session = await token({ subjectId: liveWorld }, 150);
    const beat = (seconds: number) => api.post("/v1/runtime/heartbeat", { sessionId: session.sessionId, seconds }, session.token);

    const first = await beat(0);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ ok: true, sessionId: session.sessionId, seconds: 0, totalSeconds: 0, billed: true });
    expect(await worldCounts(liveWorld)).toBe(countBefore + 1);

    expect((await beat(500)).body).toMatchObject({ seconds: 60, totalSeconds: 60 }); // per-heartbeat cap
    expect((await beat(30.9)).body).toMatchObject({ seconds: 30, totalSeconds: 90 });
    // Racing heartbeats can never credit more than the wall time since the token was minted.
    const burst = await Promise.all(Array.from({ length: 6 }, () => beat(60)));
    for (const res of burst) expect(res.status).toBe(200);
    const total = Math.max(...burst.map((res) => res.body.totalSeconds as number));
    expect(total).toBeGreaterThanOrEqual(150);
    expect(total).toBeLessThanOrEqual(153);
    expect((await beat(60)).body.seconds).toBeLessThanOrEqual(2);

    expect(await worldCounts(liveWorld)).toBe(countBefore + 1);
    const billedAfter = (await billed()).sessionSeconds;
    expect(billedAfter - billedBefore).toBe((await beat(0)).body.totalSeconds);
  });

  it("counts a session once however many first heartbeats race", async () => {
    const before = await worldCounts(liveWorld);
    const session = await token({ subjectId: liveWorld });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.post("/v1/runtime/heartbeat", { sessionId: session.sessionId, seconds: 0 }, session.token)),
    );
    for (const res of results) expect(res.status).toBe(200);
    expect(await worldCounts(liveWorld)).toBe(before + 1);
  });

  it("credits no more than the wall time since minting", async () => {
    const minted = (await mint({ worldId: liveWorld })).body;
    const res = await api.post("/v1/runtime/heartbeat", { sessionId: minted.sessionId, seconds: 45 }, minted.token);
    expect(res.status).toBe(200);
    expect(res.body.seconds).toBeLessThanOrEqual(2);
  });

  it("never bills test usage, but counts the test world's session", async () => {
    const liveBefore = (await billed()).sessionSeconds;
    const countBefore = await worldCounts(testWorld, boot.keys.sk_test);
    const session = await token({ subjectId: testWorld, mode: "test" }, 120);
    const res = await api.post("/v1/runtime/heartbeat", { sessionId: session.sessionId, seconds: 50 }, session.token);
    expect(res.body).toMatchObject({ seconds: 50, totalSeconds: 50, billed: false });
    expect((await billed(boot.keys.sk_test)).sessionSeconds).toBe(0);
    expect((await billed()).sessionSeconds).toBe(liveBefore);
    expect(await worldCounts(testWorld, boot.keys.sk_test)).toBe(countBefore + 1);
  });

  it("takes the token from the body too, and refuses another session's id", async () => {
    const minted = (await mint({ worldId: liveWorld })).body;
    const viaBody = await api.post("/v1/runtime/heartbeat", { sessionId: minted.sessionId, seconds: 0, token: minted.token });
    expect(viaBody.status).toBe(200);
    const other = (await mint({ worldId: liveWorld })).body;
    const mismatch = await api.post("/v1/runtime/heartbeat", { sessionId: other.sessionId, seconds: 1 }, minted.token);
    expect(mismatch.status).toBe(401);
    expect((await api.post("/v1/runtime/heartbeat", { sessionId: minted.sessionId, seconds: 1 })).status).toBe(401);
    expect((await api.post("/v1/runtime/heartbeat", { sessionId: minted.sessionId, seconds: -1 }, minted.token)).status).toBe(400);
  });
});

describe("GET /v1/runtime/public/{slug}", () => {
  let slug: string;
  let publicWorld: string;

  beforeAll(async () => {
    const created = await api.post("/v1/worlds", { world: makeSmallWorld(), name: "Open House" }, boot.keys.sk_live);
    publicWorld = created.body.worldId;
    slug = created.body.slug;
    const current = (await api.get(`/v1/worlds/${publicWorld}`, boot.keys.sk_live)).body;
    await api.patch(`/v1/worlds/${publicWorld}`, { visibility: "public", expectedRev: current.rev }, boot.keys.sk_live);
  });

  it("serves a public live world without a credential, with a public session that heartbeats on its own", async () => {
    const res = await api.get(`/v1/runtime/public/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: publicWorld,
      name: "Open House",
      mode: "live",
      sessionId: expect.stringMatching(/^pub_/),
      token: expect.any(String),
    });
    expect(decodeJwt(res.body.token)).toMatchObject({ sid: res.body.sessionId, sub: publicWorld, pub: true, mode: "live" });

    const before = await worldCounts(publicWorld);
    const beat = await api.post("/v1/runtime/heartbeat", { sessionId: res.body.sessionId, seconds: 0 });
    expect(beat.status).toBe(200);
    expect(await worldCounts(publicWorld)).toBe(before + 1);
    // The session token of the same session is the same session.
    const again = await api.post("/v1/runtime/heartbeat", { sessionId: res.body.sessionId, seconds: 0 }, res.body.token);
    expect(again.status).toBe(200);
    expect(await worldCounts(publicWorld)).toBe(before + 1);

    const forged = res.body.sessionId.slice(0, -2) + (res.body.sessionId.endsWith("AA") ? "BB" : "AA");
    expect((await api.post("/v1/runtime/heartbeat", { sessionId: forged, seconds: 10 })).status).toBe(401);
  });

  it("is a 404 for private worlds and unknown slugs", async () => {
    const privateSlug = (await api.get(`/v1/worlds/${liveWorld}`, boot.keys.sk_live)).body.slug;
    expect((await api.get(`/v1/runtime/public/${privateSlug}`)).status).toBe(404);
    expect((await api.get("/v1/runtime/public/no-such-world-000000")).status).toBe(404);
    expect((await api.get("/v1/runtime/public/Not%20A%20Slug")).status).toBe(404);
  });
});

describe("CORS for embedding origins", () => {
  let app: Bootstrap;
  let world: string;
  let character: string;

  beforeAll(async () => {
    app = await bootstrap();
    const patched = await api.patch(`/v1/apps/${app.appId}`, { embedOrigins: [PARTNER] }, app.userToken);
    expect(patched.status).toBe(200);
    forgetEmbedOrigins();
    world = (await api.post("/v1/worlds", { world: makeSmallWorld() }, app.keys.sk_live)).body.worldId;
    character = (await api.post("/v1/characters", { name: "Porter", persona: "A doorkeeper." }, app.keys.sk_live)).body.id;
  });

  const get = (token: string | undefined, origin: string) => api.call("GET", "/v1/runtime/world", { token, headers: { origin } });

  it("answers an allowed origin with its own origin, and others with no CORS headers", async () => {
    const minted = (await mint({ worldId: world }, app.keys.sk_live)).body;
    const allowed = await get(minted.token, PARTNER);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect(allowed.headers.get("access-control-expose-headers")).toContain("etag");
    expect(allowed.headers.get("vary")).toContain("Origin");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();

    const refused = await get(minted.token, EVIL);
    expect(refused.status).toBe(200);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    // Another app's origin is not this app's.
    const other = (await mint({ worldId: liveWorld })).body;
    expect((await get(other.token, PARTNER)).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("lets an allowed origin read errors about its app's tokens", async () => {
    const expired = await signSessionToken({
      subjectId: world,
      kind: "world",
      appId: app.appId,
      mode: "live",
      ttlSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    const res = await get(expired.token, PARTNER);
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe(PARTNER);
    expect((await get(expired.token, EVIL)).headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers preflights for allowed origins only", async () => {
    const preflight = (path: string, origin: string, method: string) =>
      fetch(server.url + path, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": method, "access-control-request-headers": "authorization, content-type" },
      });
    for (const [path, method] of [
      ["/v1/runtime/world", "GET"],
      ["/v1/runtime/heartbeat", "POST"],
      [`/v1/characters/${character}/say`, "POST"],
      ["/v1/tts", "POST"],
    ] as const) {
      const ok = await preflight(path, PARTNER, method);
      expect(ok.status, path).toBe(204);
      expect(ok.headers.get("access-control-allow-origin"), path).toBe(PARTNER);
      expect(ok.headers.get("access-control-allow-methods"), path).toContain(method);
      expect(ok.headers.get("access-control-allow-headers"), path).toContain("authorization");
      const refused = await preflight(path, EVIL, method);
      expect(refused.status, path).toBe(204);
      expect(refused.headers.get("access-control-allow-origin"), path).toBeNull();
    }
    // The say preflight follows the character's own app.
    expect(
      (
        await preflight(
          `/v1/characters/${(await api.post("/v1/characters", { name: "Other", persona: "x" }, boot.keys.sk_live)).body.id}/say`,
          PARTNER,
          "POST",
        )
      ).headers.get("access-control-allow-origin"),
    ).toBeNull();
  });

  it("gives the embed page its frame-ancestors", async () => {
    expect(await frameAncestorsFor(app.appId)).toBe(`'self' ${PARTNER}`);
    expect(await frameAncestorsFor(boot.appId)).toBe("'self'");
  });
});

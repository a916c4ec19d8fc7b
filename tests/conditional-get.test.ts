import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { checkedClient } from "./support/openapi-check";
import { startTestServer, type TestServer } from "./support/test-server";

/**
 * `If-None-Match` (docs/api.md, "Conditional GET"): the ETag is the `rev`, and a
 * 304 answers only when nothing the 200 would show has changed since the client could have
 * seen that rev: play counters, `updatedAt`, a version's title or HEAD flag, a fresh token.
 */
let server: TestServer;
let api: ReturnType<typeof checkedClient>;
let boot: Bootstrap;

beforeAll(async () => {
  server = await startTestServer();
  api = checkedClient(server.url);
  boot = await bootstrap();
});

afterAll(async () => {
  await server?.close();
});

const key = () => boot.keys.sk_live;

async function importWorld(): Promise<string> {
  const res = await api.post("/v1/worlds", { world: makeSmallWorld() }, key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

const getIf = (path: string, etag: string, token: string | undefined = key()) =>
  api.call("GET", path, { token, headers: { "if-none-match": etag } });

/** Starts one play session of the world or character: its first heartbeat counts it in `sessionCount`. */
async function playOnce(subject: { worldId: string } | { characterId: string }, token = key()): Promise<void> {
  const minted = await api.post("/v1/sessions/token", subject, token);
  expect(minted.status, JSON.stringify(minted.body)).toBe(200);
  const beat = await api.post("/v1/runtime/heartbeat", { sessionId: minted.body.sessionId, seconds: 0 }, minted.body.token);
  expect(beat.status, JSON.stringify(beat.body)).toBe(200);
}

describe("GET /v1/worlds/{id} with If-None-Match", () => {
  it("answers 304 while nothing the world shows has changed", async () => {
    const id = await importWorld();
    const first = await api.get(`/v1/worlds/${id}`, key());
    expect(first.headers.get("etag")).toBe(`"${first.body.rev}"`);
    const again = await getIf(`/v1/worlds/${id}`, first.headers.get("etag")!);
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(`"${first.body.rev}"`);
  });

  it("never hides a changed sessionCount behind a 304, and answers 304 again once the rev moves", async () => {
    const id = await importWorld();
    const first = await api.get(`/v1/worlds/${id}`, key());
    expect(first.body.sessionCount).toBe(0);
    const etag = first.headers.get("etag")!;

    await playOnce({ worldId: id });
    const counted = await getIf(`/v1/worlds/${id}`, etag);
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ rev: first.body.rev, sessionCount: 1 });
    expect(counted.headers.get("etag")).toBe(etag); // still the rev
    expect(Date.parse(counted.body.updatedAt)).toBeGreaterThan(Date.parse(first.body.updatedAt));

    // The server cannot tell which count a client holding this rev saw: full answers until the rev moves.
    expect((await getIf(`/v1/worlds/${id}`, etag)).status).toBe(200);

    const renamed = await api.patch(`/v1/worlds/${id}`, { name: "Renamed" }, key());
    expect(renamed.body.rev).not.toBe(first.body.rev);
    expect(renamed.body.sessionCount).toBe(1);
    expect((await getIf(`/v1/worlds/${id}`, renamed.headers.get("etag")!)).status).toBe(304);
  });

  it("never hides a moved updatedAt (a new version moves HEAD, not the rev)", async () => {
    const id = await importWorld();
    const first = await api.get(`/v1/worlds/${id}`, key());
    expect((await api.post(`/v1/worlds/${id}/versions`, { title: "v1" }, key())).status).toBe(201);
    const after = await getIf(`/v1/worlds/${id}`, first.headers.get("etag")!);
    expect(after.status).toBe(200);
    expect(after.body.rev).toBe(first.body.rev);
    expect(after.body.updatedAt).not.toBe(first.body.updatedAt);
  });

  it.each([
    ["a weak validator", (rev: string) => `W/"${rev}"`, 304],
    ["a list holding the rev", (rev: string) => `"0000", "${rev}"`, 304],
    ["the rev unquoted", (rev: string) => rev, 304],
    ["`*`", () => "*", 304],
    ["another rev", () => `"0000"`, 200],
    ["the rev with trailing junk", (rev: string) => `"${rev}x"`, 200],
  ])("compares If-None-Match as HTTP does: %s", async (_name, header, status) => {
    const id = await importWorld();
    const { rev } = (await api.get(`/v1/worlds/${id}`, key())).body;
    expect((await getIf(`/v1/worlds/${id}`, header(rev))).status).toBe(status);
  });
});

describe("GET /v1/characters/{id} with If-None-Match", () => {
  it("never hides a changed sessionCount behind a 304", async () => {
    const created = await api.post(
      "/v1/characters",
      { name: "Ilse", persona: "You are Ilse, keeper of the salt lighthouse." },
      boot.keys.sk_test,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const first = await api.get(`/v1/characters/${id}`, boot.keys.sk_test);
    expect((await getIf(`/v1/characters/${id}`, first.headers.get("etag")!, boot.keys.sk_test)).status).toBe(304);

    await playOnce({ characterId: id }, boot.keys.sk_test);
    const counted = await getIf(`/v1/characters/${id}`, first.headers.get("etag")!, boot.keys.sk_test);
    expect(counted.status).toBe(200);
    expect(counted.body.sessionCount).toBe(1);
  });
});

describe("other GETs with an ETag", () => {
  it("projections and the session's runtime world answer 304 on their rev (nothing else in them moves without it)", async () => {
    const id = await importWorld();
    for (const path of ["scene", "states", "events", "lint"]) {
      const first = await api.get(`/v1/worlds/${id}/${path}`, key());
      expect((await getIf(`/v1/worlds/${id}/${path}`, first.headers.get("etag")!)).status, path).toBe(304);
    }
    const minted = await api.post("/v1/sessions/token", { worldId: id }, key());
    const runtime = await api.get("/v1/runtime/world", minted.body.token);
    expect((await getIf("/v1/runtime/world", runtime.headers.get("etag")!, minted.body.token)).status).toBe(304);
  });

  it("a version's title moves without its rev: GET …/versions/{versionId} never answers 304", async () => {
    const id = await importWorld();
    const version = await api.post(`/v1/worlds/${id}/versions`, { title: "draft" }, key());
    const path = `/v1/worlds/${id}/versions/${version.body.versionId}`;
    const first = await api.get(path, key());
    expect(first.headers.get("etag")).toBe(`"${first.body.rev}"`);
    expect((await api.patch(path, { title: "final" }, key())).status).toBe(200);
    const renamed = await getIf(path, first.headers.get("etag")!);
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe("final");
  });

  it("the public player's world carries a fresh session token each time: never a 304", async () => {
    const id = await importWorld();
    const world = await api.patch(`/v1/worlds/${id}`, { visibility: "public" }, key());
    const path = `/v1/runtime/public/${world.body.slug}`;
    const first = await api.get(path);
    expect(first.status).toBe(200);
    const again = await getIf(path, first.headers.get("etag")!, undefined);
    expect(again.status).toBe(200);
    expect(again.body.token).toEqual(expect.any(String));
  });
});

import { describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { listStudioCreations, parseCreationFilter } from "@/lib/campaigns/creations";
import { findUserCampaign } from "@/lib/campaigns/studio";
import { setQuotaCap } from "@/lib/quota/quota";
import { BOOK, pollCampaign } from "./support/campaigns";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { withTestServer, type ApiClient } from "./support/suite";

// What issue 13's Studio and player need of the API: the Studio's session acting for an app on
// the campaign routes, one session token for a campaign's chapters (docs/campaigns.md "One
// session for the campaign"), and My Creations showing a campaign as one card.

let api: ApiClient;
let alice: Bootstrap;
let bob: Bootstrap;
/** Alice's two complete live campaigns (2 chapters each) and Bob's partial one (chapter 2 planned, not authored). */
let first: any;
let second: any;
let partial: any;
/** A live world of Alice's outside any campaign. */
let loose: string;

/** The book's first two chapters. */
const BOOK_2 = BOOK.slice(0, BOOK.indexOf("Chapter Three"));
const studio = (app: Bootstrap, mode = "live") => ({ "x-app-id": app.appId, "x-app-mode": mode });

async function startCampaign(key: string, text: string) {
  const res = await api.post("/v1/campaigns", { text, target_acts: 2 }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.campaignId as string;
}

async function mint(key: string, worldId: string) {
  const res = await api.post("/v1/sessions/token", { worldId, ttlSeconds: 600 }, key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { token: string; sessionId: string };
}

const runtime = (token: string, worldId?: string) => api.get(`/v1/runtime/world${worldId ? `?worldId=${worldId}` : ""}`, token);

withTestServer(async (_server, client) => {
  api = client;
  alice = await bootstrap();
  bob = await bootstrap();
  await setQuotaCap(bob.appId, "generation", 1);
  const ids = await Promise.all([
    startCampaign(alice.keys.sk_live, BOOK),
    startCampaign(alice.keys.sk_live, BOOK_2),
    startCampaign(bob.keys.sk_live, BOOK_2),
  ]);
  [first, second, partial] = await Promise.all([
    pollCampaign(api, alice.keys.sk_live, ids[0]!, (c) => c.status !== "authoring"),
    pollCampaign(api, alice.keys.sk_live, ids[1]!, (c) => c.status !== "authoring"),
    pollCampaign(api, bob.keys.sk_live, ids[2]!, (c) => c.status !== "authoring"),
  ]);
  const imported = await api.post("/v1/worlds", { world: { ...makeSmallWorld(), name: "Loose world" } }, alice.keys.sk_live);
  expect(imported.status).toBe(201);
  loose = imported.body.worldId;
});

describe("the campaigns the test authored", () => {
  it("are two complete campaigns of Alice's and a partial one of Bob's", () => {
    expect([first.status, first.actsDone, second.status, second.actsDone]).toEqual(["complete", 2, "complete", 2]);
    expect(partial).toMatchObject({ status: "partial", actsDone: 1, actsTotal: 2 });
  });
});

describe("the Studio's session on the campaign routes (X-App-Id, as every Studio page)", () => {
  it("creates, reads, lists and resumes for an app of the user's; 404 for another user's app", async () => {
    const created = await api.call("POST", "/v1/campaigns", {
      token: alice.userToken,
      headers: studio(alice, "test"),
      body: { text: BOOK_2, target_acts: 2 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    const read = await api.call("GET", `/v1/campaigns/${created.body.campaignId}`, {
      token: alice.userToken,
      headers: studio(alice, "test"),
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.campaignId, mode: "test", status: "complete" });
    const listed = await api.call("GET", "/v1/campaigns?limit=10", { token: alice.userToken, headers: studio(alice) });
    expect(listed.status).toBe(200);
    expect(listed.body.campaigns.map((c: any) => c.id).sort()).toEqual([first.id, second.id].sort());
    // A complete campaign cannot be resumed; a partial one of another user's app is not there at all.
    expect((await api.call("POST", `/v1/campaigns/${first.id}/resume`, { token: alice.userToken, headers: studio(alice) })).status).toBe(
      409,
    );
    const foreign = await api.call("POST", `/v1/campaigns/${partial.id}/resume`, { token: alice.userToken, headers: studio(bob) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("not_found");
    expect((await api.call("GET", `/v1/campaigns/${partial.id}`, { token: alice.userToken, headers: studio(alice) })).status).toBe(404);
  });

  it("findUserCampaign opens the user's campaigns only", async () => {
    expect((await findUserCampaign(alice.userId, first.id))?.campaign).toMatchObject({ id: first.id, status: "complete", actsDone: 2 });
    expect(await findUserCampaign(bob.userId, first.id)).toBeNull();
    expect(await findUserCampaign(alice.userId, "not-a-uuid")).toBeNull();
    expect(await findUserCampaign(alice.userId, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("one session token covers a campaign's chapters", () => {
  it("a token for chapter 1 reads chapter 2 in the same session, and chapter 2's reads chapter 1", async () => {
    const [one, two] = first.chapters.map((c: any) => c.worldId as string);
    const { token, sessionId } = await mint(alice.keys.sk_live, one);
    const next = await runtime(token, two);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body).toMatchObject({ id: two, sessionId, mode: "live" });
    expect(next.body.world.scene.states).toBeDefined();
    expect((await runtime(token, one)).body.id).toBe(one);
    expect((await runtime(token)).body.id).toBe(one);
    // The session goes on: heartbeats keep the token's session.
    const beat = await api.post("/v1/runtime/heartbeat", { sessionId, seconds: 0 }, token);
    expect(beat.status).toBe(200);
    const back = await mint(alice.keys.sk_live, two);
    expect((await runtime(back.token, one)).body.id).toBe(one);
  });

  it("never opens a world outside the token's campaign", async () => {
    const [one] = first.chapters.map((c: any) => c.worldId as string);
    const { token } = await mint(alice.keys.sk_live, one);
    const outside: [string, string][] = [
      ["a world of the same app outside any campaign", loose],
      ["a chapter of another campaign of the same app", second.chapters[1].worldId],
      ["a chapter of another app's campaign", partial.chapters[0].worldId],
      ["an unknown world", "00000000-0000-4000-8000-000000000000"],
    ];
    for (const [what, id] of outside) {
      const res = await runtime(token, id);
      expect(res.status, what).toBe(401);
      expect(res.body.code, what).toBe("unauthorized");
    }
    // A token of a world outside any campaign opens nothing else.
    const plain = await mint(alice.keys.sk_live, loose);
    expect((await runtime(plain.token, one)).status).toBe(401);
    const malformed = await runtime(token, "not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("invalid_request");
  });

  it("a planned chapter not authored yet is a 404 to its own campaign's token", async () => {
    const { token } = await mint(bob.keys.sk_live, partial.chapters[0].worldId);
    const planned = await api.get(`/v1/campaigns/${partial.id}`, bob.keys.sk_live);
    expect(planned.body.chapters[1].worldId).toBeNull();
    const { getDb } = await import("@/lib/db");
    const row = await (await getDb()).campaignChapter.findFirstOrThrow({ where: { campaignId: partial.id, index: 2 } });
    const res = await runtime(token, row.worldId);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    // The same planned id is a 401 to a token of another campaign.
    const other = await mint(alice.keys.sk_live, first.chapters[0].worldId);
    expect((await runtime(other.token, row.worldId)).status).toBe(401);
  });

  it("an anonymous token of a public chapter opens the campaign's public chapters only", async () => {
    const [one, two] = second.chapters.map((c: any) => c.worldId as string);
    const made = await api.patch(`/v1/worlds/${one}`, { visibility: "public" }, alice.keys.sk_live);
    expect(made.status).toBe(200);
    const pub = await api.get(`/v1/runtime/public/${made.body.slug}`);
    expect(pub.status).toBe(200);
    expect((await runtime(pub.body.token, two)).status).toBe(401);
    expect((await api.patch(`/v1/worlds/${two}`, { visibility: "public" }, alice.keys.sk_live)).status).toBe(200);
    const res = await runtime(pub.body.token, two);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: two, sessionId: pub.body.sessionId });
  });
});

describe("My Creations", () => {
  const ids = (page: { creations: { id: string }[] }) => page.creations.map((c) => c.id);

  it("shows each live campaign as one card with its chapters, and no chapter world loose", async () => {
    const page = await listStudioCreations(alice.userId, { limit: 50 });
    const chapterWorlds = [...first.chapters, ...second.chapters].map((c: any) => c.worldId);
    expect(ids(page).filter((id) => chapterWorlds.includes(id))).toEqual([]);
    expect(ids(page)).toHaveLength(3);
    expect(ids(page)[0]).toBe(loose);
    expect(ids(page).slice(1).sort()).toEqual([first.id, second.id].sort());
    const card = page.creations.find((c) => c.id === first.id);
    expect(card).toMatchObject({
      kind: "campaign",
      name: "The Lamplighter of Vell",
      status: "complete",
      actsDone: 2,
      actsTotal: 2,
      appId: alice.appId,
    });
    expect(card && "chapters" in card ? card.chapters.map((c) => [c.index, c.status, c.worldId]) : null).toEqual(
      first.chapters.map((c: any) => [c.index, "authored", c.worldId]),
    );
    expect(card?.cover).not.toBe("");
    // The test-mode campaign made above never shows; Bob's campaign is Bob's.
    expect(
      page.creations
        .filter((c) => c.kind === "campaign")
        .map((c) => c.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(ids(await listStudioCreations(bob.userId, { limit: 50 }))).toEqual([partial.id]);
  });

  it("filters by kind, name and app, and pages worlds and campaigns in one order", async () => {
    expect(parseCreationFilter("campaign")).toBe("campaign");
    expect(parseCreationFilter("chapter")).toBeUndefined();
    expect(ids(await listStudioCreations(alice.userId, { kind: "campaign", limit: 50 })).sort()).toEqual([first.id, second.id].sort());
    expect(ids(await listStudioCreations(alice.userId, { kind: "world", limit: 50 }))).toEqual([loose]);
    expect(ids(await listStudioCreations(alice.userId, { q: "lamplighter", limit: 50 })).sort()).toEqual([first.id, second.id].sort());
    expect(ids(await listStudioCreations(alice.userId, { appId: bob.appId, limit: 50 }))).toEqual([]);
    const all = ids(await listStudioCreations(alice.userId, { limit: 50 }));
    const walked: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listStudioCreations(alice.userId, { limit: 1, cursor });
      walked.push(...ids(page));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(walked).toEqual(all);
    expect(all).toHaveLength(3);
  });
});

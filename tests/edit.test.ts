import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAnswer, startFakeOpenAI, type FakeOpenAIServer } from "@/lib/ai/testing/fake-openai-server";
import { runCliCommand } from "@/lib/cli/commands";
import { makeEvent, makeState } from "@/lib/kernel/fixtures";
import type { World } from "@/lib/kernel";
import { bootstrap } from "./support/fixtures";
import { api, me, other, withWorldsServer } from "./support/worlds";

withWorldsServer();

/** Hall (entrance) opens on a garden and two towers; the garden leads down to the vault, a winning ending. */
function castle(): World {
  return {
    id: "castle",
    name: "Castle",
    description: "A small castle",
    cover: "https://example.test/cover.png",
    subject: "a knight",
    subjectRef: { imageUrl: "https://example.test/knight.png", descriptor: "a knight in grey" },
    entrance: { image: { src: "https://example.test/hall.png", label: "The hall" }, state: "Hall" },
    scene: {
      states: {
        Hall: makeState("Hall"),
        Garden: makeState("Garden", { variants: [{ id: "misty", label: "misty" }] }),
        "North Tower": makeState("North Tower"),
        "South Tower": makeState("South Tower"),
        Vault: makeState("Vault", { ending: { isEnding: true, outcome: "good", title: "Gold", text: "You found it" } }),
      },
      events: [
        makeEvent("Hall", "open the gate", "Garden", "1"),
        makeEvent("Hall", "climb north", "North Tower", "2"),
        makeEvent("Hall", "climb south", "South Tower", "3"),
        makeEvent("Hall", "listen", undefined, "l"),
        makeEvent("Garden", "dig", "Vault", "1"),
        makeEvent("North Tower", "down", "Hall", "1"),
        makeEvent("South Tower", "down", "Hall", "1"),
      ],
    },
  };
}

const live = () => me.keys.sk_live;

async function importCastle(token = live()): Promise<string> {
  const res = await api.post("/v1/worlds", { world: castle() }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

const edit = (id: string, body: Record<string, unknown>, token = live(), headers: Record<string, string> = {}) =>
  api.call("POST", `/v1/worlds/${id}/edit`, { token, body, headers });

const usedEdits = async (token = live()) => (await api.get("/v1/usage", token)).body.quotas.edit.used as number;

describe("POST /v1/worlds/{id}/edit, the offline grammar (live keys, no model configured)", () => {
  // One row per form of docs/edit.md: the instruction, then the ops it must apply.
  it.each([
    [
      "add-state",
      "add a state 'Cellar' after 'Hall'",
      [
        { op: "add_state", id: "Cellar" },
        { op: "add_event", from: "Hall", to: "Cellar", name: "go to Cellar" },
      ],
    ],
    ["connect", "connect Garden to the hall with 'go back'", [{ op: "add_event", from: "Garden", to: "Hall", name: "go back" }]],
    ["add-action", "add an action 'ring the bell' to the north tower", [{ op: "add_event", from: "North Tower", name: "ring the bell" }]],
    [
      "rename-event",
      "rename the event 'open the gate' from hall to 'unlock the gate'",
      [{ op: "update_event", from: "Hall", name: "open the gate", patch: { name: "unlock the gate" } }],
    ],
    [
      "retarget",
      "make 'climb south' from Hall lead to Garden",
      [{ op: "update_event", from: "Hall", name: "climb south", patch: { to: "Garden" } }],
    ],
    ["rename-state", "rename the garden to 'Rose Garden'", [{ op: "update_state", id: "Garden", patch: { id: "Rose Garden" } }]],
    [
      "unmake-ending",
      "make Vault no longer an ending",
      [{ op: "update_state", id: "Vault", patch: { ending: { isEnding: false, outcome: null } } }],
    ],
    [
      "make-ending",
      "make the South Tower a losing ending",
      [{ op: "update_state", id: "South Tower", patch: { ending: { isEnding: true, outcome: "bad" } } }],
    ],
    ["start-in", "start in the garden", [{ op: "set_entrance", state: "Garden" }]],
    [
      "describe",
      "describe Vault as 'Cold gold in the dark'",
      [{ op: "update_state", id: "Vault", patch: { base: "Cold gold in the dark" } }],
    ],
    ["add-variant", "add a rainy variant to Garden", [{ op: "add_variant", state: "Garden", variant: { id: "rainy", label: "rainy" } }]],
    ["remove-variant", "remove the misty variant from garden", [{ op: "remove_variant", state: "Garden", id: "misty" }]],
    ["remove-event", "remove the event listen from Hall", [{ op: "delete_event", from: "Hall", name: "listen" }]],
    ["disconnect", "disconnect Hall from north tower", [{ op: "delete_event", from: "Hall", name: "climb north" }]],
    ["remove-state", "remove the South Tower", [{ op: "delete_state", id: "South Tower" }]],
    [
      "set-subject",
      "set the subject to 'a grey wolf'",
      [{ op: "set_subject_ref", imageUrl: "https://example.test/knight.png", descriptor: "a grey wolf" }],
    ],
    [
      "joined by then and and",
      "add a state 'Cellar' after Hall with 'descend', then connect cellar to vault with 'crawl' and make the cellar a neutral ending",
      [
        { op: "add_state", id: "Cellar" },
        { op: "add_event", from: "Hall", to: "Cellar", name: "descend" },
        { op: "add_event", from: "Cellar", to: "Vault", name: "crawl" },
        { op: "update_state", id: "Cellar", patch: { ending: { isEnding: true, outcome: "neutral" } } },
      ],
    ],
  ])("%s: %s", async (_, instruction, ops) => {
    const id = await importCastle();
    const res = await edit(id, { instruction });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ops, provider: "local", applyErrors: [], playtests: { passed: 0, failed: [] } });
    expect(res.body.mock).toBeUndefined();
    expect(res.body.summary).toMatch(/^[A-Z].*\.$/);
    expect(res.headers.get("etag")).toBe(`"${res.body.rev}"`);
    // The stored graph is what the same ops make through /ops.
    const twin = await importCastle();
    const direct = await api.post(`/v1/worlds/${twin}/ops`, { ops }, live());
    expect(direct.status).toBe(200);
    const stored = await api.get(`/v1/worlds/${id}`, live());
    expect(stored.body.rev).toBe(res.body.rev);
    expect(stored.body.world.scene).toEqual(direct.body.world.scene);
    expect(stored.body.world.entrance).toEqual(direct.body.world.entrance);
  });

  it.each([
    ["an unknown name", "remove the Celar", /No state is called "Celar"/],
    ["a near miss", "connect Hal to Garden", /No state is called "Hal"; did you mean "The hall"\?/],
    ["an ambiguous name", "remove the tower", /"tower" is ambiguous: did you mean the state "North Tower" or "South Tower"\?/],
    ["an unknown event", "remove the event 'opne the gate' from Hall", /did you mean "open the gate"/],
    [
      "an instruction outside the grammar",
      "make it feel more mysterious",
      /Could not read "make it feel more mysterious" as a change to the world; try "[^"]+" or "[^"]+"/,
    ],
    ["a clause that cannot apply", "add a state 'Garden'", /cannot apply \(state "Garden" already exists\)/],
    ["a batch the gate refuses", "remove the Hall", /kernel gate/],
  ])("refuses %s with 422, persists nothing and charges nothing", async (_, instruction, detail) => {
    const id = await importCastle();
    const before = await api.get(`/v1/worlds/${id}`, live());
    const used = await usedEdits();
    const res = await edit(id, { instruction });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.detail).toMatch(detail);
    expect((await api.get(`/v1/worlds/${id}`, live())).body).toEqual(before.body);
    expect(await usedEdits()).toBe(used);
  });

  it("previews with dryRun: ops, summary, the graph it would make, and nothing persists", async () => {
    const id = await importCastle();
    const before = await api.get(`/v1/worlds/${id}`, live());
    const res = await edit(id, { instruction: "add a state 'Cellar' after Hall", dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      dryRun: true,
      baseRev: before.body.rev,
      ops: [
        { op: "add_state", id: "Cellar" },
        { op: "add_event", from: "Hall", to: "Cellar" },
      ],
    });
    expect(Object.keys(res.body.world.scene.states)).toContain("Cellar");
    expect(res.headers.get("etag")).toBeNull();
    expect((await api.get(`/v1/worlds/${id}`, live())).body).toEqual(before.body);
  });

  it("refuses a stale rev with 412 before charging, by If-Match or expectedRev", async () => {
    const id = await importCastle();
    const rev0 = (await api.get(`/v1/worlds/${id}`, live())).body.rev;
    const first = await edit(id, { instruction: "add a rainy variant to Garden" }, live(), { "if-match": `"${rev0}"` });
    expect(first.status).toBe(200);
    const used = await usedEdits();
    const stale = await edit(id, { instruction: "remove the South Tower", expectedRev: rev0 });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: "rev_mismatch", currentRev: first.body.rev });
    expect(await usedEdits()).toBe(used);
    expect(Object.keys((await api.get(`/v1/worlds/${id}`, live())).body.world.scene.states)).toContain("South Tower");
  });

  it("honours Idempotency-Key: a retry replays the first answer without editing or charging again", async () => {
    const id = await importCastle();
    const used = await usedEdits();
    const body = { instruction: "add a state 'Cellar' after Hall" };
    const first = await edit(id, body, live(), { "idempotency-key": `edit-${id}` });
    const again = await edit(id, body, live(), { "idempotency-key": `edit-${id}` });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await usedEdits()).toBe(used + 1);
    expect((await api.get(`/v1/worlds/${id}`, live())).body.rev).toBe(first.body.rev);
  });

  it("answers 402 when the daily edit quota is used up, 403 to a publishable key, 404 to another app, 400 to a bad body", async () => {
    const app = await bootstrap();
    const id = await importCastle(app.keys.sk_live);
    await runCliCommand("quota set", { app: app.appId, kind: "edit", daily: 1 });
    expect((await edit(id, { instruction: "add a rainy variant to Garden" }, app.keys.sk_live)).status).toBe(200);
    const spent = await edit(id, { instruction: "remove the South Tower" }, app.keys.sk_live);
    expect(spent.status).toBe(402);
    expect(spent.body).toMatchObject({ code: "quota_exceeded", kind: "edit", cap: 1 });
    expect(Object.keys((await api.get(`/v1/worlds/${id}`, app.keys.sk_live)).body.world.scene.states)).toContain("South Tower");
    expect((await edit(id, { instruction: "remove the South Tower" }, app.keys.pk_live)).status).toBe(403);
    expect((await edit(id, { instruction: "remove the South Tower" }, other.keys.sk_live)).status).toBe(404);
    for (const bad of [
      {},
      { instruction: "" },
      { instruction: "x".repeat(2001) },
      { instruction: "remove Hall", dryRun: "yes" },
      { instruction: "x", extra: 1 },
    ]) {
      expect((await edit(id, bad, app.keys.sk_live)).status).toBe(400);
    }
  });

  it("reports a play-through the edit breaks at the right step; requirePlaytests refuses it and nothing persists", async () => {
    const id = await importCastle();
    const steps = [
      { event: "listen", state: "Hall" },
      { event: "open the gate", state: "Garden" },
      { event: "dig", state: "Vault" },
    ];
    const recorded = await api.post(`/v1/worlds/${id}/playtests`, { name: "to the gold", steps }, live());
    expect(recorded.status).toBe(201);
    const before = await api.get(`/v1/worlds/${id}`, live());
    const refused = await edit(id, { instruction: "remove the garden", requirePlaytests: true });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/"to the gold" at step 2/);
    expect((await api.get(`/v1/worlds/${id}`, live())).body).toEqual(before.body);
    const preview = await edit(id, { instruction: "remove the garden", dryRun: true });
    expect(preview.body.playtests.failed).toEqual([
      { playtestId: recorded.body.playtestId, name: "to the gold", step: 2, reason: 'no event "open the gate" leaves "Hall"' },
    ]);
    const broken = await edit(id, { instruction: "remove the garden" });
    expect(broken.status).toBe(200);
    expect(broken.body.playtests).toEqual({
      passed: 0,
      failed: [{ playtestId: recorded.body.playtestId, name: "to the gold", step: 2, reason: 'no event "open the gate" leaves "Hall"' }],
    });
  });
});

describe("test keys", () => {
  it("get the grammar's edit, or a deterministic mock edit for free text", async () => {
    const id = await importCastle(me.keys.sk_test);
    const grammar = await edit(id, { instruction: "start in the garden" }, me.keys.sk_test);
    expect(grammar.body).toMatchObject({ mock: true, provider: "mock", ops: [{ op: "set_entrance", state: "Garden" }] });
    const free = await edit(id, { instruction: "make it feel more mysterious", dryRun: true }, me.keys.sk_test);
    const again = await edit(id, { instruction: "make it feel more mysterious", dryRun: true }, me.keys.sk_test);
    expect(free.status).toBe(200);
    expect(free.body.ops).toEqual(again.body.ops);
    expect(free.body.ops[0]).toMatchObject({ op: "add_state", base: "make it feel more mysterious" });
    expect(free.body.ops[1]).toMatchObject({ op: "add_event", from: "Garden", to: free.body.ops[0].id });
  });
});

describe("with an OpenAI-compatible model", () => {
  let fake: FakeOpenAIServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    Object.assign(process.env, { AI_BASE_URL: fake.baseURL, AI_MODEL: "fake", AI_TRANSPORT_RETRIES: "0" });
    (await import("@/lib/config/env")).resetEnvCache();
  });
  afterAll(async () => {
    delete process.env.AI_BASE_URL;
    delete process.env.AI_MODEL;
    delete process.env.AI_TRANSPORT_RETRIES;
    (await import("@/lib/config/env")).resetEnvCache();
    await fake.close();
  });

  it("sends a refused batch back once with the gate's findings: the edit lands once, one quota unit spent", async () => {
    const app = await bootstrap();
    const id = await importCastle(app.keys.sk_live);
    const refused = {
      ops: [
        { op: "add_state", id: "Crypt" },
        { op: "add_event", from: "Hall", to: "Crypt ", name: "descend" },
      ],
      summary: "Add a crypt.",
    };
    const good = {
      ops: [
        { op: "add_state", id: "Crypt", base: "Bones" },
        { op: "add_event", from: "Hall", to: "Crypt", name: "descend" },
      ],
      summary: "Add a crypt below the hall.",
    };
    fake.chat.push(chatAnswer(JSON.stringify(refused)), chatAnswer(JSON.stringify(good)));
    const before = fake.requests.length;
    const res = await edit(id, { instruction: "put a crypt under the hall" }, app.keys.sk_live);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ provider: "openai-compatible", ops: good.ops, summary: good.summary });
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(2);
    const prompt = JSON.stringify(calls[0]!.body.messages);
    expect(prompt).toContain("put a crypt under the hall");
    expect(prompt).toContain('\\"North Tower\\"');
    const repair = JSON.stringify(calls[1]!.body.messages);
    expect(repair).toMatch(/kernel gate/);
    expect(repair).toContain("Crypt ");
    expect((await api.get("/v1/usage", app.keys.sk_live)).body.quotas.edit.used).toBe(1);
    const states = Object.keys((await api.get(`/v1/worlds/${id}`, app.keys.sk_live)).body.world.scene.states);
    expect(states.filter((s) => s.startsWith("Crypt"))).toEqual(["Crypt"]);
  });

  it("answers 422 with the gate's diagnostics when the repaired batch is still refused, and gives the unit back", async () => {
    const app = await bootstrap();
    const id = await importCastle(app.keys.sk_live);
    const refused = JSON.stringify({ ops: [{ op: "set_entrance", state: "Nowhere" }], summary: "Start nowhere." });
    fake.chat.push(chatAnswer(refused), chatAnswer(refused));
    const res = await edit(id, { instruction: "start nowhere" }, app.keys.sk_live);
    expect(res.status).toBe(422);
    expect(res.body.diagnostics.some((d: any) => d.severity === "error")).toBe(true);
    expect((await api.get("/v1/usage", app.keys.sk_live)).body.quotas.edit.used).toBe(0);
  });
});

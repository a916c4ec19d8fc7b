/**
 * Cases the contract fuzz (tests/fuzz.test.ts) found, kept as plain tests beside their fixes:
 * each was a 500 for bad input.
 */
import { describe, expect, it } from "vitest";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { withTestServer } from "./support/suite";
import { bearer, typedClient, type TypedClient } from "./support/typed-client";

let api: TypedClient;
let me: Bootstrap;

withTestServer(async (server) => {
  api = typedClient(server.url);
  me = await bootstrap();
});

describe("a NUL character in a query parameter", () => {
  // PostgreSQL cannot compare text with NUL in it: the query failed, and the request was a 500.
  it.each([
    ["userRef", "a\u0000b"],
    ["userRef", "\u0000"],
    ["sessionId", "ses_\u0000"],
  ])("GET /v1/characters/{id}/transcript?%s=… is a 400 naming the parameter", async (name, value) => {
    const created = await api.POST("/v1/characters", {
      body: { name: "Nul", persona: "A keeper of NUL bytes." },
      ...bearer(me.keys.sk_test),
    });
    expect(created.response.status).toBe(201);
    const res = await api.GET("/v1/characters/{id}/transcript", {
      params: { path: { id: created.data!.id }, query: { [name]: value } },
      ...bearer(me.keys.sk_test),
    });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: "invalid_request", errors: [expect.stringContaining(name)], schemaVersion: "1.0" });
  });

  it("is refused on every route with a query, before the handler runs", async () => {
    const res = await api.GET("/v1/worlds", { params: { query: { cursor: "\u0000" } }, ...bearer(me.keys.sk_test) });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({ code: "invalid_request", errors: ["query.cursor: NUL characters are not allowed"] });
  });
});

describe("a world id in a body that is not a UUID", () => {
  // It reached a uuid column: PostgreSQL refused the query, and the request was a 500.
  it.each(["$X", "not-a-uuid", "0b8f5a5e-3f7c-4a51-9d2e-6f1f3f1a2b3"])(
    "POST /v1/vision/describe with frame.worldId %j is a 404, as an unknown world",
    async (worldId) => {
      const res = await api.POST("/v1/vision/describe", { body: { frame: { worldId } }, ...bearer(me.keys.sk_test) });
      expect(res.response.status).toBe(404);
      expect(res.error).toMatchObject({ code: "not_found", schemaVersion: "1.0" });
    },
  );
});

describe("a character whose name starts with an emoji", () => {
  // The placeholder cover took the name's first UTF-16 unit, half a surrogate pair, which
  // encodeURIComponent refuses: a 500. (The cover is now the entrance stance's painted picture,
  // drawn of the name; the name still reaches the painter.)
  it.each(["😀😀", "🧙 Merlin", "𝔄lice"])("POST /v1/characters with name %j is a 201 with a cover", async (name) => {
    const res = await api.POST("/v1/characters", { body: { name, persona: "A keeper of the first letter." }, ...bearer(me.keys.sk_test) });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    expect(res.data!.cover).toMatch(/\/assets\/[0-9a-f]{64}\.png$/);
  });
});

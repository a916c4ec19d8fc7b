import { describe, expect, it } from "vitest";
import { mockWorld } from "@/lib/kernel";
import { expectMatchesOpenApi, findPathTemplate } from "./support/openapi-check";

// The checker the live walk (tests/openapi.test.ts) holds every response with: it must accept
// documented bodies and refuse the rest.

describe("expectMatchesOpenApi", () => {
  const world = mockWorld({ premise: "a tide that keeps secrets" });
  const id = "0b8f5a5e-3f7c-4a51-9d2e-6f1f3f1a2b3c";
  const diagnostic = {
    lint: "unreachable-state",
    code: "W001",
    severity: "warning",
    path: "scene.states.x",
    message: "x",
    loc: { field: "", template: "", slot: "", fill: "" },
  };

  it("matches concrete paths to templates, static segments first", () => {
    expect(findPathTemplate(`/v1/worlds/${id}/ops`)).toBe("/v1/worlds/{id}/ops");
    expect(findPathTemplate(`/v1/worlds/${id}/versions/${id}/restore`)).toBe("/v1/worlds/{id}/versions/{versionId}/restore");
    expect(findPathTemplate("/v1/worlds?limit=5")).toBe("/v1/worlds");
    expect(findPathTemplate("/v1/openapi.json")).toBe("/v1/openapi.json");
    expect(findPathTemplate("/v1/nope")).toBeUndefined();
  });

  it("accepts documented bodies", () => {
    expectMatchesOpenApi("POST", `/v1/worlds/${id}/ops`, 200, {
      world,
      diagnostics: [diagnostic],
      rev: "abc",
      applyErrors: [],
      notes: [],
      playtests: { passed: 0, failed: [] },
      schemaVersion: "1.0",
    });
    expectMatchesOpenApi("POST", "/v1/worlds", 200, { worldId: id, slug: null, ok: true, cover: "", mock: true, schemaVersion: "1.0" });
    expectMatchesOpenApi("POST", "/v1/worlds", 201, { worldId: id, slug: "tide-1", imported: true, schemaVersion: "1.0" });
    expectMatchesOpenApi("POST", `/v1/worlds/${id}/ops`, 412, {
      detail: "stale",
      code: "rev_mismatch",
      currentRev: "abc",
      schemaVersion: "1.0",
    });
    expectMatchesOpenApi("POST", `/v1/worlds/${id}/ops`, 422, {
      detail: "gate",
      code: "validation_failed",
      diagnostics: [{ ...diagnostic, severity: "error" }],
      schemaVersion: "1.0",
    });
    expectMatchesOpenApi("GET", `/v1/worlds/${id}`, 304, undefined);
    expectMatchesOpenApi("GET", "/v1/nope", 404, { detail: "No route GET /v1/nope.", code: "not_found", schemaVersion: "1.0" });
  });

  it.each([
    [
      "an undocumented status",
      "DELETE",
      `/v1/worlds/${id}`,
      412,
      { detail: "x", code: "rev_mismatch", currentRev: "a", schemaVersion: "1.0" },
      /not documented/,
    ],
    ["an undocumented method", "PUT", `/v1/worlds/${id}`, 200, {}, /has no PUT/],
    ["a missing field", "POST", "/v1/worlds", 201, { worldId: id, slug: null, schemaVersion: "1.0" }, /imported/],
    ["an extra field", "POST", "/v1/worlds", 201, { worldId: id, slug: null, imported: true, extra: 1, schemaVersion: "1.0" }, /extra/],
    [
      "an extra nested field",
      "POST",
      `/v1/worlds/${id}/ops`,
      200,
      {
        world,
        diagnostics: [{ ...diagnostic, hint: "x" }],
        rev: "a",
        applyErrors: [],
        notes: [],
        playtests: { passed: 0, failed: [] },
        schemaVersion: "1.0",
      },
      /hint/,
    ],
    ["a code of another status", "GET", `/v1/worlds/${id}`, 404, { detail: "x", code: "conflict", schemaVersion: "1.0" }, /code/],
    ["no schemaVersion", "DELETE", `/v1/worlds/${id}`, 200, { ok: true }, /schemaVersion/],
    [
      "a 412 without currentRev",
      "POST",
      `/v1/worlds/${id}/ops`,
      412,
      { detail: "x", code: "rev_mismatch", schemaVersion: "1.0" },
      /currentRev/,
    ],
    ["a body on a 304", "GET", `/v1/worlds/${id}`, 304, { ok: true }, /without a body/],
    ["an unknown path other than 404", "GET", "/v1/nope", 200, {}, /no operation/],
  ])("refuses %s", (_name, method, p, status, body, message) => {
    expect(() => expectMatchesOpenApi(method, p, status, body)).toThrow(message);
  });
});

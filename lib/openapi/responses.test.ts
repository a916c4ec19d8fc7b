import { describe, expect, it } from "vitest";
import { z } from "zod";
import { serializeApp } from "@/lib/apps/apps";
import type { ApiKey, App } from "@/lib/db/generated/client";
import type { DbClient } from "@/lib/db";
import { SCHEMA_VERSION } from "@/lib/reply";
import { mockWorld } from "@/lib/kernel";
import type { WorldRow } from "@/lib/worlds/row";
import { createKey, serializeKey } from "@/lib/keys/keys";
import { toWorldResource, toWorldSummary } from "@/lib/worlds/serialize";
import { expectMatchesOpenApi } from "@/tests/support/openapi-check";
import { ZApp, ZAppBody, ZCreatedKey, ZKeyMetadata, ZWorldResource, ZWorldSummary } from "./responses";

// The serializers and the response schemas are the same shape: each serializer's output, as the
// wrapper sends it, parses with the schema made strict (an added field fails), and holds against
// the document's closed schema (which also closes nested objects).

const ID = "0b8f5a5e-3f7c-4a51-9d2e-6f1f3f1a2b3c";
const APP_ID = "6a4f3c2e-1d0b-4e8f-a7c6-5b4a39281706";
const at = new Date("2025-01-02T03:04:05.678Z");
const withVersion = <T extends object>(value: T) => ({ ...value, schemaVersion: SCHEMA_VERSION });

/** Parses with the schema closed at the top level: unknown keys are an error, not stripped. */
function expectExactly(schema: z.ZodObject, value: unknown) {
  const result = schema.strict().safeParse(value);
  expect(result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([]);
}

function worldRow(overrides: Partial<WorldRow> = {}): WorldRow {
  const graph = mockWorld({ premise: "a lighthouse that remembers ships", id: ID });
  return {
    id: ID,
    appId: APP_ID,
    mode: "live",
    kind: "world",
    slug: "lighthouse-x1y2",
    name: graph.name,
    description: graph.description,
    cover: graph.cover,
    visibility: "public",
    graph,
    pieces: { keys: [], texts: [] },
    rev: "0123456789abcdef",
    revAt: at,
    sessionCount: 3,
    likeCount: 1,
    source: "mock",
    forkedFromId: null,
    headVersionId: null,
    campaignId: null,
    campaignChapter: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

const appRow: App = {
  id: APP_ID,
  ownerId: ID,
  name: "Shop",
  defaultMode: "test",
  embedOrigins: ["https://shop.example"],
  createdAt: at,
  updatedAt: at,
};

const keyRow = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: ID,
  appId: APP_ID,
  kind: "secret",
  mode: "test",
  prefix: "sk_test_",
  last4: "a1B2",
  secretHash: "f".repeat(64),
  name: "server",
  scopes: ["worlds:read"],
  createdAt: at,
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

describe("serializers match the response schemas", () => {
  it.each([
    ["public live world (with playUrl)", worldRow()],
    ["private test world (no slug, no playUrl)", worldRow({ mode: "test", slug: null, visibility: "private", forkedFromId: APP_ID })],
  ])("World resource and summary: %s", (_name, row) => {
    const resource = withVersion(toWorldResource(row, "https://worlds.example"));
    expectExactly(ZWorldResource, resource);
    expectMatchesOpenApi("GET", `/v1/worlds/${ID}`, 200, resource);
    const summary = toWorldSummary(row, "https://worlds.example");
    expectExactly(ZWorldSummary, summary);
    expectMatchesOpenApi("GET", "/v1/worlds", 200, withVersion({ worlds: [summary], nextCursor: null }));
  });

  it("App", () => {
    expectExactly(ZApp, serializeApp(appRow));
    expectExactly(ZAppBody, withVersion(serializeApp(appRow)));
    expectMatchesOpenApi("GET", `/v1/apps/${APP_ID}`, 200, withVersion(serializeApp(appRow)));
  });

  it.each([
    ["fresh", keyRow()],
    ["used and revoked", keyRow({ kind: "publishable", mode: "live", prefix: "pk_live_", scopes: [], lastUsedAt: at, revokedAt: at })],
  ])("Key metadata: %s", (_name, row) => {
    expectExactly(ZKeyMetadata, serializeKey(row));
    expectMatchesOpenApi("DELETE", `/v1/apps/${APP_ID}/keys/${ID}`, 200, withVersion(serializeKey(row)));
    expectMatchesOpenApi("GET", `/v1/apps/${APP_ID}/keys`, 200, withVersion({ keys: [serializeKey(row)] }));
  });

  it("Created key (createKey over a stub client)", async () => {
    const db = {
      apiKey: {
        create: async ({ data }: { data: Omit<ApiKey, "id" | "createdAt" | "lastUsedAt" | "revokedAt"> }) => ({
          ...data,
          id: ID,
          createdAt: at,
          lastUsedAt: null,
          revokedAt: null,
        }),
      },
    } as unknown as DbClient;
    const created = withVersion(await createKey(APP_ID, { kind: "secret", mode: "live", name: "ci" }, db));
    expectExactly(ZCreatedKey, created);
    expectMatchesOpenApi("POST", `/v1/apps/${APP_ID}/keys`, 201, created);
  });

  it("fails on a field the schema does not name, at any depth", () => {
    const resource = withVersion(toWorldResource(worldRow(), "https://worlds.example"));
    expect(() => expectExactly(ZWorldResource, { ...resource, secretHash: "x" })).toThrow();
    expect(() => expectMatchesOpenApi("GET", `/v1/worlds/${ID}`, 200, { ...resource, secretHash: "x" })).toThrow(/secretHash/);
    const usage = withVersion({ day: "2025-01-02", quotas: {}, billing: { sessionSeconds: 0, chatSeconds: 0, extra: 1 } });
    expect(() => expectMatchesOpenApi("GET", "/v1/usage", 200, usage)).toThrow(/extra/);
  });
});

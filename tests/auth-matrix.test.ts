/**
 * The credential matrix (issue 19): every operation × ten credentials, one request a cell, over
 * HTTP through the openapi-fetch client, each answer the exact status of the table in
 * tests/support/auth-matrix.ts (docs/api.md "Credentials", docs/auth-matrix.md), with an error body of the documented shape.
 * docs/auth-matrix.md is that table printed; this file fails when the doc is stale
 * (`npm run docs:gen` rewrites it).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/openapi/operations";
import { signSessionToken } from "@/lib/sessions/token";
import { AUTH_MATRIX_DOC, CREDENTIALS, ENTITLED, expectedCell, renderAuthMatrixDoc, type CredentialId } from "./support/auth-matrix";
import { bootstrap, type Bootstrap } from "./support/fixtures";
import { expectResponseMatchesOpenApi } from "./support/openapi-check";
import { FIXTURE_SERVER_ENV, FixtureCache, Kit, operationFixtures, type Prepared } from "./support/operation-fixtures";
import { startTestServer, type TestServer } from "./support/test-server";
import { sendRequest, typedClient } from "./support/typed-client";

describe("docs/auth-matrix.md", () => {
  it("is the table the matrix test checks", () => {
    expect(readFileSync(path.resolve(import.meta.dirname, "..", AUTH_MATRIX_DOC), "utf8")).toBe(renderAuthMatrixDoc());
  });

  it("has a row for every operation", () => {
    expect(Object.keys(ENTITLED).sort()).toEqual(OPERATIONS.map((op) => op.operationId).sort());
  });
});

let server: TestServer;
let kit: Kit;
let cache: FixtureCache;
let me: Bootstrap;
let other: Bootstrap;
let revoked: string;
let otherWorldToken: string;

beforeAll(async () => {
  server = await startTestServer({ env: FIXTURE_SERVER_ENV });
  me = await bootstrap();
  other = await bootstrap();
  kit = new Kit(typedClient(server.url), { me, other, baseUrl: server.url });
  cache = new FixtureCache(kit);
  revoked = await kit.revokedKey();
  otherWorldToken = await kit.session({ worldId: await kit.world() });
});

afterAll(async () => {
  await server?.close();
});

/** The credential `id` for the fixture's request: a bearer token, or none. */
async function credential(id: CredentialId, prepared: Prepared): Promise<string | undefined> {
  switch (id) {
    case "none":
      return undefined;
    case "garbage":
      return "not-a-credential";
    case "revoked":
      return revoked;
    case "expired": {
      // Scoped right (the request's character or world), an hour past its expiry.
      const character = prepared.template.startsWith("/v1/characters/{id}") ? prepared.path?.id : undefined;
      const subjectId = character ?? prepared.worldId ?? (await kit.world());
      const minted = await signSessionToken({
        subjectId,
        kind: character ? "character" : "world",
        appId: me.appId,
        mode: "test",
        ttlSeconds: 60,
        now: new Date(Date.now() - 3_600_000),
      });
      return minted.token;
    }
    case "publishable":
      return me.keys.pk_test;
    case "otherApp":
      return other.keys.sk_test;
    case "otherMode":
      return me.keys.sk_live;
    case "user":
      return me.userToken;
    case "otherUser":
      return other.userToken;
    case "otherWorld":
      return otherWorldToken;
  }
}

describe("the credential matrix", () => {
  it.each(operationFixtures().map((f) => [`${f.method} ${f.template}`, f] as const))(
    "%s",
    async (_name, fixture) => {
      const op = OPERATIONS.find((o) => o.operationId === fixture.operationId)!;
      const seen: string[] = [];
      const wrong: string[] = [];
      // The ten credentials, then the entitled one (last: its write may use the fixture up).
      for (const id of [...CREDENTIALS.map((c) => c.id), "entitled" as const]) {
        const prepared = await cache.get(fixture);
        const token = id === "entitled" ? prepared.token : await credential(id, prepared);
        const res = await sendRequest(kit.api, { ...prepared, token });
        cache.settle(fixture, res.status);
        // A live campaign authors in the background for minutes: stop the one the other mode's secret just started.
        const jobId = (res.body as { jobId?: string } | undefined)?.jobId;
        if (res.status === 202 && token === me.keys.sk_live && jobId && jobId !== "test_mock") {
          await sendRequest(kit.api, { method: "POST", template: "/v1/jobs/{jobId}/cancel", path: { jobId }, token, body: { json: {} } });
        }
        const expected = id === "entitled" ? ENTITLED[op.operationId]!.status : expectedCell(op, id).status;
        seen.push(`${id}=${res.status}`);
        if (res.status !== expected) wrong.push(`${id}: expected ${expected}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        if (res.status >= 400)
          expect(res.body, `${id}`).toMatchObject({ detail: expect.any(String), code: expect.any(String), schemaVersion: "1.0" });
        expectResponseMatchesOpenApi(fixture.method, res.path, res);
      }
      expect(wrong, seen.join(" ")).toEqual([]);
    },
    120_000,
  );
});

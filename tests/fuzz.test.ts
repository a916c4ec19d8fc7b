/**
 * Fuzzing from the contract (issue 19): every operation of the served OpenAPI document gets
 * requests derived from its own schemas and from hostile values, with the credential entitled to
 * it, over HTTP through the openapi-fetch client. Invariants, for every response: never a 5xx;
 * an error body has `detail`, `code` and `schemaVersion`; the body matches the document for its
 * status; and a refused request changes nothing (row counts, revoked keys, quota and the world's
 * `rev`). Seeded: `FUZZ_SEED` replays a run, `FUZZ_SCALE` multiplies the runs per operation
 * (`npm run fuzz` is 100×). docs/fuzzing.md says what is sent and why.
 */
import fc from "fast-check";
import { writeFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, type JsonSchema, type OpenApiOperation, type OpenApiParameter } from "@/lib/openapi/document";
import { jobsIdle, snapshot } from "./support/db-snapshot";
import { bootstrap } from "./support/fixtures";
import { hostileQueryValue, hostileValue, schemaArbitrary } from "./support/json-schema-arbitrary";
import { expectResponseMatchesOpenApi } from "./support/openapi-check";
import {
  FIXTURE_SERVER_ENV,
  FixtureCache,
  Kit,
  operationFixtures,
  type OperationFixture,
  type Prepared,
} from "./support/operation-fixtures";
import { startTestServer, type TestServer } from "./support/test-server";
import { sendRequest, typedClient, type IncomingResponse, type OutgoingRequest, type TypedClient } from "./support/typed-client";

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = Number(process.env.FUZZ_SEED ?? 19);
/** Requests per operation: small by default so `npm test` stays fast. */
const RUNS = Math.max(1, Math.round(10 * SCALE));

const doc = buildOpenApiDocument();
const fixtures = operationFixtures();

/** What one fuzzed request changes in a valid one. */
type Mutation =
  | { kind: "asIs" }
  | { kind: "schemaBody"; value: unknown }
  | { kind: "setField"; at: number; value: unknown }
  | { kind: "dropField"; at: number }
  | { kind: "extraField"; key: string; value: unknown }
  | { kind: "wholeBody"; value: unknown }
  | {
      kind: "raw";
      variant: "truncated" | "textPlain" | "form" | "noType" | "empty" | "badUtf8" | "bom" | "deepText" | "trailing";
      at: number;
    }
  | { kind: "query"; at: number; value: unknown }
  | { kind: "pathParam"; at: number; value: string }
  | { kind: "header"; name: string; value: string };

function operationOf(fixture: OperationFixture): OpenApiOperation {
  return doc.paths[fixture.template]![fixture.method.toLowerCase()]!;
}

function mutationArbitrary(fixture: OperationFixture): fc.Arbitrary<Mutation[]> {
  const op = operationOf(fixture);
  const components = doc.components.schemas;
  const bodySchema = op.requestBody?.content["application/json"].schema;
  const params = (op.parameters ?? []).map((p) =>
    "$ref" in p ? doc.components.parameters[p.$ref.split("/").pop()!]! : p,
  ) as OpenApiParameter[];
  const query = params.filter((p) => p.in === "query");
  const pathParams = params.filter((p) => p.in === "path");
  const headers = params.filter((p) => p.in === "header").map((p) => p.name);
  const at = fc.nat({ max: 1_000 });

  const options: fc.Arbitrary<Mutation>[] = [fc.constant<Mutation>({ kind: "asIs" })];
  if (bodySchema) {
    options.push(
      schemaArbitrary(bodySchema as JsonSchema, components).map((value): Mutation => ({ kind: "schemaBody", value })),
      schemaArbitrary(bodySchema as JsonSchema, components).map((value): Mutation => ({ kind: "schemaBody", value })),
      fc.record({ at, value: hostileValue }).map((m): Mutation => ({ kind: "setField", ...m })),
      fc.record({ at, value: hostileValue }).map((m): Mutation => ({ kind: "setField", ...m })),
      at.map((i): Mutation => ({ kind: "dropField", at: i })),
      fc
        .record({ key: fc.constantFrom("__proto__", "constructor", "unknownField", "token", "expectedRev", ""), value: hostileValue })
        .map((m): Mutation => ({ kind: "extraField", ...m })),
      hostileValue.map((value): Mutation => ({ kind: "wholeBody", value })),
      fc
        .record({
          variant: fc.constantFrom("truncated", "textPlain", "form", "noType", "empty", "badUtf8", "bom", "deepText", "trailing" as const),
          at,
        })
        .map((m): Mutation => ({ kind: "raw", ...m })),
    );
  }
  if (query.length) {
    const values = query.map((p) => schemaArbitrary(p.schema, components));
    options.push(fc.record({ at, value: fc.oneof(hostileQueryValue, ...values) }).map((m): Mutation => ({ kind: "query", ...m })));
  }
  if (pathParams.length) {
    const value = fc.oneof(
      fc.uuid(),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
      fc.constantFrom("%00", "\u0000", "x".repeat(5_000), "__proto__", "😀", "test_mock"),
    );
    options.push(
      fc
        .record({ at, value: value.filter((v) => v !== "." && v !== ".." && v.length > 0) })
        .map((m): Mutation => ({ kind: "pathParam", ...m })),
    );
  }
  const headerValue = fc.oneof(
    fc.string({ unit: "grapheme-ascii", maxLength: 40 }),
    fc.constantFrom('"stale"', 'W/"x"', "*", "x".repeat(300), ""),
  );
  for (const name of headers) options.push(headerValue.map((value): Mutation => ({ kind: "header", name, value })));
  options.push(
    fc.constantFrom("X-App-Mode", "X-App-Id").chain((name) => headerValue.map((value): Mutation => ({ kind: "header", name, value }))),
  );
  return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 2 });
}

/** Paths into a JSON value (objects' keys, arrays' indexes), depth-first, at most 4 deep. */
function fieldPaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (prefix.length >= 4 || !value || typeof value !== "object") return out;
  for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
    const next = [...prefix, key];
    out.push(next);
    fieldPaths((value as Record<string | number, unknown>)[key], next, out);
  }
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, drop = false): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (drop && Array.isArray(node)) node.splice(Number(last), 1);
  else if (drop) delete node[last];
  else node[last] = value;
}

function bodyJson(req: OutgoingRequest): unknown {
  return req.body && "json" in req.body ? structuredClone(req.body.json) : {};
}

function applyMutation(base: Prepared, mutation: Mutation): OutgoingRequest {
  const req: OutgoingRequest = { ...base, path: { ...base.path }, query: { ...base.query }, headers: { ...base.headers } };
  switch (mutation.kind) {
    case "asIs":
      return req;
    case "schemaBody":
      return { ...req, body: { json: mutation.value } };
    case "setField":
    case "dropField": {
      const json = bodyJson(req);
      const paths = fieldPaths(json);
      if (!paths.length) return { ...req, body: { json: mutation.kind === "setField" ? { value: mutation.value } : json } };
      setAt(
        json,
        paths[mutation.at % paths.length]!,
        mutation.kind === "setField" ? mutation.value : undefined,
        mutation.kind === "dropField",
      );
      return { ...req, body: { json } };
    }
    case "extraField": {
      const text = JSON.stringify(bodyJson(req) ?? {});
      const member = `${JSON.stringify(mutation.key)}: ${JSON.stringify(mutation.value) ?? "null"}`;
      const json = text.startsWith("{") ? `{${member}${text === "{}" ? "" : ","}${text.slice(1)}` : `{${member}}`;
      return { ...req, body: { raw: json, contentType: "application/json" } };
    }
    case "wholeBody":
      return { ...req, body: { json: mutation.value } };
    case "raw": {
      const text = JSON.stringify(bodyJson(req) ?? {});
      const raw: Record<typeof mutation.variant, { raw: string | Uint8Array; contentType: string | null }> = {
        truncated: { raw: text.slice(0, mutation.at % Math.max(text.length, 1)), contentType: "application/json" },
        textPlain: { raw: text, contentType: "text/plain" },
        form: { raw: "name=x&worldId=y", contentType: "application/x-www-form-urlencoded" },
        noType: { raw: text, contentType: null },
        empty: { raw: "", contentType: "application/json" },
        badUtf8: {
          raw: Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]),
          contentType: "application/json",
        },
        bom: { raw: `\ufeff${text}`, contentType: "application/json; charset=utf-8" },
        deepText: { raw: deepArrayText(5_000 + (mutation.at % 5_000)), contentType: "application/json" },
        trailing: { raw: `${text}${text}`, contentType: "application/json" },
      };
      return { ...req, body: raw[mutation.variant] };
    }
    case "query": {
      const names = (operationOf({ method: base.method, template: base.template } as OperationFixture).parameters ?? [])
        .filter((p) => "in" in p && p.in === "query")
        .map((p) => (p as OpenApiParameter).name);
      const name = names[mutation.at % names.length]!;
      return { ...req, query: { ...req.query, [name]: mutation.value } };
    }
    case "pathParam": {
      const names = Object.keys(req.path ?? {});
      if (!names.length) return req;
      return { ...req, path: { ...req.path, [names[mutation.at % names.length]!]: mutation.value } };
    }
    case "header":
      return { ...req, headers: { ...req.headers, [mutation.name]: mutation.value } };
  }
}

/**
 * Applies a second mutation onto a request. One that would have to walk a body nested past what
 * the harness's stack allows (a field set thousands deep by the mutation before it, then cloned
 * or written out as text) leaves the request as it is: the deep body is sent, not a `RangeError`
 * of the harness mistaken for an answer of the API.
 */
function mutateOnto(req: OutgoingRequest, base: Prepared, mutation: Mutation): OutgoingRequest {
  try {
    return applyMutation({ ...base, ...req } as Prepared, mutation);
  } catch (error) {
    if (error instanceof RangeError) return req;
    throw error;
  }
}

/** A body for a failure's message (one nested too deep to write out is said so). */
function bodyText(json: unknown): string {
  try {
    return JSON.stringify(json) ?? "";
  } catch {
    return "(a body nested too deep to write out)";
  }
}

/** `[[[…1…]]]` as text: deeper than the client's JSON.stringify should be asked to go. */
const deepArrayText = (depth: number) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

function describeExchange(req: OutgoingRequest, res: IncomingResponse): string {
  const body = req.body ? ("json" in req.body ? bodyText(req.body.json) : String(req.body.raw)) : "";
  const sent = body.length > 400 ? `${body.slice(0, 400)}… (${body.length} chars)` : body;
  const got = JSON.stringify(res.body) ?? "";
  return `${req.method} ${res.path} headers=${JSON.stringify(req.headers)} body=${sent}\n→ ${res.status} ${got.slice(0, 600)}`;
}

let server: TestServer;
let api: TypedClient;
let cache: FixtureCache;
const stats = { requests: 0, operations: new Set<string>(), serverErrors: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  server = await startTestServer({ env: FIXTURE_SERVER_ENV });
  api = typedClient(server.url);
  const kit = new Kit(api, { me: await bootstrap(), other: await bootstrap(), baseUrl: server.url });
  cache = new FixtureCache(kit);
});

function summary(): string {
  const statuses = [...stats.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(" ");
  return `fuzz: seed ${SEED}, scale ${SCALE}: ${stats.requests} requests, ${stats.operations.size} operations, ${stats.serverErrors} 5xx; statuses ${statuses}`;
}

// A long run can be stopped at any point: FUZZ_REPORT names a file that always holds the counts so far.
afterEach(() => {
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, `${summary()}\n`);
});

afterAll(async () => {
  console.log(summary());
  await server?.close();
});

describe("the fuzz covers the served document", () => {
  it("has a fixture for every operation of GET /v1/openapi.json", async () => {
    const { data } = await api.GET("/v1/openapi.json");
    const served = Object.entries(data!.paths as Record<string, Record<string, { operationId: string }>>).flatMap(([, item]) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(fixtures.map((f) => f.operationId).sort()).toEqual(served.sort());
  });
});

describe("fuzzing every operation", () => {
  it.each(fixtures.map((f, i) => [f.operationId, f, i] as const))(
    "%s",
    async (_name, fixture, index) => {
      await fc.assert(
        fc.asyncProperty(mutationArbitrary(fixture), async (mutations) => {
          const base = await cache.get(fixture);
          const req = mutations.reduce<OutgoingRequest>((r, m) => mutateOnto(r, base, m), base);
          await jobsIdle();
          const before = await snapshot(base.worldId);
          const res = await sendRequest(api, req);
          stats.requests++;
          stats.operations.add(fixture.operationId);
          stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
          if (res.status >= 500) stats.serverErrors++;
          cache.settle(fixture, res.status);
          const where = describeExchange(req, res);
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.body, where).toMatchObject({ detail: expect.any(String), code: expect.any(String), schemaVersion: "1.0" });
            await jobsIdle();
            expect(await snapshot(base.worldId), `a refused request changed stored state: ${where}`).toEqual(before);
          }
          expect(() => expectResponseMatchesOpenApi(req.method, res.path, res), where).not.toThrow();
        }),
        { seed: SEED + index, numRuns: RUNS, endOnFailure: true },
      );
    },
    60_000 + RUNS * 3_000,
  );
});

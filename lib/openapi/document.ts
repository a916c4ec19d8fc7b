import { z } from "zod";
import { STATUS_BY_CODE, type ErrorCode } from "@/lib/errors";
import { SCHEMA_VERSION } from "@/lib/reply";
import { errorsOf } from "./errors-of";
import type { Operation, RequestHeader, ResponseHeader } from "./operation";
import { OPERATIONS, TAGS } from "./operations";
import { REQUEST_SCHEMAS } from "./request-schemas";
import { ERROR_REQUIRED_EXTRAS, RESPONSE_SCHEMAS } from "./responses";

/*
 * The OpenAPI 3.1 document of /v1, built from the operations (lib/openapi/operations, the same
 * objects the route files spread into `route()`) and the zod schemas: requests in zod's "input"
 * view (what a client sends, before defaults and transforms), responses in its "output" view
 * (what the serializers produce). Nothing here is written by hand twice: a change to a schema is
 * a change to the document.
 */

export type JsonSchema = { [key: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, JsonSchema>;
  content?: { "application/json": { schema: JsonSchema } };
}

export interface OpenApiOperation {
  tags: string[];
  operationId: string;
  summary: string;
  description?: string;
  security: Record<string, string[]>[];
  parameters?: (OpenApiParameter | { $ref: string })[];
  requestBody?: { required: boolean; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, OpenApiResponse | { $ref: string; description?: string }>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

export interface BuildOptions {
  /**
   * Keep response objects closed (`additionalProperties: false`), as the zod schemas are. The
   * tests use this so that an undocumented field fails them; the published document leaves
   * them open because clients must accept fields added later (docs/api.md "The reference").
   */
  closedResponses?: boolean;
}

const SCHEMA_REF = "#/components/schemas/";
const JSON_TYPE = "application/json";

type Io = "input" | "output";

/** Shared by every conversion: drops zod's safe-integer bounds (noise) and marks discriminators. */
function override(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const json = ctx.jsonSchema;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; discriminator?: unknown } } })._zod?.def;
  if (def?.type === "union" && typeof def.discriminator === "string") json.discriminator = { propertyName: def.discriminator };
}

const CONVERSION = { target: "draft-2020-12", unrepresentable: "any", override } as const;

function toJsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  const out = z.toJSONSchema(schema, { ...CONVERSION, io }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** Named schemas as `components.schemas`, references between them as `$ref`s. */
function namedSchemas(table: Record<string, z.ZodType>, io: Io): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(table)) {
    if (registry.has(schema)) throw new Error(`openapi: one zod schema is registered twice (${id})`);
    registry.add(schema, { id });
  }
  const { schemas } = z.toJSONSchema(registry, { ...CONVERSION, io, uri: (id) => SCHEMA_REF + id }) as {
    schemas: Record<string, JsonSchema>;
  };
  for (const schema of Object.values(schemas)) {
    // A component is addressed by its place in the document; an `$id` would re-base its refs.
    delete schema.$schema;
    delete schema.$id;
  }
  return schemas;
}

/** Opens every closed object (forward compatibility: clients ignore unknown fields). */
function openObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(openObjects);
  if (!node || typeof node !== "object") return;
  const record = node as JsonSchema;
  if (record.additionalProperties === false) delete record.additionalProperties;
  for (const value of Object.values(record)) openObjects(value);
}

const ref = (name: string) => ({ $ref: SCHEMA_REF + name });

/** `not_found` → `NotFound`: the name of an error's entry in `components.responses`. */
export function errorResponseName(code: ErrorCode): string {
  return code.replace(/(^|_)([a-z])/g, (_m, _s, c: string) => c.toUpperCase());
}

const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  invalid_request: "Bad request: malformed JSON, wrong types, unknown fields or values; `errors` names them.",
  unauthorized: "Missing, malformed, unknown, revoked or expired credential.",
  quota_exceeded: "A daily quota is used up; it resets at 00:00 UTC.",
  forbidden: "The credential may not do this.",
  not_found: "No such resource for this credential.",
  method_not_allowed: "The method is not allowed on this path.",
  conflict: "Conflicts with the resource's state, or a request with the same Idempotency-Key is in flight.",
  rev_mismatch: "Stale `If-Match` / `expectedRev`; `currentRev` is the world's rev. Nothing was persisted.",
  payload_too_large: "The body is over the size limit.",
  unsupported_media_type: "The body is not JSON.",
  validation_failed: "The world failed the schema (`errors`) or the kernel gate (`diagnostics`). Nothing was persisted.",
  rate_limited:
    "Too many requests for this credential. A token bucket per credential and mode: live keys, live session tokens and user tokens 100 requests/s, test keys and test session tokens 25/s (the deployment's defaults; each mode's rate and burst are configurable). Retry after `Retry-After` seconds.",
  internal_error: "An unexpected error; quote `requestId` when reporting it.",
  upstream_failed: "A provider or the asset host failed; nothing was created. Safe to retry.",
  unavailable:
    "A backing service (the database, the quota store, the job queue) is unavailable. Retry after `Retry-After` seconds when it is sent; a write the database dropped mid-request may or may not have landed, so resend creates with the same Idempotency-Key and graph writes with If-Match.",
};

function errorResponse(code: ErrorCode): OpenApiResponse {
  const required = ERROR_REQUIRED_EXTRAS[code];
  return {
    description: ERROR_DESCRIPTIONS[code],
    headers: {
      "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
      ...(code === "rate_limited" || code === "unavailable" ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } } : {}),
    },
    content: {
      [JSON_TYPE]: {
        schema: { allOf: [ref("Error"), { properties: { code: { const: code } }, ...(required ? { required } : {}) }] },
      },
    },
  };
}

const REQUEST_HEADERS: Record<RequestHeader, { key: string; parameter: OpenApiParameter }> = {
  "Idempotency-Key": {
    key: "IdempotencyKey",
    parameter: {
      name: "Idempotency-Key",
      in: "header",
      description:
        "Makes a create or a spend safe to retry: the same key with the same request replays the first response (`Idempotent-Replayed: true`) for 24 h without doing the work or charging again; the same key with another request is a 400; while the first is in flight, a retry waits for it (409 after 30 s). Keyed per app, mode, operation and key (per user on `/v1/apps*`, per session on session routes). A request refused with a 4xx is not recorded.",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    },
  },
  "If-Match": {
    key: "IfMatch",
    parameter: {
      name: "If-Match",
      in: "header",
      description: "The `rev` the change is based on (or send `expectedRev` in the body); stale: 412 `rev_mismatch`.",
      schema: { type: "string" },
    },
  },
  "If-None-Match": {
    key: "IfNoneMatch",
    parameter: {
      name: "If-None-Match",
      in: "header",
      description:
        "The `rev` (ETag) of the body you hold (quotes and `W/` optional; a comma-separated list, or `*`). 304 without a body only when nothing that body shows has changed; see the operation's 304 response.",
      schema: { type: "string" },
    },
  },
};

const RESPONSE_HEADERS: Record<ResponseHeader | "X-Request-Id" | "Retry-After", JsonSchema> = {
  ETag: { description: "The world's `rev` (quoted).", schema: { type: "string" } },
  "Idempotent-Replayed": {
    description: "`true` when this is the stored response of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", const: "true" },
  },
  "X-Request-Id": { description: "Identifies the request in the server's logs.", schema: { type: "string" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
};

const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  secretKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "sk_test_… | sk_live_…",
    description:
      "A secret API key of an app (`Authorization: Bearer sk_…`). Server-side only. The key's mode (test or live) selects the data it sees.",
  },
  publishableKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "pk_test_… | pk_live_…",
    description: "A publishable API key (`Authorization: Bearer pk_…`): browser-safe, read-only (GET).",
  },
  userSession: {
    type: "http",
    scheme: "bearer",
    description: "The Studio user's session token as a bearer (`npm run worlds -- bootstrap` prints one). API keys are refused.",
  },
  userCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The Studio's session cookie (`__Secure-next-auth.session-token` over HTTPS). Writes must come from this server's origin.",
  },
  sessionToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A short-lived runtime session token scoped to one world or character, minted with a secret key (runtime routes).",
  },
};

function securityOf(op: Operation): Record<string, string[]>[] {
  const roles = op.scope ? [op.scope] : [];
  // OpenAPI 3.1 lets non-OAuth schemes list role names: here the key scope a route needs.
  if (op.auth === "key") return op.method === "GET" ? [{ secretKey: roles }, { publishableKey: roles }] : [{ secretKey: roles }];
  if (op.auth === "user") return [{ userSession: [] }, { userCookie: [] }];
  if (op.auth === "session") return [{ sessionToken: [] }];
  if (op.auth === "keyOrSession") return [{ secretKey: roles }, { sessionToken: [] }];
  return [];
}

function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: string[] } {
  return { properties: (schema.properties ?? {}) as Record<string, JsonSchema>, required: (schema.required ?? []) as string[] };
}

function parametersOf(op: Operation): OpenApiOperation["parameters"] {
  const out: NonNullable<OpenApiOperation["parameters"]> = [];
  const templateNames = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const pathProps = op.params ? propertiesOf(toJsonSchema(op.params, "input")).properties : {};
  if (templateNames.join() !== Object.keys(pathProps).join()) {
    throw new Error(`openapi: ${op.method} ${op.path}: path params [${Object.keys(pathProps)}] do not match the template`);
  }
  for (const [name, schema] of Object.entries(pathProps)) {
    const { description, ...rest } = schema;
    out.push({ name, in: "path", required: true, ...(description ? { description: String(description) } : {}), schema: rest });
  }
  if (op.query) {
    const { properties, required } = propertiesOf(toJsonSchema(op.query, "input"));
    for (const [name, schema] of Object.entries(properties)) {
      const { description, ...rest } = schema;
      out.push({
        name,
        in: "query",
        required: required.includes(name),
        ...(description ? { description: String(description) } : {}),
        schema: rest,
      });
    }
  }
  const headers: RequestHeader[] = [...(op.headers ?? []), ...(op.idempotency ? (["Idempotency-Key"] as const) : [])];
  for (const header of headers) out.push({ $ref: `#/components/parameters/${REQUEST_HEADERS[header].key}` });
  return out.length > 0 ? out : undefined;
}

const requestNames = new Map<z.ZodType, string>(Object.entries(REQUEST_SCHEMAS).map(([name, schema]) => [schema, name]));

function operationOf(op: Operation): OpenApiOperation {
  const responses: OpenApiOperation["responses"] = {};
  for (const [status, response] of Object.entries(op.responses)) {
    const headers: Record<string, JsonSchema> = {};
    if (!op.unwrapped) headers["X-Request-Id"] = { $ref: "#/components/headers/X-Request-Id" };
    const derived: ResponseHeader[] = op.idempotency && Number(status) < 300 ? ["Idempotent-Replayed"] : [];
    for (const header of [...(response.headers ?? []), ...derived]) headers[header] = { $ref: `#/components/headers/${header}` };
    responses[status] = {
      description: response.description,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(response.schema ? { content: { [JSON_TYPE]: { schema: ref(response.schema) } } } : {}),
    };
  }
  for (const [code, when] of Object.entries(errorsOf(op)) as [ErrorCode, string][]) {
    // OpenAPI 3.1 lets a reference override the description: say when this route gives it.
    responses[String(STATUS_BY_CODE[code])] = { $ref: `#/components/responses/${errorResponseName(code)}`, description: when };
  }
  const bodyName = op.body ? requestNames.get(op.body) : undefined;
  if (op.body && !bodyName) throw new Error(`openapi: ${op.method} ${op.path}: its body schema is not named in REQUEST_SCHEMAS`);
  const parameters = parametersOf(op);
  return {
    tags: [op.tag],
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: securityOf(op),
    ...(parameters ? { parameters } : {}),
    ...(bodyName ? { requestBody: { required: !op.bodyOptional, content: { [JSON_TYPE]: { schema: ref(bodyName) } } } } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

const DESCRIPTION = `The Programmable Worlds API (developer preview). Every JSON response carries \`schemaVersion: "${SCHEMA_VERSION}"\`, success or error; errors are \`{detail, code, errors?, diagnostics?, schemaVersion}\` with one status per \`code\`. Authenticate with an app API key as a bearer (\`sk_…\` secret, \`pk_…\` publishable and read-only); the key's mode (test or live) selects the data it sees, and test keys get deterministic mocks. \`/v1/apps*\` takes the Studio user's session instead. Absolute URLs in responses (\`playUrl\`, hosted frame, audio and cover URLs) start with the server's \`PUBLIC_URL\` when set, else the origin the request addressed (its \`Host\` header; \`X-Forwarded-Host\`/\`-Proto\` only on a server configured with \`TRUST_PROXY\`), never the server's internal address. Response objects may gain optional properties; ignore fields you do not know.`;

/** The OpenAPI 3.1 document of /v1. */
export function buildOpenApiDocument(options: BuildOptions = {}): OpenApiDocument {
  const responseSchemas = namedSchemas(RESPONSE_SCHEMAS, "output");
  const requestSchemas = namedSchemas(REQUEST_SCHEMAS, "input");
  for (const name of Object.keys(requestSchemas)) {
    if (name in responseSchemas) throw new Error(`openapi: schema name ${name} is both a request and a response`);
  }
  if (!options.closedResponses) openObjects(responseSchemas);

  const paths: OpenApiDocument["paths"] = {};
  const usedErrors = new Set<ErrorCode>();
  for (const op of OPERATIONS) {
    const item = (paths[op.path] ??= {});
    const method = op.method.toLowerCase();
    if (item[method]) throw new Error(`openapi: ${op.method} ${op.path} is registered twice`);
    item[method] = operationOf(op);
    for (const code of Object.keys(errorsOf(op)) as ErrorCode[]) usedErrors.add(code);
  }

  return {
    openapi: "3.1.0",
    info: { title: "Programmable Worlds API", version: SCHEMA_VERSION, description: DESCRIPTION },
    servers: [{ url: "/" }],
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    components: {
      schemas: { ...responseSchemas, ...requestSchemas },
      responses: Object.fromEntries([...usedErrors].sort().map((code) => [errorResponseName(code), errorResponse(code)])),
      parameters: Object.fromEntries(Object.values(REQUEST_HEADERS).map(({ key, parameter }) => [key, parameter])),
      headers: RESPONSE_HEADERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

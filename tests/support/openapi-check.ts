/**
 * Holds real responses against the OpenAPI document: `expectMatchesOpenApi(method, path,
 * status, body)` finds the operation of a concrete path (`/v1/worlds/<uuid>/ops` →
 * `/v1/worlds/{id}/ops`), fails when the status is not documented for it, and validates the
 * body with ajv (JSON Schema 2020-12). It uses the document with closed response objects, so a
 * field the API sends but the document does not name fails too.
 */
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import {
  buildOpenApiDocument,
  errorResponseName,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiResponse,
} from "@/lib/openapi/document";
import { apiClient, type ApiResponse } from "./api-client";

const ROOT = "https://programmable-worlds.invalid/openapi.json";
const COMPONENT_REF = "#/components/schemas/";

interface PathMatcher {
  template: string;
  pattern: RegExp;
  /** Static segments: `/v1/worlds/{id}/ops` beats `/v1/worlds/{id}/{x}` as Next's router does. */
  staticCount: number;
}

interface Checker {
  doc: OpenApiDocument;
  ajv: Ajv2020;
  matchers: PathMatcher[];
  validators: Map<string, ValidateFunction>;
}

let checker: Checker | undefined;

/** `#/components/schemas/X` → a reference into the one schema resource ajv holds. */
function rebase(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rebase(item, prefix));
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_REF)
        ? `${prefix}#/$defs/${value.slice(COMPONENT_REF.length)}`
        : rebase(value, prefix),
    ]),
  );
}

function getChecker(): Checker {
  if (checker) return checker;
  const doc = buildOpenApiDocument({ closedResponses: true });
  // strict: false because OpenAPI keywords (discriminator) are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: ROOT, $defs: rebase(doc.components.schemas, "") as Record<string, unknown> });
  const matchers = Object.keys(doc.paths)
    .map((template) => {
      const segments = template.split("/").filter(Boolean);
      const source = segments.map((s) => (/^\{\w+\}$/.test(s) ? "[^/]+" : s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("/");
      return { template, pattern: new RegExp(`^/${source}/?$`), staticCount: segments.filter((s) => !s.startsWith("{")).length };
    })
    .sort((a, b) => b.staticCount - a.staticCount);
  checker = { doc, ajv, matchers, validators: new Map() };
  return checker;
}

/** The document's path template of a concrete path, or undefined when it documents none. */
export function findPathTemplate(path: string): string | undefined {
  const bare = path.split("?")[0]!;
  return getChecker().matchers.find((m) => m.pattern.test(bare))?.template;
}

function resolveResponse(doc: OpenApiDocument, response: OpenApiResponse | { $ref: string }): OpenApiResponse {
  if (!("$ref" in response)) return response;
  const name = response.$ref.replace("#/components/responses/", "");
  const resolved = doc.components.responses[name];
  if (!resolved) throw new Error(`openapi-check: unresolved ${response.$ref}`);
  return resolved;
}

function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  const { ajv, validators } = getChecker();
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(rebase(schema, ROOT) as JsonSchema);
    validators.set(key, validate);
  }
  return validate;
}

const seen = new Set<string>();

/** Every `METHOD template status` checked so far in this process (for coverage assertions). */
export function checkedResponses(): ReadonlySet<string> {
  return seen;
}

function describeBody(body: unknown): string {
  const text = JSON.stringify(body);
  return text === undefined ? "(no body)" : text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/**
 * Throws unless `body` is what the document says `method path` answers with `status`. An
 * undocumented path may only be the catch-all's 404 in the error shape.
 */
export function expectMatchesOpenApi(method: string, path: string, status: number, body: unknown): void {
  const { doc } = getChecker();
  const verb = method.toLowerCase();
  const template = findPathTemplate(path);
  const where = `${method.toUpperCase()} ${path} → ${status}`;

  let response: OpenApiResponse;
  let key: string;
  if (!template) {
    // app/v1/[...path] answers unknown routes with a JSON 404.
    if (status !== 404) throw new Error(`${where}: no operation of the OpenAPI document matches this path`);
    response = doc.components.responses[errorResponseName("not_found")]!;
    key = "catch-all 404";
  } else {
    const operation = doc.paths[template]?.[verb];
    if (!operation) throw new Error(`${where}: the OpenAPI document has no ${method.toUpperCase()} ${template}`);
    const documented = operation.responses[String(status)];
    if (!documented) {
      throw new Error(
        `${where}: status ${status} is not documented for ${method.toUpperCase()} ${template} (documented: ${Object.keys(operation.responses).join(", ")}); body ${describeBody(body)}`,
      );
    }
    response = resolveResponse(doc, documented);
    key = `${method.toUpperCase()} ${template} ${status}`;
  }
  seen.add(key);

  const schema = response.content?.["application/json"]?.schema;
  if (!schema) {
    if (body !== undefined && body !== "") throw new Error(`${where}: documented without a body, got ${describeBody(body)}`);
    return;
  }
  const validate = validatorFor(key, schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map(
      (e) =>
        `${e.instancePath || "(body)"} ${e.message}${e.params && "additionalProperty" in e.params ? `: ${String(e.params.additionalProperty)}` : ""}`,
    );
    throw new Error(
      `${where}: the body does not match the OpenAPI document:\n  ${[...new Set(problems)].join("\n  ")}\nbody: ${describeBody(body)}`,
    );
  }
}

/** Checks one client response; 304s and bodies that are not JSON are only status-checked or skipped. */
export function expectResponseMatchesOpenApi(method: string, path: string, response: ApiResponse<unknown>): void {
  if (response.status === 304) return expectMatchesOpenApi(method, path, 304, undefined);
  if (!/json/i.test(response.headers.get("content-type") ?? "")) return;
  expectMatchesOpenApi(method, path, response.status, response.body);
}

/** `apiClient` whose every response is held against the OpenAPI document. */
export function checkedClient(baseUrl: string) {
  const client = apiClient(baseUrl);
  async function call<T = Record<string, any>>(
    method: string,
    path: string,
    options?: Parameters<typeof client.call>[2],
  ): Promise<ApiResponse<T>> {
    const response = await client.call<T>(method, path, options);
    expectResponseMatchesOpenApi(method, path, response);
    return response;
  }
  return {
    call,
    get: <T = Record<string, any>>(path: string, token?: string) => call<T>("GET", path, { token }),
    post: <T = Record<string, any>>(path: string, body: unknown, token?: string) => call<T>("POST", path, { token, body }),
    patch: <T = Record<string, any>>(path: string, body: unknown, token?: string) => call<T>("PATCH", path, { token, body }),
    del: <T = Record<string, any>>(path: string, token?: string) => call<T>("DELETE", path, { token }),
  };
}

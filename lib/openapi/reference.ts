import { STATUS_BY_CODE, type ErrorCode } from "@/lib/errors";
import { buildOpenApiDocument, errorResponseName, type JsonSchema, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter } from "./document";
import { REQUEST_SCHEMAS } from "./registry";
import type { ApiReference, ReferenceField, ReferenceOperation, ReferenceResponse, ReferenceSchema, TypeToken } from "@/components/docs/types";

/*
 * The OpenAPI document flattened into plain data for the reference page (/docs/api). The page's
 * components may not import lib/, so they declare the props they take (components/docs/types)
 * and this builds them: serializable, and nothing but what the document says.
 */

const SCHEMA_REF = "#/components/schemas/";
const MAX_DEPTH = 3;

const refName = (ref: string) => ref.slice(SCHEMA_REF.length);
const asSchema = (value: unknown): JsonSchema => (value && typeof value === "object" ? (value as JsonSchema) : {});
const asSchemas = (value: unknown): JsonSchema[] => (Array.isArray(value) ? value.map(asSchema) : []);

function join(parts: TypeToken[][], separator: string): TypeToken[] {
  return parts.flatMap((part, i) => (i === 0 ? part : [{ text: separator }, ...part]));
}

export function typeOf(schema: JsonSchema): TypeToken[] {
  if (typeof schema.$ref === "string") return [{ text: refName(schema.$ref), schema: refName(schema.$ref) }];
  if (schema.const !== undefined) return [{ text: JSON.stringify(schema.const) }];
  if (Array.isArray(schema.enum)) return [{ text: schema.enum.map((v) => JSON.stringify(v)).join(" | ") }];
  const union = asSchemas(schema.anyOf ?? schema.oneOf);
  if (union.length > 0) return join(union.map(typeOf), " | ");
  const allOf = asSchemas(schema.allOf);
  if (allOf.length > 0) return typeOf(allOf[0]!);
  if (Array.isArray(schema.type)) return [{ text: schema.type.join(" | ") }];
  switch (schema.type) {
    case "array": {
      const items = typeOf(asSchema(schema.items));
      return items.some((t) => t.text === " | ") ? [{ text: "(" }, ...items, { text: ")[]" }] : [...items, { text: "[]" }];
    }
    case "object": {
      const values = schema.additionalProperties;
      if (!schema.properties && values && typeof values === "object" && Object.keys(values).length > 0) {
        return [{ text: "map of " }, ...typeOf(asSchema(values))];
      }
      return [{ text: "object" }];
    }
    case undefined:
      return [{ text: "any" }];
    default:
      return [{ text: String(schema.type) }];
  }
}

function range(min: unknown, max: unknown, unit = ""): string | undefined {
  const lo = typeof min === "number" ? min : undefined;
  const hi = typeof max === "number" ? max : undefined;
  const of = (n: number) => (unit ? ` ${unit}${n === 1 ? "" : "s"}` : "");
  if (lo === undefined && hi === undefined) return undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo}${of(lo)}` : `${lo}–${hi}${of(hi)}`;
  return lo !== undefined ? `at least ${lo}${of(lo)}` : `at most ${hi}${of(hi!)}`;
}

function notesOf(schema: JsonSchema): string[] {
  const notes: string[] = [];
  if (typeof schema.format === "string") notes.push(schema.format);
  // A bare minimum length of 1 reads better as "non-empty".
  const length = schema.minLength === 1 && schema.maxLength === undefined ? "non-empty" : range(schema.minLength, schema.maxLength, "character");
  if (length) notes.push(length);
  const items = range(schema.minItems, schema.maxItems, "item");
  if (items) notes.push(items);
  const bounds = range(schema.minimum, schema.maximum);
  if (bounds) notes.push(bounds);
  if (typeof schema.exclusiveMinimum === "number") notes.push(`> ${schema.exclusiveMinimum}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.pattern === "string" && typeof schema.format !== "string") notes.push(`pattern ${schema.pattern}`);
  return notes;
}

/** The inline object a field is (or holds in an array, or as a nullable), if any. */
function inlineObject(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type === "object" && schema.properties) return schema;
  if (schema.type === "array") return inlineObject(asSchema(schema.items));
  const union = asSchemas(schema.anyOf);
  const nonNull = union.filter((s) => s.type !== "null");
  return nonNull.length === 1 ? inlineObject(nonNull[0]!) : undefined;
}

export function fieldsOf(schema: JsonSchema, depth = 0): ReferenceField[] {
  const properties = asSchema(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, value]) => {
    const property = asSchema(value);
    const inner = depth < MAX_DEPTH ? inlineObject(property) : undefined;
    const nested = inner ? fieldsOf(inner, depth + 1) : [];
    return {
      name,
      type: typeOf(property),
      required: required.has(name),
      ...(typeof property.description === "string" ? { description: property.description } : {}),
      notes: notesOf(property),
      ...(nested.length > 0 ? { fields: nested } : {}),
    };
  });
}

function parameterField(parameter: OpenApiParameter): ReferenceField {
  return {
    name: parameter.name,
    type: typeOf(parameter.schema),
    required: parameter.required ?? false,
    ...(parameter.description ? { description: parameter.description } : {}),
    notes: notesOf(parameter.schema),
  };
}

function resolveParameter(doc: OpenApiDocument, parameter: OpenApiParameter | { $ref: string }): OpenApiParameter {
  if (!("$ref" in parameter)) return parameter;
  return doc.components.parameters[parameter.$ref.split("/").pop()!]!;
}

const AUTH_LABELS: Record<string, string> = {
  secretKey: "Secret key",
  publishableKey: "Publishable key",
  userSession: "User session",
  userCookie: "User session (cookie)",
  sessionToken: "Session token",
};

function operationOf(doc: OpenApiDocument, method: string, path: string, op: OpenApiOperation): ReferenceOperation {
  const parameters = (op.parameters ?? []).map((p) => resolveParameter(doc, p));
  const bodyRef = op.requestBody?.content["application/json"].schema.$ref;
  const bodyName = typeof bodyRef === "string" ? refName(bodyRef) : undefined;
  const responses: ReferenceResponse[] = [];
  const errors: ReferenceResponse[] = [];
  for (const [status, response] of Object.entries(op.responses)) {
    if ("$ref" in response) {
      const name = response.$ref.split("/").pop()!;
      const code = (Object.keys(STATUS_BY_CODE) as ErrorCode[]).find((c) => errorResponseName(c) === name);
      errors.push({ status, description: response.description ?? doc.components.responses[name]?.description ?? "", schema: "Error", ...(code ? { code } : {}) });
    } else {
      const ref = response.content?.["application/json"].schema.$ref;
      responses.push({ status, description: response.description, ...(typeof ref === "string" ? { schema: refName(ref) } : {}) });
    }
  }
  const scope = op.security.flatMap((requirement) => Object.values(requirement).flat())[0];
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    // The session cookie is the same credential as the bearer session: name it once.
    auth: [...new Set(op.security.flatMap((requirement) => Object.keys(requirement).map((s) => (s === "userCookie" ? "User session" : (AUTH_LABELS[s] ?? s)))))],
    ...(scope ? { scope } : {}),
    pathParams: parameters.filter((p) => p.in === "path").map(parameterField),
    query: parameters.filter((p) => p.in === "query").map(parameterField),
    headers: parameters.filter((p) => p.in === "header").map(parameterField),
    ...(bodyName
      ? { body: { schema: bodyName, required: op.requestBody?.required ?? false, fields: fieldsOf(doc.components.schemas[bodyName] ?? {}) } }
      : {}),
    responses,
    errors,
  };
}

function schemaOf(name: string, schema: JsonSchema): ReferenceSchema {
  const variants = asSchemas(schema.oneOf ?? schema.anyOf);
  const extra = schema.additionalProperties;
  return {
    name,
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    kind: name in REQUEST_SCHEMAS ? "request" : "response",
    type: typeOf(schema),
    fields: fieldsOf(schema),
    variants: variants.map(typeOf),
    open: schema.type === "object" && !!extra && typeof extra === "object" && Object.keys(extra).length === 0,
  };
}

/** The reference page's data. */
export function buildApiReference(doc: OpenApiDocument = buildOpenApiDocument()): ApiReference {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => operationOf(doc, method, path, op)));
  const byTag = new Map(doc.tags.map((tag) => [tag.name, [] as ReferenceOperation[]]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const found = operations.find((o) => o.path === path && o.method === method.toUpperCase());
      if (found) byTag.get(op.tags[0] ?? "")?.push(found);
    }
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description,
    groups: doc.tags.map((tag) => ({ ...tag, operations: byTag.get(tag.name) ?? [] })).filter((g) => g.operations.length > 0),
    schemas: Object.entries(doc.components.schemas)
      .map(([name, schema]) => schemaOf(name, schema))
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "response" ? -1 : 1)),
    errors: (Object.entries(STATUS_BY_CODE) as [ErrorCode, number][]).map(([code, status]) => ({
      code,
      status,
      description: doc.components.responses[errorResponseName(code)]?.description ?? "",
    })).filter((e) => e.description),
    auth: Object.entries(doc.components.securitySchemes).map(([name, scheme]) => ({
      name,
      label: AUTH_LABELS[name] ?? name,
      description: String(scheme.description ?? ""),
    })),
  };
}

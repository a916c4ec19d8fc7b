/**
 * fast-check arbitraries of values a JSON Schema (2020-12, as the OpenAPI document writes it)
 * describes, and of hostile values that no schema of this API allows. The fuzz derives request
 * bodies and queries from the document rather than from the zod schemas: zod-fast-check only
 * supports zod 3 and fast-check 3, and this project is on zod 4 and fast-check 4
 * (docs/fuzzing.md). Generation follows the schema's shape closely enough that many values pass
 * validation and reach the handlers; the rest probe the validation itself.
 */
import fc from "fast-check";

export type JsonSchema = { [key: string]: unknown };

const SCHEMA_REF = "#/components/schemas/";

/** Enough depth for a world graph's objects, bounded so a value stays small. */
const MAX_DEPTH = 6;

export function schemaArbitrary(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  const ref = typeof schema.$ref === "string" ? schema.$ref : undefined;
  if (ref?.startsWith(SCHEMA_REF)) {
    const target = components[ref.slice(SCHEMA_REF.length)];
    return target ? schemaArbitrary(target, components, depth) : fc.anything();
  }
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices?.length) return fc.oneof(...choices.map((choice) => schemaArbitrary(choice, components, depth)));
  const all = schema.allOf as JsonSchema[] | undefined;
  if (all?.length) return schemaArbitrary(Object.assign({}, ...all) as JsonSchema, components, depth);
  const type = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : undefined;
  if (type && type.length > 1) return fc.oneof(...type.map((t) => schemaArbitrary({ ...schema, type: t }, components, depth)));
  if (depth > MAX_DEPTH) return fc.constant(null);
  switch (type?.[0]) {
    case "object":
      return objectArbitrary(schema, components, depth);
    case "array": {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      const minLength = Math.min(Number(schema.minItems ?? 0), 20);
      const maxLength = Math.min(Number(schema.maxItems ?? minLength + 3), minLength + 3);
      return fc.array(schemaArbitrary(items, components, depth + 1), { minLength, maxLength });
    }
    case "string":
      return stringArbitrary(schema);
    case "integer":
    case "number": {
      const min =
        typeof schema.minimum === "number"
          ? schema.minimum
          : typeof schema.exclusiveMinimum === "number"
            ? schema.exclusiveMinimum + 1
            : -1000;
      const max =
        typeof schema.maximum === "number"
          ? schema.maximum
          : typeof schema.exclusiveMaximum === "number"
            ? schema.exclusiveMaximum - 1
            : Math.max(min + 1000, 1000);
      const [low, high] = min <= max ? [min, max] : [max, min];
      if (type[0] === "integer")
        return fc.integer({
          min: Math.ceil(Math.max(low, Number.MIN_SAFE_INTEGER)),
          max: Math.floor(Math.min(high, Number.MAX_SAFE_INTEGER)),
        });
      return fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      // `{}`: anything JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, components: Record<string, JsonSchema>, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) record[name] = schemaArbitrary(property, components, depth + 1);
  const named = fc.record(record, { requiredKeys: Object.keys(record).filter((k) => required.has(k)) });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object" && Object.keys(properties).length === 0) {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), schemaArbitrary(extra as JsonSchema, components, depth + 1), {
      maxKeys: 3,
    });
  }
  return named;
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = Number(schema.minLength ?? 0);
  const maxLength = Math.min(Number(schema.maxLength ?? minLength + 24), minLength + 40);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "uri":
      return fc.webUrl();
    case "email":
      return fc.emailAddress();
    case "date-time":
      return fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (typeof schema.pattern === "string") {
    try {
      // Lengths are not forced onto pattern strings: one out of bounds is a 400 worth sending too.
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern JavaScript cannot read: plain strings below.
    }
  }
  return fc.oneof(fc.string({ minLength, maxLength, unit: "grapheme-ascii" }), fc.string({ minLength, maxLength, unit: "grapheme" }));
}

/** A JSON object whose own key is `__proto__` (JSON.parse makes one; an object literal cannot). */
const protoObject = fc
  .jsonValue({ maxDepth: 1 })
  .map(
    (value) => JSON.parse(`{"__proto__": ${JSON.stringify(value) ?? "null"}, "constructor": {"prototype": {"polluted": true}}}`) as unknown,
  );

/**
 * Nested arrays or objects `depth` deep. Named for fast-check's reports (a non-enumerable symbol
 * that JSON and cloning ignore): its printer walks values recursively and would overflow the
 * stack on a failure's counterexample, hiding the failure.
 */
export const deepNesting = (depth: number, kind: "array" | "object"): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === "array" ? [value] : { a: value };
  return Object.defineProperty(value as object, fc.toStringMethod, {
    value: () => `${kind === "array" ? "arrays" : "objects"} nested ${depth} deep`,
  });
};

/** Values no field of this API accepts, or accepts only at its edges. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    1.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.MAX_SAFE_INTEGER + 1,
  ),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "\udfff x",
    "\u202eevil",
    "😀".repeat(50),
    "../../etc/passwd",
    "%00",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "null",
    "NaN",
    "-1e999",
    "1e999",
    "__proto__",
    "constructor",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => "x".repeat(n)),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
  fc
    .integer({ min: 50, max: 3_000 })
    .chain((depth) => fc.constantFrom("array" as const, "object" as const).map((kind) => deepNesting(depth, kind))),
  protoObject,
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

/** Query and path values: strings, as a URL carries them, edges included (well-formed: a URL cannot encode a lone surrogate). */
export const hostileQueryValue: fc.Arbitrary<string | string[]> = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "-1",
    "1.5",
    "1e3",
    "101",
    "9999999999999999999999",
    "NaN",
    "true",
    "\u0000",
    "a\u0000b",
    "😀",
    "ü",
    "%",
    "'",
    "__proto__",
    "x".repeat(5_000),
  ),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.array(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 3 }),
);

import type { z } from "zod";
import type { Operation } from "@/lib/openapi/operation";
import { RESPONSE_SCHEMAS } from "@/lib/openapi/responses";
import { RawJson, SCHEMA_VERSION } from "@/lib/reply";

/*
 * The answer of a handler held against its operation's response schema, in development and tests
 * (the route wrapper never calls this in production). The types already hold a handler to its
 * schemas; this catches what types cannot see: a value out of range, a string that is no date, a
 * status the operation does not declare. Members that are `RawJson` are left out: their text was
 * valid when it was stored, and parsing a megabyte graph on every answer is not cheap.
 */

/** A schema without some of its members, built once per schema and set of names. */
const omitted = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

function withoutMembers(schema: z.ZodType, names: string[]): z.ZodType {
  if (names.length === 0 || !("omit" in schema) || typeof schema.omit !== "function") return schema;
  const key = names.sort().join(",");
  let bySchema = omitted.get(schema);
  if (!bySchema) omitted.set(schema, (bySchema = new Map()));
  let out = bySchema.get(key);
  if (!out) {
    const mask: Record<string, true> = Object.fromEntries(names.map((name) => [name, true]));
    out = (schema as z.ZodObject).omit(mask as never) as z.ZodType;
    bySchema.set(key, out);
  }
  return out;
}

export class AnswerMismatch extends Error {
  override name = "AnswerMismatch";
}

/** Throws `AnswerMismatch` when a success answer is not one the operation declares. */
export function checkAnswer(op: Operation, status: number, body: Record<string, unknown>): void {
  if (status < 200 || status >= 300) return;
  const declared = op.responses[status];
  if (!declared) throw new AnswerMismatch(`${op.operationId} answered ${status}, which it does not declare.`);
  if (!declared.schema) return;
  const raw = Object.keys(body).filter((name) => body[name] instanceof RawJson);
  const rest = raw.length === 0 ? body : Object.fromEntries(Object.entries(body).filter(([name]) => !raw.includes(name)));
  const declaredSchema: z.ZodType = RESPONSE_SCHEMAS[declared.schema];
  // A union (the edit's result or its preview) is checked option by option, each without the raw members.
  const options =
    "options" in declaredSchema && Array.isArray(declaredSchema.options) ? (declaredSchema.options as z.ZodType[]) : [declaredSchema];
  const results = options.map((option) => withoutMembers(option, raw).safeParse({ ...rest, schemaVersion: SCHEMA_VERSION }));
  const failed = results.every((result) => !result.success) ? results[0] : undefined;
  if (failed && !failed.success) {
    const issues = failed.error.issues.map((issue) => `${issue.path.join(".") || "(body)"}: ${issue.message}`);
    throw new AnswerMismatch(`${op.operationId} answered ${status} with a body that is not a ${declared.schema}: ${issues.join("; ")}`);
  }
}

import { RawJson, SCHEMA_VERSION } from "@/lib/reply";

/**
 * Whether an `If-None-Match` header names `rev`: `*`, or a list of entity tags compared weakly
 * (RFC 9110 §13.1.2: `W/` is ignored); quotes are optional, as for `If-Match`.
 */
export function noneMatchNames(header: string | null, rev: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some(
    (tag) =>
      tag
        .trim()
        .replace(/^W\//, "")
        .replace(/^"(.*)"$/, "$1") === rev,
  );
}

function serialize(body: Record<string, unknown>): string {
  const raw = Object.entries(body).filter((entry): entry is [string, RawJson] => entry[1] instanceof RawJson);
  if (raw.length === 0) return JSON.stringify({ ...body, schemaVersion: SCHEMA_VERSION });
  const rest = JSON.stringify({
    ...Object.fromEntries(Object.entries(body).filter(([, value]) => !(value instanceof RawJson))),
    schemaVersion: SCHEMA_VERSION,
  });
  return `{${raw.map(([name, value]) => `${JSON.stringify(name)}:${value.json},`).join("")}${rest.slice(1)}`;
}

export function jsonResponse(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(serialize(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

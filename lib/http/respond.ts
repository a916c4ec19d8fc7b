export const SCHEMA_VERSION = "1.0";

/** What a handler returns when it needs more than a 200 with a body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
    /**
     * Whether the body's `rev` (its ETag) stands for everything the body shows, so that a GET
     * whose `If-None-Match` names that rev may be answered 304. False unless the route says so:
     * a rev that does not cover a count or a title must never hide its change behind a 304.
     */
    readonly revCoversBody = false,
  ) {}
}

export function reply(status: number, body: Record<string, unknown>, headers?: Record<string, string>): Reply {
  return new Reply(status, body, headers);
}

/**
 * A 200 whose `rev` stands for all of it when `covered`: a client that names that rev in
 * `If-None-Match` holds this very body, and gets a 304 (docs/api.md, "Conditional GET").
 */
export function revValidated(body: Record<string, unknown>, covered = true): Reply {
  return new Reply(200, body, {}, covered);
}

/**
 * Whether an `If-None-Match` header names `rev`: `*`, or a list of entity tags compared weakly
 * (RFC 9110 §13.1.2: `W/` is ignored); quotes are optional, as for `If-Match`.
 */
export function noneMatchNames(header: string | null, rev: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "").replace(/^"(.*)"$/, "$1") === rev);
}

/**
 * A body member that is already JSON text: a megabyte graph that was just serialized for the
 * database is spliced into the response instead of being serialized a second time.
 */
export class RawJson {
  constructor(readonly json: string) {}
  /** Anywhere else (an idempotency record, a log), it is the value itself. */
  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

function serialize(body: Record<string, unknown>): string {
  const raw = Object.entries(body).filter((entry): entry is [string, RawJson] => entry[1] instanceof RawJson);
  if (raw.length === 0) return JSON.stringify({ ...body, schemaVersion: SCHEMA_VERSION });
  const rest = JSON.stringify({ ...Object.fromEntries(Object.entries(body).filter(([, value]) => !(value instanceof RawJson))), schemaVersion: SCHEMA_VERSION });
  return `{${raw.map(([name, value]) => `${JSON.stringify(name)}:${value.json},`).join("")}${rest.slice(1)}`;
}

export function jsonResponse(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(serialize(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

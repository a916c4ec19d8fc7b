export const SCHEMA_VERSION = "1.0";

/** What a handler returns when it needs more than a 200 with a body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, body: Record<string, unknown>, headers?: Record<string, string>): Reply {
  return new Reply(status, body, headers);
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

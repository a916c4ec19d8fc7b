/**
 * What a route handler answers, as plain data: a body with a status other than 200, a body whose
 * rev stands for all of it, a member that is already JSON text. The ground floor: domains'
 * serializers build these without knowing HTTP; lib/http turns them into responses.
 */

/** Every JSON response carries it (docs/api.md "Every response"). */
export const SCHEMA_VERSION = "1.0";

/**
 * What a handler returns when it needs more than a 200 with a body. `B` is the body's type, which
 * the route wrapper holds against the operation's response schemas.
 */
export class Reply<B extends object = Record<string, unknown>> {
  constructor(
    readonly status: number,
    readonly body: B,
    readonly headers: Record<string, string> = {},
    /**
     * Whether the body's `rev` (its ETag) stands for everything the body shows, so that a GET
     * whose `If-None-Match` names that rev may be answered 304. False unless the route says so:
     * a rev that does not cover a count or a title must never hide its change behind a 304.
     */
    readonly revCoversBody = false,
  ) {}
}

export function reply<B extends object>(status: number, body: B, headers?: Record<string, string>): Reply<B> {
  return new Reply(status, body, headers);
}

/**
 * A 200 whose `rev` stands for all of it when `covered`: a client that names that rev in
 * `If-None-Match` holds this very body, and gets a 304 (docs/api.md, "Conditional GET").
 */
export function revValidated<B extends object>(body: B, covered = true): Reply<B> {
  return new Reply(200, body, {}, covered);
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

import type { z } from "zod";
import type { RawJson } from "@/lib/reply";
import type { ErrorCode } from "@/lib/errors";
import type { Scope } from "@/lib/keys/scopes";
import type { RESPONSE_SCHEMAS } from "./responses";
import type { Tag } from "./tags";

/*
 * One /v1 operation, declared once with every fact of its endpoint: its route file hands it to
 * `route(operation, handler)` and holds nothing else, and `buildOpenApiDocument` derives the
 * document from the same object. The errors every route of a kind can give (credential, rate
 * limit, body parsing and size, idempotency, 500) are derived by `errorsOf`; an operation names
 * only the errors particular to it. The handler's answer is typed by the operation's 2xx
 * response schemas (lib/http/route.ts).
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/**
 * The route's `auth`: an app API key, the Studio user's session, a runtime session token, a
 * secret key or a session token (`keyOrSession`), or nothing.
 */
export type OperationAuth = "key" | "user" | "session" | "keyOrSession" | "none";
export type RequestHeader = "Idempotency-Key" | "If-Match" | "If-None-Match";
export type ResponseHeader = "ETag" | "Idempotent-Replayed";
export type ResponseSchemaName = keyof typeof RESPONSE_SCHEMAS;

/**
 * A body limit other than MAX_JSON_BODY_BYTES: the bytes (read per request where they follow the
 * server's configuration) and, for the 413 of the reference, what the limit is.
 */
export interface BodyLimit {
  readonly bytes: number | (() => number);
  /** Completes "the body is over …" in the document's 413. */
  readonly text: string;
}

export interface SuccessResponse {
  readonly description: string;
  /** Absent for a response without a body (304). */
  readonly schema?: ResponseSchemaName;
  /** Headers other than `Idempotent-Replayed` (derived from the operation's `idempotency`). */
  readonly headers?: readonly Exclude<ResponseHeader, "Idempotent-Replayed">[];
}

export interface Operation {
  readonly method: HttpMethod;
  /** OpenAPI style: `/v1/worlds/{id}`. */
  readonly path: string;
  /** The resource group of the reference. */
  readonly tag: Tag;
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly auth: OperationAuth;
  readonly scope?: Scope;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** An empty body reads as `{}`. */
  readonly bodyOptional?: boolean;
  /** Overrides MAX_JSON_BODY_BYTES for this route (bodies that carry a world, a book or an image). */
  readonly bodyLimit?: BodyLimit;
  /**
   * `session` routes: the token may also come as the `token` body field, or a public session id
   * (`pub_…`) as the `sessionId` body field (the body is read first).
   */
  readonly tokenInBody?: true;
  /**
   * Runtime routes called from embedding pages: every response (errors too) carries
   * `Access-Control-Allow-Origin` when the request's Origin is one of the embedding origins of
   * the session's app (or of the app the handler names with `allowCorsFor`), and nothing for
   * other origins.
   */
  readonly cors?: true;
  /**
   * A POST that creates something or spends quota honours `Idempotency-Key` (docs/api.md
   * "Idempotency"): the key space of its records. The route wrapper runs the handler once per key,
   * and the document derives the header, the `Idempotent-Replayed` response header and the
   * errors from it; an operation never lists them itself.
   */
  readonly idempotency?: string;
  /** Request headers other than `Idempotency-Key` (derived from `idempotency`). */
  readonly headers?: readonly Exclude<RequestHeader, "Idempotency-Key">[];
  readonly responses: Readonly<Record<number, SuccessResponse>>;
  /**
   * Errors particular to this operation, with when they happen. A `payload_too_large` here is the
   * domain's (a world over its state count); the body limit's is derived from `bodyLimit`.
   */
  readonly errors?: Readonly<Partial<Record<ErrorCode, string>>>;
  /** Answered outside the route wrapper: no `schemaVersion`, no `X-Request-Id`, no wrapper errors. */
  readonly unwrapped?: true;
}

/**
 * Declares an operation. The identity, typed so that the literal `auth`, the zod schemas and the
 * response schemas' names keep their own types: `route()` types the handler's `auth`, `params`,
 * `query`, `body` and its answer from them.
 */
export function operation<const O extends Operation>(op: O): O {
  return op;
}

type NamedSchema<R> = R extends { readonly schema: infer N extends ResponseSchemaName } ? (typeof RESPONSE_SCHEMAS)[N] : never;

/**
 * A body as a handler builds it for a response schema: the schema's input type without the
 * `schemaVersion` the wrapper adds. An object member may be `RawJson` (text spliced in as it is,
 * already valid when it was stored).
 */
export type BodyOf<S extends z.ZodType> = {
  [K in keyof Omit<z.input<S>, "schemaVersion">]:
    Omit<z.input<S>, "schemaVersion">[K] | (Omit<z.input<S>, "schemaVersion">[K] extends object ? RawJson : never);
};

/** The bodies an operation's success responses declare, one of which its handler answers. */
export type SuccessBodyOf<O extends Operation> = {
  [St in keyof O["responses"]]: [NamedSchema<O["responses"][St]>] extends [never] ? never : BodyOf<NamedSchema<O["responses"][St]>>;
}[keyof O["responses"]];

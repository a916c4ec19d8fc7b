import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { Scope } from "@/lib/keys/scopes";
import type { RESPONSE_SCHEMAS } from "./responses";
import type { Tag } from "./tags";

/*
 * One /v1 operation, declared once: its route file spreads it into `route()` (which uses auth,
 * scope, params, query, body and bodyOptional, and remembers operationId), and
 * `buildOpenApiDocument` derives the document from the same object. The errors every route of a
 * kind can give (credential, rate limit, body parsing, 500) are derived by `errorsOf`; an
 * operation names only the errors particular to it.
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
  /** Overrides MAX_JSON_BODY_BYTES for this route (bodies that carry an image). */
  readonly maxBodyBytes?: number;
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
  /** Errors particular to this operation, with when they happen. */
  readonly errors?: Readonly<Partial<Record<ErrorCode, string>>>;
  /** Answered outside the route wrapper: no `schemaVersion`, no `X-Request-Id`, no wrapper errors. */
  readonly unwrapped?: true;
}

/**
 * Declares an operation. The identity, typed so that the literal `auth` and the zod schemas keep
 * their own types: spread into `route()`, they type the handler's `auth`, `params`, `query` and
 * `body` exactly as if written there.
 */
export function operation<const O extends Operation>(op: O): O {
  return op;
}

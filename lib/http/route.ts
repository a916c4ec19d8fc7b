import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { getEnv } from "@/lib/config/env";
import { isDatabaseUnreachable, Prisma } from "@/lib/db";
import type { BodyLimit, Operation, SuccessBodyOf } from "@/lib/openapi/operation";
import { parseIdempotencyKey, withIdempotency, type IdempotencyScope, type IdempotencyTicket } from "@/lib/idempotency/idempotency";
import { log } from "@/lib/log";
import { corsHeaders } from "@/lib/runtime/cors";
import { peekAppId } from "@/lib/sessions/token";
import { checkAnswer } from "./check-answer";
import { resolveCredential, type AuthKind, type Credential, type CredentialFor } from "./credentials";
import { ApiError, badRequest, forbidden, notFound } from "@/lib/errors";
import { rateSubjectOf, takeToken } from "./rate-limit";
import { readJsonObject } from "./read-json";
import { Reply } from "@/lib/reply";
import { jsonResponse, noneMatchNames } from "./respond";
import { formatZodIssues } from "./zod-errors";

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Answers are held against their schemas in development and tests, never in production. */
const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

/** The operation's body limit in bytes: its own, else MAX_JSON_BODY_BYTES. */
export function bodyLimitBytes(limit: BodyLimit | undefined): number {
  if (!limit) return getEnv().MAX_JSON_BODY_BYTES;
  return typeof limit.bytes === "function" ? limit.bytes() : limit.bytes;
}

export interface RouteContext<A extends AuthKind, P, Q, B> {
  req: NextRequest;
  auth: CredentialFor<A>;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  /**
   * The rev a graph write expects (docs/api.md "Graph writes"): the `If-Match` header (quotes and
   * `W/` dropped) or the body's `expectedRev`; both sent must agree (else 400).
   */
  expectedRev: string | undefined;
  /** `cors` routes without a session credential: the app whose embedding origins apply. */
  allowCorsFor(appId: string): void;
  /**
   * On routes with `idempotencyInWrite` (RouteOptions), a request with an `Idempotency-Key`: the ticket the handler
   * hands to its domain, which records the key in its own write or claims it first (lib/idempotency).
   */
  idempotency?: IdempotencyTicket;
}

/**
 * What a route's handler answers: one of the bodies its operation's success responses declare
 * (their zod schemas' types, without `schemaVersion`), as it is or in a `Reply`. A serializer
 * that drifts from its schema fails the typecheck at its route.
 */
export type Answer<O extends Operation> = SuccessBodyOf<O> | Reply<SuccessBodyOf<O>>;

export type Handler<O extends Operation> = (
  ctx: RouteContext<O["auth"], Out<O["params"]>, Out<O["query"]>, Out<O["body"]>>,
) => Promise<Answer<O>>;

export interface RouteOptions {
  /**
   * The handler records the `Idempotency-Key` itself (`ctx.idempotency`, lib/idempotency
   * `IdempotencyTicket`): in the statement of its write, or by a claim before long work. Without
   * it the wrapper claims the key before the handler and records the answer after.
   */
  idempotencyInWrite?: boolean;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

/** A /v1 route handler, named by the operation it answers. */
export type RouteHandler = ((req: NextRequest, context: NextRouteContext) => Promise<Response>) & { readonly operationId?: string };

function parseWith<S extends Schema>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  // A path that does not parse names no resource: 404, as an unknown id would.
  if (!result.success && where === "path") throw notFound();
  if (!result.success) throw badRequest(`Invalid ${where}.`, formatZodIssues(result.error, where === "body" ? undefined : where));
  return result.data;
}

function expectedRevOf(ifMatchHeader: string | null, body: unknown): string | undefined {
  const ifMatch = ifMatchHeader?.replace(/^W\//, "").replaceAll('"', "") || undefined;
  const fromBody =
    body && typeof body === "object" && "expectedRev" in body && typeof body.expectedRev === "string" ? body.expectedRev : undefined;
  if (ifMatch && fromBody && ifMatch !== fromBody)
    throw badRequest("If-Match and expectedRev disagree; send one of them.", ["expectedRev: differs from If-Match"]);
  return ifMatch ?? fromBody;
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    // PostgreSQL cannot store or compare text with NUL in it (bodies are refused at the door the same way).
    if (value.includes("\u0000") || name.includes("\u0000"))
      throw badRequest("Query parameters may not contain NUL characters (%00).", [
        `query.${name.replaceAll("\u0000", "")}: NUL characters are not allowed`,
      ]);
    const seen = out[name];
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/** What a 503 for an unreachable database asks the client to wait. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

function errorResponse(error: unknown, requestId: string, meta: Record<string, unknown>): Response {
  const headers = { "x-request-id": requestId };
  if (error instanceof ApiError) {
    return jsonResponse(error.status, { detail: error.detail, code: error.code, ...error.extra }, { ...headers, ...error.headers });
  }
  if (error instanceof z.ZodError) {
    return jsonResponse(400, { detail: "Invalid request.", code: "invalid_request", errors: formatZodIssues(error) }, headers);
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002")
      return jsonResponse(409, { detail: "A resource with these values already exists.", code: "conflict" }, headers);
    if (error.code === "P2025") return jsonResponse(404, { detail: "Resource not found.", code: "not_found" }, headers);
  }
  // The database went away (restart, failover, a cut network): the client should retry; the
  // pool reconnects by itself. A write cut off mid-commit may or may not have landed, so say so.
  if (isDatabaseUnreachable(error)) {
    log.warn("database unreachable", { requestId, ...meta, error: error instanceof Error ? error.message : String(error) });
    return jsonResponse(
      503,
      {
        detail:
          "The database is unreachable right now. Retry shortly; a write may or may not have been applied (resend creates with the same Idempotency-Key, graph writes with If-Match).",
        code: "unavailable",
      },
      { ...headers, "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  log.error("unhandled error", { requestId, ...meta, error: error instanceof Error ? error.stack : String(error) });
  return jsonResponse(
    500,
    { detail: `Internal error. Quote request id ${requestId} when reporting it.`, code: "internal_error", requestId },
    headers,
  );
}

/**
 * Whose key space an `Idempotency-Key` lives in: the app and mode of a key (or of the Studio acting
 * for an app), the user on USER routes, the session on session routes (two players' keys never meet).
 */
function idempotencyScope(auth: Credential, namespace: string): IdempotencyScope | undefined {
  switch (auth.type) {
    case "key":
      return { appId: auth.appId, mode: auth.mode, namespace };
    case "user":
      return { appId: auth.userId, mode: "user", namespace };
    case "session":
      return { appId: auth.appId, mode: auth.mode, namespace: `${namespace}@${auth.sessionId}` };
    case "none":
      return undefined;
  }
}

/**
 * Runs `answer` once per `Idempotency-Key` of the scope; a retry gets the first answer. The
 * request is the body and, on routes with path parameters, those too (the same key on another
 * world is another request).
 */
async function idempotent(
  scope: IdempotencyScope | undefined,
  req: Request,
  request: unknown,
  answer: (ticket?: IdempotencyTicket) => Promise<Reply>,
  inWrite: boolean,
): Promise<Reply> {
  const key = parseIdempotencyKey(req.headers.get("idempotency-key"));
  if (!scope) return answer();
  const result = await withIdempotency(scope, key, request, (ticket) => answer(inWrite ? ticket : undefined), { inWrite });
  return result instanceof Reply ? result : new Reply(result.status, result.body, { "idempotent-replayed": "true" });
}

/**
 * The one wrapper of every /v1 route: credential, rate limit, size-limited JSON, zod parsing of
 * params, query and body, error mapping, `schemaVersion`, ETag and a request id, all as the
 * operation declares them. Outside production the answer is held against the operation's
 * response schema (lib/http/check-answer.ts).
 */
export function route<const O extends Operation>(definition: O, handler: NoInfer<Handler<O>>, options: RouteOptions = {}): RouteHandler {
  type A = O["auth"];
  return Object.assign(handle, { operationId: definition.operationId });

  async function handle(req: NextRequest, context: NextRouteContext): Promise<Response> {
    const requestId = `req_${randomUUID().replaceAll("-", "")}`;
    const url = new URL(req.url);
    let corsAppId: string | undefined;
    let bodyToken: string | undefined;
    const withCors = async (headers: Record<string, string>): Promise<Record<string, string>> =>
      definition.cors ? { ...headers, ...(await corsHeaders(req, corsAppId).catch(() => ({}))) } : headers;
    try {
      const maxBytes = bodyLimitBytes(definition.bodyLimit);
      // A session token may ride in the body: read it before resolving the credential.
      const early = definition.body && definition.tokenInBody ? await readJsonObject(req, maxBytes, definition.bodyOptional) : undefined;
      bodyToken = typeof early?.token === "string" ? early.token : undefined;
      const bodySessionId = typeof early?.sessionId === "string" ? early.sessionId : undefined;
      const auth = (await resolveCredential(
        req,
        definition.auth,
        early && { token: bodyToken, sessionId: bodySessionId },
      )) as CredentialFor<A>;
      if (auth.type === "session") corsAppId = auth.appId;
      if (auth.type === "key") {
        if (definition.scope && auth.scopes.length > 0 && !auth.scopes.includes(definition.scope)) {
          throw forbidden(`This key is restricted to scopes [${auth.scopes.join(", ")}]; the route needs ${definition.scope}.`);
        }
      }
      const subject = rateSubjectOf(auth);
      if (subject) {
        const verdict = await takeToken(subject);
        if (!verdict.ok) {
          throw new ApiError(
            "rate_limited",
            `Too many requests; retry in ${verdict.retryAfterSeconds} s.`,
            {},
            { "retry-after": String(verdict.retryAfterSeconds) },
          );
        }
      }
      const params = definition.params ? parseWith(definition.params, await context.params, "path") : undefined;
      const query = definition.query ? parseWith(definition.query, queryObject(url), "query") : undefined;
      const body = definition.body
        ? parseWith(definition.body, early ?? (await readJsonObject(req, maxBytes, definition.bodyOptional)), "body")
        : undefined;

      const answer = async (ticket?: IdempotencyTicket): Promise<Reply> => {
        const out = await handler({
          req,
          auth,
          params: params as Out<O["params"]>,
          query: query as Out<O["query"]>,
          body: body as Out<O["body"]>,
          requestId,
          expectedRev: expectedRevOf(req.headers.get("if-match"), body),
          allowCorsFor: (appId) => {
            corsAppId = appId;
          },
          idempotency: ticket,
        });
        const answered: Reply = out instanceof Reply ? (out as Reply) : new Reply(200, out as Record<string, unknown>);
        if (CHECK_ANSWERS) checkAnswer(definition, answered.status, answered.body);
        return answered;
      };
      const namespace = definition.idempotency;
      const request = definition.params ? { params, body } : body;
      const {
        status,
        body: out,
        headers,
        revCoversBody,
      } = await (namespace !== undefined
        ? idempotent(idempotencyScope(auth, namespace), req, request, answer, options.idempotencyInWrite === true)
        : answer());
      const responseHeaders: Record<string, string> = await withCors({ "x-request-id": requestId, ...headers });
      if (typeof out.rev === "string" && status < 300) {
        responseHeaders.etag = `"${out.rev}"`;
        // 304 only where the rev stands for the whole body (`revValidated`): ETag = rev alone
        // cannot say whether a count or title shown beside the graph has moved since.
        if (req.method === "GET" && revCoversBody && noneMatchNames(req.headers.get("if-none-match"), out.rev)) {
          return new Response(null, { status: 304, headers: responseHeaders });
        }
      }
      return jsonResponse(status, out, responseHeaders);
    } catch (error) {
      const response = errorResponse(error, requestId, { method: req.method, path: url.pathname });
      // A refused session token still names its app: its embedding origins may read the 401.
      if (definition.cors && corsAppId === undefined) {
        corsAppId = peekAppId(/^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? bodyToken);
      }
      if (definition.cors) for (const [name, value] of Object.entries(await withCors({}))) response.headers.set(name, value);
      return response;
    }
  }
}

/** A route outside /v1 (sign-up, the CLI's owner endpoint): the same wrapper, with no operation in the reference. */
export interface InternalRoute<A extends AuthKind, BS extends Schema | undefined> {
  auth: A;
  body?: BS;
  handler: (ctx: RouteContext<A, undefined, undefined, Out<BS>>) => Promise<Record<string, unknown> | Reply>;
}

/** Wraps a route that is not part of the reference: its answers (200 or 201) are held to no schema. */
export function internalRoute<A extends AuthKind, BS extends Schema | undefined = undefined>({
  auth,
  body,
  handler,
}: InternalRoute<A, BS>): RouteHandler {
  const internal = {
    method: "POST",
    path: "",
    tag: "Meta",
    operationId: "",
    summary: "",
    auth: auth as Operation["auth"],
    ...(body ? { body } : {}),
    responses: { 200: { description: "" }, 201: { description: "" } },
  } satisfies Operation;
  return route(internal, handler as unknown as Handler<typeof internal>);
}

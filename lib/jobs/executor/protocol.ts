/**
 * Inngest's SDK wire protocol (inngest/inngest docs/SDK_SPEC.md), executor side: signed requests
 * to a serve route and the shapes of its answers.
 *
 * The local executor calls the route's exported handlers in-process: it builds a standard
 * `Request` (method, `?fnId=&stepId=` query, headers, canonical JSON body) and awaits the
 * `Response`, exactly what the route would get and give over HTTP, without needing the server's
 * port or a network hop.
 */
import { createHmac } from "node:crypto";
import { headerKeys } from "inngest";
import { z } from "zod";

/** The URL the executor addresses; only its query string matters to the serve handler. */
export const LOCAL_SERVE_URL = "http://localhost/api/inngest";

/** A serve route's handlers (`serve()` from inngest/next exports GET, POST and PUT). */
export interface ServeRoute {
  POST: (request: never, context?: never) => Promise<Response | undefined | void>;
  PUT: (request: never, context?: never) => Promise<Response | undefined | void>;
}

/** JSON Canonicalization Scheme (RFC 8785): what the SDK re-serializes a parsed body to before checking its signature. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) return "null";
    return JSON.stringify(value) ?? "null";
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return canonicalJson((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined || typeof item === "function" ? "null" : canonicalJson(item))).join(",")}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((key) => {
      const item = (value as Record<string, unknown>)[key];
      return item !== undefined && typeof item !== "function";
    })
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(",")}}`;
}

/**
 * `X-Inngest-Signature` for a body: `t=<unix seconds>&s=<hex HMAC-SHA256 of body + t>`, keyed by
 * the signing key without its `signkey-<env>-` prefix (SDK_SPEC 4.1.3).
 */
export function signRequest(body: string, signingKey: string, nowMs: number = Date.now()): string {
  const t = Math.round(nowMs / 1000).toString();
  const key = signingKey.replace(/^signkey-[\w]+-/, "");
  const s = createHmac("sha256", key)
    .update(body + t)
    .digest("hex");
  return `t=${t}&s=${s}`;
}

export interface RouteAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined if it is not JSON. */
  json: unknown;
}

export class CallTimeoutError extends Error {
  override name = "CallTimeoutError";
}

/** Sends one signed request to the route in-process. */
export async function callRoute(
  route: ServeRoute,
  {
    method,
    query,
    body,
    signingKey,
    headers = {},
    timeoutMs,
  }: {
    method: "POST" | "PUT";
    query?: Record<string, string>;
    body: unknown;
    signingKey: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  },
): Promise<RouteAnswer> {
  const text = canonicalJson(body);
  const url = new URL(LOCAL_SERVE_URL);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const request = new Request(url, {
    method,
    body: text,
    headers: {
      "content-type": "application/json",
      "user-agent": "programmable-worlds-local-executor",
      [headerKeys.InngestServerKind]: "cloud",
      [headerKeys.Signature]: signRequest(text, signingKey),
      ...headers,
    },
  });
  const pending = route[method](request as never);
  let timer: NodeJS.Timeout | undefined;
  const timeout =
    timeoutMs === undefined
      ? undefined
      : new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new CallTimeoutError(`the serve route did not answer within ${timeoutMs} ms`)), timeoutMs);
        });
  try {
    const response = await (timeout ? Promise.race([pending, timeout]) : pending);
    if (!(response instanceof Response)) throw new Error("the serve route returned no Response");
    const responseText = await response.text();
    let json: unknown;
    try {
      json = responseText === "" ? undefined : JSON.parse(responseText);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text: responseText, json };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** An Inngest error as it travels: `{ name, message, stack? }` (SDK_SPEC 4.4.3). */
export const ZJsonError = z
  .object({ name: z.string().optional(), message: z.string().optional(), stack: z.string().optional() })
  .passthrough();
export type JsonError = { name: string; message: string; stack?: string; [key: string]: unknown };

/** Any thrown value or error body as a JsonError. */
export function toJsonError(value: unknown, fallbackMessage = "Unknown error"): JsonError {
  if (value instanceof Error) return { name: value.name, message: value.message, ...(value.stack ? { stack: value.stack } : {}) };
  const parsed = ZJsonError.safeParse(value);
  if (parsed.success && (parsed.data.message || parsed.data.name)) {
    return { ...parsed.data, name: parsed.data.name || "Error", message: parsed.data.message || fallbackMessage };
  }
  if (typeof value === "string" && value !== "") return { name: "Error", message: value };
  return { name: "Error", message: fallbackMessage };
}

/** One op of a 206 answer (SDK_SPEC 5.1.1). */
export const ZOp = z
  .object({
    id: z.string().min(1),
    op: z.string().min(1),
    name: z.string().optional(),
    displayName: z.string().optional(),
    opts: z.record(z.string(), z.unknown()).nullish(),
    data: z.unknown().optional(),
    error: z.unknown().optional(),
  })
  .passthrough();
export type Op = z.infer<typeof ZOp>;
export const ZOps = z.array(ZOp);

const ZTrigger = z.union([
  z.object({ event: z.string(), expression: z.string().nullish() }).passthrough(),
  z.object({ cron: z.string() }).passthrough(),
]);

/** A function config from the in-band sync (SDK_SPEC 4.3.2); what the executor reads of it. */
export const ZFunctionConfig = z
  .object({
    id: z.string().min(1),
    name: z.string().optional(),
    triggers: z.array(ZTrigger).default([]),
    steps: z
      .record(
        z.string(),
        z
          .object({
            retries: z
              .object({ attempts: z.number().int().min(0).optional() })
              .passthrough()
              .nullish(),
          })
          .passthrough(),
      )
      .default({}),
    cancel: z.array(z.object({ event: z.string(), if: z.string().nullish(), timeout: z.string().nullish() }).passthrough()).nullish(),
  })
  .passthrough();
export type FunctionConfig = z.infer<typeof ZFunctionConfig>;

export const ZInBandSync = z.object({ app_id: z.string().min(1), functions: z.array(ZFunctionConfig) }).passthrough();

/** Inngest's default: 3 retries (4 attempts); at most 20 retries. */
export function maxAttemptsOf(config: FunctionConfig): number {
  const retries = config.steps["step"]?.retries?.attempts ?? 3;
  return Math.min(Math.max(retries, 0), 20) + 1;
}

/** The serve handler's idea of itself: PUT with `x-inngest-sync-kind: in_band` (SDK_SPEC 4.3). */
export async function syncRoute(route: ServeRoute, signingKey: string): Promise<{ appId: string; functions: FunctionConfig[] }> {
  const answer = await callRoute(route, {
    method: "PUT",
    body: { url: LOCAL_SERVE_URL },
    signingKey,
    headers: { [headerKeys.InngestSyncKind]: "in_band" },
    timeoutMs: 60_000,
  });
  if (answer.status !== 200 || answer.headers.get(headerKeys.InngestSyncKind) !== "in_band") {
    throw new Error(
      `the serve route refused the in-band sync (status ${answer.status}${answer.status === 401 ? ": signature rejected, is the signing key the same?" : ""}; INNGEST_ALLOW_IN_BAND_SYNC must not be false): ${answer.text.slice(0, 300)}`,
    );
  }
  const parsed = ZInBandSync.parse(answer.json);
  return { appId: parsed.app_id, functions: parsed.functions };
}

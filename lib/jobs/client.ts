import { Inngest } from "inngest";
import { getSecrets } from "@/lib/config/secrets";
import { log } from "@/lib/log";
import { checkpointDispatches } from "./executor/registry";

/**
 * The app's one Inngest client. Two modes, decided per call from the environment (docs/jobs.md):
 *
 * - An Inngest server is configured (`INNGEST_BASE_URL` for a self-hosted `inngest start`,
 *   `INNGEST_EVENT_KEY` for Inngest Cloud, or `INNGEST_DEV` for a dev server): the client is
 *   stock Inngest; every option below is left to the SDK's own environment handling.
 * - None is configured (the embedded default and the tests): the client runs in Inngest's
 *   "cloud" mode (signatures checked) with the signing key of `getSecrets()`, and its `fetch`
 *   hands `inngest.send()`'s event API call to the local executor in-process
 *   (lib/jobs/executor); nothing goes over the network.
 *
 * Only public client options are used (`isDev`, `baseUrl`, `eventKey`, `signingKey`, `fetch`,
 * `logger`). The first four are getters: the SDK reads them on every use, so the signing key is
 * read lazily (never during `next build`) and tests can change the environment between cases.
 */
export const APP_ID = "programmable-worlds";

/** The origin the local client "sends" to; `.invalid` never resolves, nothing leaves the process. */
export const LOCAL_INNGEST_ORIGIN = "http://inngest.local.invalid";
/** The event key the local client uses; the local executor accepts any key. */
export const LOCAL_EVENT_KEY = "local";

/** True when an Inngest server (Cloud, self-hosted or dev) is configured; then no local executor runs. */
export function isInngestServerConfigured(): boolean {
  const dev = process.env.INNGEST_DEV;
  return Boolean(process.env.INNGEST_BASE_URL || process.env.INNGEST_EVENT_KEY || (dev && !/^(0|false)$/i.test(dev.trim())));
}

/** The signing key the serve route checks and the local executor signs with (local mode). */
export function getLocalSigningKey(): string {
  return getSecrets().inngestSigningKey;
}

function requestUrl(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  return new URL(typeof input === "string" ? input : input.url);
}

function headerValue(init: RequestInit | undefined, name: string): string | undefined {
  return new Headers(init?.headers).get(name) ?? undefined;
}

/**
 * The client's `fetch`. With a server configured: the global fetch. Locally: `POST
 * <origin>/e/<key>` (how `inngest.send()` and `step.sendEvent` deliver events) is answered by
 * the local executor's event store with Inngest's own response shape `{ ids, status }`, and
 * `POST <origin>/v1/checkpoint/{runId}/async` (the SDK checkpointing the steps it ran) by the
 * executor's request in flight; any other Inngest API call is refused with 501 (the local
 * executor offers no REST API).
 */
const jobsFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  if (isInngestServerConfigured()) return globalThis.fetch(input, init);
  const url = requestUrl(input);
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (url.origin === LOCAL_INNGEST_ORIGIN && method === "POST" && /^\/e\/[^/]+$/.test(url.pathname)) {
    try {
      const raw = typeof init?.body === "string" ? init.body : input instanceof Request ? await input.text() : "";
      const { ingestEvents } = await import("./executor/events");
      const ids = await ingestEvents(JSON.parse(raw) as unknown, { seed: headerValue(init, "x-inngest-event-id-seed") });
      return Response.json({ ids, status: 200 });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error("jobs: could not store events", { error: message });
      // 400 for a bad payload; the SDK retries a 500 (with the same event id seed).
      const invalid = error instanceof SyntaxError || (error instanceof Error && error.name === "InvalidEventError");
      return Response.json({ error: message, status: invalid ? 400 : 500 }, { status: invalid ? 400 : 500 });
    }
  }
  const checkpoint =
    url.origin === LOCAL_INNGEST_ORIGIN && method === "POST" ? /^\/v1\/checkpoint\/([^/]+)\/async$/.exec(url.pathname) : null;
  if (checkpoint) return answerCheckpoint(decodeURIComponent(checkpoint[1]!), input, init);
  return Response.json({ error: `${method} ${url.pathname} is not offered by the local executor`, status: 501 }, { status: 501 });
};

/**
 * `POST /v1/checkpoint/{runId}/async`: the SDK reporting the steps it ran within one request
 * (Inngest's async checkpointing). The request's `qi_id` names the local executor's request in
 * flight (registry.ts); 409 tells the SDK to stop (the executor no longer holds the run, the run
 * ended, or the executor is stopping), and anything else but 200 makes it answer the executor
 * with the steps instead.
 */
async function answerCheckpoint(runId: string, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  let payload: { qi_id?: unknown; run_id?: unknown };
  try {
    const raw = typeof init?.body === "string" ? init.body : input instanceof Request ? await input.text() : "";
    payload = JSON.parse(raw) as typeof payload;
  } catch {
    return Response.json({ error: "malformed checkpoint", status: 400 }, { status: 400 });
  }
  const dispatch = typeof payload.qi_id === "string" ? checkpointDispatches().get(payload.qi_id) : undefined;
  if (!dispatch || dispatch.runId !== runId || payload.run_id !== runId) {
    return Response.json({ error: "no request of this run is in flight here", status: 409 }, { status: 409 });
  }
  const { status, message } = await dispatch.checkpoint(payload);
  return Response.json({ status, ...(message ? { error: message } : {}) }, { status });
}

type LogArg = unknown;

function toFields(value: unknown): Record<string, unknown> {
  if (value instanceof Error) return { error: value.message, errorName: value.name };
  if (typeof value !== "object" || value === null) return { detail: value };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v instanceof Error ? { name: v.name, message: v.message } : v]));
}

type Level = "debug" | "info" | "warn" | "error";

/** A failure the function chose (NonRetriableError, an ApiError such as quota_exceeded), not a bug. */
function isDecidedFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NonRetriableError" || name === "ApiError" || name === "RetryAfterError";
}

/**
 * The level of one of the SDK's own messages. Its logger middleware reports every step error and
 * every failed attempt of a function at `error`, expected ones included (a retried step, a
 * NonRetriableError, a chapter over quota), which flooded CI logs and buried the app's errors.
 * A step error is also the function's error when it is final, so the step's line is debug; a
 * function's failed attempt is warn (retried, then recorded by the executor and the job's own
 * tables and onFailure), info when the function decided it; a request whose signature fails is a
 * warn (answered 401; someone else calling /api/inngest). Anything else keeps the SDK's level.
 */
export function sdkLogLevel(level: Level, message: string, fields: unknown): Level {
  const error = (fields as { err?: unknown } | undefined)?.err;
  if (message === "Inngest step error") return "debug";
  if (message === "Inngest function error") return isDecidedFailure(error) ? "info" : "warn";
  if (message === "Signature validation failed") return "warn";
  return level;
}

function logWith(level: Level) {
  return (...args: LogArg[]) => {
    const [first, second] = args;
    if (typeof first === "string")
      log[sdkLogLevel(level, first, second)](`inngest: ${first}`, args.length > 1 ? toFields(second) : undefined);
    else {
      const message = typeof second === "string" ? second : "log";
      log[sdkLogLevel(level, message, first)](`inngest: ${message}`, toFields(first));
    }
  };
}

/** The SDK's logger (ctx.logger and its own messages) as the app's JSON log lines. */
const jobsLogger = { debug: logWith("debug"), info: logWith("info"), warn: logWith("warn"), error: logWith("error") };

/**
 * A client with the two modes above. The app uses `inngest` below; tests create their own
 * (another id) to serve test-only functions through the same machinery.
 */
export function createJobsClient(id: string): Inngest {
  const local = () => !isInngestServerConfigured();
  return new Inngest({
    id,
    logger: jobsLogger,
    fetch: jobsFetch as typeof fetch,
    get isDev() {
      return local() ? false : undefined;
    },
    get baseUrl() {
      return local() ? LOCAL_INNGEST_ORIGIN : undefined;
    },
    get eventKey() {
      return local() ? LOCAL_EVENT_KEY : undefined;
    },
    get signingKey() {
      return local() ? getLocalSigningKey() : undefined;
    },
  });
}

export const inngest = createJobsClient(APP_ID);

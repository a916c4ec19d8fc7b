import http from "node:http";
import https from "node:https";
import { getDb, Prisma } from "@/lib/db";
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { getWebhookSettings } from "./config";
import { serializePayload, type WebhookEventPayload } from "./events";
import { openSecret } from "./secret-box";
import { EVENT_HEADER, SIGNATURE_HEADER, signWebhookPayload } from "./signature";
import { pinnedLookup, resolveWebhookTarget, WebhookUrlError, type HostLookup, type WebhookTarget } from "./ssrf";

/** Attempts per event per endpoint (docs/webhooks.md "Retries and the delivery log"). */
export const MAX_ATTEMPTS = 3;
/** Each retry waits this many times longer than the one before. */
export const BACKOFF_FACTOR = 10;
const USER_AGENT = "ProgrammableWorlds-Webhooks/1.0";
/** Response bytes read (and dropped) before the connection is closed. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** The wait after failed attempt `attempt` (1-based): base, base×10, ... */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return baseMs * BACKOFF_FACTOR ** (attempt - 1);
}

export interface AttemptOutcome {
  /** A 2xx answer: acknowledged. */
  ok: boolean;
  /** The receiver's status, null when there was none (refused URL, network error, timeout). */
  statusCode: number | null;
  /** Why it failed without a status; null otherwise. */
  error: string | null;
  /** The start of the receiver's response body (at most RESPONSE_EXCERPT_CHARS); null without one. */
  responseExcerpt: string | null;
  durationMs: number;
}

export interface DeliverOnceOptions {
  /** Per-attempt timeout; default WEBHOOK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default WEBHOOK_ALLOW_HTTP_LOOPBACK. */
  allowHttpLoopback?: boolean;
  /** The resolver for the SSRF check (tests); default the system's. */
  lookup?: HostLookup;
  /** The signature's `t`, Unix seconds; default now. */
  timestamp?: number;
}

/** Characters of the receiver's response body kept in the delivery log (Stripe's dashboard shows as much). */
export const RESPONSE_EXCERPT_CHARS = 500;

interface PostResult {
  statusCode: number;
  /** The start of the response body as text; null when it was empty. */
  excerpt: string | null;
}

function post(target: WebhookTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostResult> {
  return new Promise((resolve, reject) => {
    const client = target.url.protocol === "https:" ? https : http;
    const req = client.request(target.url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      // Connect to the checked address only; the URL's host stays the Host header and TLS name.
      lookup: pinnedLookup(target.address) as unknown as http.RequestOptions["lookup"],
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on("response", (res) => {
      clearTimeout(timer);
      // Redirects are not followed: a 3xx is a failure like any other non-2xx. The body is read
      // for the log's excerpt up to a bound, then the connection is closed whatever remains.
      const statusCode = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let read = 0;
      let settled = false;
      const drain = setTimeout(() => res.destroy(), timeoutMs);
      const settle = () => {
        if (settled) return;
        settled = true;
        clearTimeout(drain);
        const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT_CHARS);
        resolve({ statusCode, excerpt: text === "" ? null : text });
      };
      res.on("data", (chunk: Buffer) => {
        if (read < MAX_RESPONSE_BYTES) chunks.push(chunk);
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) res.destroy();
      });
      res.on("error", () => {});
      res.on("end", settle);
      res.on("close", settle);
    });
    req.end(body);
  });
}

function describeNetworkError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const text = e?.message || String(error);
  return e?.code && !text.includes(e.code) ? `${e.code}: ${text}` : text;
}

/**
 * One delivery attempt: resolves and re-checks the URL (SSRF, DNS rebinding), signs the body
 * with the endpoint's secret and POSTs it to the checked address. Never throws: any 2xx is
 * `ok`, any other status, a refused URL, a host that does not resolve, a network error or the
 * timeout is a failed outcome.
 */
export async function deliverOnce(
  endpoint: { url: string; secret: string },
  event: WebhookEventPayload,
  options: DeliverOnceOptions = {},
): Promise<AttemptOutcome> {
  const settings = getWebhookSettings();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: WebhookTarget;
  try {
    target = await resolveWebhookTarget(endpoint.url, {
      allowHttpLoopback: options.allowHttpLoopback ?? settings.WEBHOOK_ALLOW_HTTP_LOOPBACK,
      lookup: options.lookup,
    });
  } catch (error) {
    // A refused URL says so; a host that does not resolve (now) is a failure like a network error.
    const message = error instanceof WebhookUrlError ? `URL refused: ${error.message}` : describeNetworkError(error);
    return { ok: false, statusCode: null, error: message, responseExcerpt: null, durationMs: elapsed() };
  }
  const body = serializePayload(event);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    [EVENT_HEADER.toLowerCase()]: event.type,
    [SIGNATURE_HEADER.toLowerCase()]: signWebhookPayload(body, endpoint.secret, timestamp),
  };
  try {
    const { statusCode, excerpt } = await post(target, body, headers, options.timeoutMs ?? settings.WEBHOOK_TIMEOUT_MS);
    return { ok: statusCode >= 200 && statusCode < 300, statusCode, error: null, responseExcerpt: excerpt, durationMs: elapsed() };
  } catch (error) {
    return { ok: false, statusCode: null, error: describeNetworkError(error), responseExcerpt: null, durationMs: elapsed() };
  }
}

export type DeliveryState = "pending" | "succeeded" | "failed";

/** What one attempt step reports to the delivery run (JSON: it is a step's memoized output). */
export interface AttemptResult {
  /** No more attempts: acknowledged, out of attempts, or nothing left to deliver. */
  done: boolean;
  /** The delivery's state after this step; `gone` when the delivery (its endpoint) was deleted. */
  state: DeliveryState | "gone";
  attempts: number;
  /** How long to wait before the next attempt, when not done. */
  retryInMs: number | null;
}

type DeliveryWithParts = WebhookDelivery & { event: WebhookEvent; endpoint: WebhookEndpoint };

async function sendDelivery(delivery: DeliveryWithParts, options: DeliverOnceOptions): Promise<AttemptOutcome> {
  if (!delivery.endpoint.enabled) return { ok: false, statusCode: null, error: "endpoint disabled", responseExcerpt: null, durationMs: 0 };
  let secret: string;
  try {
    secret = openSecret(delivery.endpoint.secretEncrypted);
  } catch (error) {
    return { ok: false, statusCode: null, error: (error as Error).message, responseExcerpt: null, durationMs: 0 };
  }
  const { event } = delivery;
  const payload = {
    id: event.id,
    type: event.type,
    created: event.created,
    appId: event.appId,
    data: event.data as Record<string, unknown>,
  };
  return deliverOnce({ url: delivery.endpoint.url, secret }, payload, options);
}

/**
 * Attempt number `attempt` of one delivery, recorded in the log. Safe to run twice: an attempt
 * already recorded (a step replayed after a crash) is reported, not sent again, and the log's
 * (delivery, attempt) key keeps a concurrent duplicate from recording twice. Attempts are
 * numbered across resends (4..6 after the first resend), up to the delivery's `attemptLimit`.
 */
export async function attemptDelivery(deliveryId: string, attempt: number, options: DeliverOnceOptions = {}): Promise<AttemptResult> {
  const settings = getWebhookSettings();
  const db = await getDb();
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { event: true, endpoint: true } });
  if (!delivery) return { done: true, state: "gone", attempts: 0, retryInMs: null };
  // The backoff starts over with each resend: its first attempt waits the base again.
  const retryInMs = retryDelayMs(attempt - (delivery.attemptLimit - MAX_ATTEMPTS), settings.WEBHOOK_RETRY_BASE_MS);
  if (delivery.state !== "pending" || delivery.attempts >= delivery.attemptLimit) {
    return { done: true, state: delivery.state as DeliveryState, attempts: delivery.attempts, retryInMs: null };
  }
  if (delivery.attempts >= attempt) return { done: false, state: "pending", attempts: delivery.attempts, retryInMs };

  const outcome = await sendDelivery(delivery, options);
  const final = outcome.ok || attempt >= delivery.attemptLimit || !delivery.endpoint.enabled;
  const state: DeliveryState = outcome.ok ? "succeeded" : final ? "failed" : "pending";
  try {
    await db.$transaction([
      db.webhookDeliveryAttempt.create({
        data: {
          deliveryId,
          attempt,
          statusCode: outcome.statusCode,
          error: outcome.error,
          responseExcerpt: outcome.responseExcerpt,
          durationMs: outcome.durationMs,
        },
      }),
      db.webhookDelivery.update({
        where: { id: deliveryId },
        data: {
          attempts: attempt,
          state,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          nextRetryAt: final ? null : new Date(Date.now() + retryInMs),
        },
      }),
    ]);
  } catch (error) {
    // P2002: another run recorded this attempt; P2025: the endpoint was deleted meanwhile.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || !["P2002", "P2025"].includes(error.code)) throw error;
    const current = await db.webhookDelivery.findUnique({ where: { id: deliveryId } });
    if (!current) return { done: true, state: "gone", attempts: 0, retryInMs: null };
    const done = current.state !== "pending";
    return { done, state: current.state as DeliveryState, attempts: current.attempts, retryInMs: done ? null : retryInMs };
  }
  log.info("webhook attempt", { deliveryId, attempt, state, statusCode: outcome.statusCode, error: outcome.error ?? undefined });
  return { done: final, state, attempts: attempt, retryInMs: final ? null : retryInMs };
}

/**
 * The two step tools the delivery run needs: Inngest's `step.run` and `step.sleep` in the job,
 * plain calls and an injected sleep in unit tests.
 */
export interface DeliverySteps {
  run(id: string, fn: () => Promise<AttemptResult>): Promise<AttemptResult>;
  sleep(id: string, ms: number): Promise<void>;
}

/**
 * The retry loop of one delivery: up to MAX_ATTEMPTS attempts after the `after` already made
 * (0, or the attempts before a resend), each its own step (so a restart resumes after the last
 * recorded one), with exponential backoff sleeps between them. Step ids never change:
 * `attempt-<n>` and `backoff-<n>`, n counted across resends.
 */
export async function runDelivery(
  deliveryId: string,
  steps: DeliverySteps,
  options: DeliverOnceOptions = {},
  after = 0,
): Promise<AttemptResult> {
  let result: AttemptResult = { done: true, state: "gone", attempts: 0, retryInMs: null };
  for (let round = 1; round <= MAX_ATTEMPTS; round++) {
    const attempt = after + round;
    result = await steps.run(`attempt-${attempt}`, () => attemptDelivery(deliveryId, attempt, options));
    if (result.done) return result;
    await steps.sleep(`backoff-${attempt}`, result.retryInMs ?? 0);
  }
  return result;
}

/** Ends a delivery whose job failed outside the attempt policy (the job's onFailure). */
export async function markDeliveryFailed(deliveryId: string, reason: string): Promise<void> {
  const db = await getDb();
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, state: "pending" },
    data: { state: "failed", lastError: reason, nextRetryAt: null },
  });
}

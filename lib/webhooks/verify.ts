import { timingSafeEqual } from "node:crypto";
import type { WebhookEventPayload } from "./events";
import { computeSignature } from "./signature";

/**
 * Verifies a webhook delivery the way a receiver must (docs/webhooks.md "Verifying the signature"): against the raw
 * request bytes, before any parsing, with a constant-time comparison and a replay window.
 *
 *   const event = verifyWebhook(rawBody, req.headers["service-signature"], process.env.WEBHOOK_SECRET);
 *
 * Returns the parsed event; throws WebhookVerificationError otherwise. More than one `v1` in
 * the header is accepted (any match verifies), as Stripe's verifier does.
 */

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

export interface VerifyOptions {
  /** How far `t` may be from now, in seconds (both ways). Default 300; 0 turns the check off. */
  toleranceSeconds?: number;
  /** "Now" in Unix seconds (tests); default the clock. */
  now?: number;
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } {
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (!Number.isSafeInteger(timestamp)) throw new WebhookVerificationError("The signature header has no timestamp (t=…).");
  if (signatures.length === 0) throw new WebhookVerificationError("The signature header has no v1 signature.");
  return { timestamp, signatures };
}

export function verifyWebhook<T extends WebhookEventPayload = WebhookEventPayload>(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  secret: string,
  { toleranceSeconds = 300, now }: VerifyOptions = {},
): T {
  if (typeof signatureHeader !== "string" || signatureHeader === "")
    throw new WebhookVerificationError("The Service-Signature header is missing.");
  if (!secret) throw new WebhookVerificationError("No signing secret was given.");
  const { timestamp, signatures } = parseHeader(signatureHeader);

  const expected = Buffer.from(computeSignature(timestamp, rawBody, secret), "hex");
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, "hex"), expected));
  if (!matches)
    throw new WebhookVerificationError("No signature matches the body: wrong secret, or the body was changed (verify the raw bytes).");

  const current = now ?? Math.floor(Date.now() / 1000);
  if (toleranceSeconds > 0 && Math.abs(current - timestamp) > toleranceSeconds) {
    throw new WebhookVerificationError(`The timestamp is outside the ${toleranceSeconds} s tolerance (a replay?).`);
  }

  const text = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError("The body is not JSON.");
  }
  if (
    !event ||
    typeof event !== "object" ||
    typeof (event as { id?: unknown }).id !== "string" ||
    typeof (event as { type?: unknown }).type !== "string"
  ) {
    throw new WebhookVerificationError("The body is not a webhook event.");
  }
  return event as T;
}

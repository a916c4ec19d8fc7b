import { createHmac } from "node:crypto";

/**
 * The signature scheme (docs/webhooks.md "Verifying the signature"), Stripe's: `v1` is the hex HMAC-SHA256, keyed
 * by the endpoint's whole `whsec_…` secret (its UTF-8 bytes), of `<t>.<raw body>`.
 * Node built-ins only, so lib/webhooks/verify.ts can be copied into a receiver as it is.
 */
export const SIGNATURE_HEADER = "Service-Signature";
export const EVENT_HEADER = "Service-Event";

export function computeSignature(timestamp: number, rawBody: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** The `Service-Signature` header value: `t=<unix seconds>,v1=<hex>`. */
export function signWebhookPayload(rawBody: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(timestamp, rawBody, secret)}`;
}

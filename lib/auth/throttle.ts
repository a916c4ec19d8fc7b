import { getEnv } from "@/lib/config/env";
import { forwardedEntry, trustedProxyHops } from "@/lib/config/trusted-proxy";
import { SharedFailureCounts, SharedTokenBuckets } from "@/lib/cache/shared-limits";
import type { TakeVerdict } from "@/lib/cache/token-buckets";

/**
 * Brute-force and abuse limits for the Studio's sign-in and sign-up, shared by the deployment's
 * servers through Redis when REDIS_URL is set, else in this process's memory (as the `/v1` rate
 * limit; lib/cache/shared-limits.ts). Password hashing is deliberately expensive, so every attempt is
 * limited per client address; failed sign-ins are also counted per email, which no client
 * can dodge by changing address, and per address over an hour (credential stuffing). See docs/auth.md.
 */

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const ADDRESS_FAILURE_WINDOW_MS = 60 * 60 * 1000;

/** Sign-in attempts per client address: AUTH_ATTEMPTS_PER_MINUTE, as a burst and per minute. */
const attempts = new SharedTokenBuckets("sign-in", () => {
  const perMinute = getEnv().AUTH_ATTEMPTS_PER_MINUTE;
  return { rate: perMinute / 60, burst: perMinute };
});

/** Sign-ups per client address: SIGN_UPS_PER_HOUR, as a burst and per hour. */
const signUps = new SharedTokenBuckets("sign-up", () => {
  const perHour = getEnv().SIGN_UPS_PER_HOUR;
  return { rate: perHour / 3600, burst: perHour };
});

/** Failed sign-ins per email, 15 minutes from the first. */
const emailFailures = new SharedFailureCounts("sign-in-failures-email", FAILURE_WINDOW_MS);
/**
 * Failed sign-ins per client address, an hour from the first: credential stuffing tries one
 * password on each of many emails, which the per-email count never sees and the per-minute
 * attempts bucket lets through at 1,200 an hour.
 */
const addressFailures = new SharedFailureCounts("sign-in-failures-address", ADDRESS_FAILURE_WINDOW_MS);

const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The client's address, from `X-Forwarded-For` as the proxies named by TRUST_PROXY wrote it
 * (`forwardedEntry`): with N trusted proxies, each appending, the N-th entry from the right, the
 * address the outermost of them saw; entries left of it are the client's own and never read.
 * With none (TRUST_PROXY=0), the last entry, which Next's server fills from the connection when
 * the request carries no such header; a client reaching the app directly may write the header
 * itself and so choose its address, and only the per-email failure count holds then.
 */
export function clientAddress(headers: Headers | Record<string, string | string[] | undefined>): string {
  const raw = headers instanceof Headers ? headers.get("x-forwarded-for") : headers["x-forwarded-for"];
  return forwardedEntry(raw, trustedProxyHops()) ?? "unknown";
}

/** Whether a sign-in for `email` from `address` may be tried now; takes one attempt. */
export async function allowSignIn(email: string, address: string, now = Date.now()): Promise<TakeVerdict> {
  const env = getEnv();
  const refused =
    (await emailFailures.refusal(emailKey(email), env.SIGN_IN_FAILURES_PER_EMAIL)) ??
    (await addressFailures.refusal(address, env.SIGN_IN_FAILURES_PER_ADDRESS));
  if (refused !== null) return { ok: false, retryAfterSeconds: refused };
  return attempts.take(`sign-in:${address}`, now);
}

/** A failed sign-in counts against the email and against the address it came from. */
export async function recordSignInFailure(email: string, address: string): Promise<void> {
  await emailFailures.record(emailKey(email));
  await addressFailures.record(address);
}

/** A successful sign-in forgives the email's earlier failures (not the address's: one success among many guesses is what stuffing looks like). */
export async function recordSignInSuccess(email: string): Promise<void> {
  await emailFailures.forget(emailKey(email));
}

/** Whether `address` may create another account now; takes one sign-up. */
export function allowSignUp(address: string, now = Date.now()): Promise<TakeVerdict> {
  return signUps.take(`sign-up:${address}`, now);
}

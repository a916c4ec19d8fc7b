import { getEnv } from "@/lib/config/env";
import { forwardedEntry, trustedProxyHops } from "@/lib/config/trusted-proxy";
import { TokenBuckets, type TakeVerdict } from "@/lib/cache/token-buckets";

/**
 * Brute-force and abuse limits for the Studio's sign-in and sign-up, in this process's memory
 * (as the `/v1` rate limit). Password hashing is deliberately expensive, so every attempt is
 * limited per client address; failed sign-ins are also counted per email, which no client
 * can dodge by changing address. See docs/auth.md.
 */

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Sign-in attempts per client address: AUTH_ATTEMPTS_PER_MINUTE, as a burst and per minute. */
const attempts = new TokenBuckets(() => {
  const perMinute = getEnv().AUTH_ATTEMPTS_PER_MINUTE;
  return { rate: perMinute / 60, burst: perMinute };
});

/** Sign-ups per client address: SIGN_UPS_PER_HOUR, as a burst and per hour. */
const signUps = new TokenBuckets(() => {
  const perHour = getEnv().SIGN_UPS_PER_HOUR;
  return { rate: perHour / 3600, burst: perHour };
});

/** Failed sign-ins per email in the current window. */
const failures = new Map<string, { count: number; since: number }>();
const MAX_TRACKED_EMAILS = 50_000;

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
export function allowSignIn(email: string, address: string, now = Date.now()): TakeVerdict {
  const failed = failures.get(emailKey(email));
  if (failed && now - failed.since < FAILURE_WINDOW_MS && failed.count >= getEnv().SIGN_IN_FAILURES_PER_EMAIL) {
    return { ok: false, retryAfterSeconds: Math.ceil((failed.since + FAILURE_WINDOW_MS - now) / 1000) };
  }
  return attempts.take(`sign-in:${address}`, now);
}

export function recordSignInFailure(email: string, now = Date.now()): void {
  const key = emailKey(email);
  const failed = failures.get(key);
  if (failed && now - failed.since < FAILURE_WINDOW_MS) {
    failed.count += 1;
    return;
  }
  if (failures.size >= MAX_TRACKED_EMAILS) {
    for (const [k, f] of failures) if (now - f.since >= FAILURE_WINDOW_MS) failures.delete(k);
  }
  failures.set(key, { count: 1, since: now });
}

/** A successful sign-in forgives the email's earlier failures. */
export function recordSignInSuccess(email: string): void {
  failures.delete(emailKey(email));
}

/** Whether `address` may create another account now; takes one sign-up. */
export function allowSignUp(address: string, now = Date.now()): TakeVerdict {
  return signUps.take(`sign-up:${address}`, now);
}

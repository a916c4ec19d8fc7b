import { getEnv } from "@/lib/config/env";
import { forwardedEntry, trustedProxyHops } from "@/lib/config/trusted-proxy";
import { TokenBuckets, type TakeVerdict } from "@/lib/cache/token-buckets";

/**
 * Brute-force and abuse limits for the Studio's sign-in and sign-up, in this process's memory
 * (as the `/v1` rate limit). Password hashing is deliberately expensive, so every attempt is
 * limited per client address; failed sign-ins are also counted per email, which no client
 * can dodge by changing address, and per address over an hour (credential stuffing). See docs/auth.md.
 */

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const ADDRESS_FAILURE_WINDOW_MS = 60 * 60 * 1000;

/** Failures per key (an email, an address) counted from the first one, for a fixed window. */
class FailureCounts {
  private readonly counts = new Map<string, { count: number; since: number }>();
  constructor(
    private readonly windowMs: number,
    private readonly max = 50_000,
  ) {}

  /** Seconds until `key` may try again when it has `limit` failures in the window; null when it may now. */
  refusal(key: string, limit: number, now: number): number | null {
    const failed = this.counts.get(key);
    if (!failed || now - failed.since >= this.windowMs || failed.count < limit) return null;
    return Math.ceil((failed.since + this.windowMs - now) / 1000);
  }

  record(key: string, now: number): void {
    const failed = this.counts.get(key);
    if (failed && now - failed.since < this.windowMs) {
      failed.count += 1;
      return;
    }
    if (this.counts.size >= this.max) {
      for (const [k, f] of this.counts) if (now - f.since >= this.windowMs) this.counts.delete(k);
    }
    this.counts.set(key, { count: 1, since: now });
  }

  forget(key: string): void {
    this.counts.delete(key);
  }
}

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

/** Failed sign-ins per email, 15 minutes from the first. */
const emailFailures = new FailureCounts(FAILURE_WINDOW_MS);
/**
 * Failed sign-ins per client address, an hour from the first: credential stuffing tries one
 * password on each of many emails, which the per-email count never sees and the per-minute
 * attempts bucket lets through at 1,200 an hour.
 */
const addressFailures = new FailureCounts(ADDRESS_FAILURE_WINDOW_MS);

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
  const env = getEnv();
  const refused = emailFailures.refusal(emailKey(email), env.SIGN_IN_FAILURES_PER_EMAIL, now) ?? addressFailures.refusal(address, env.SIGN_IN_FAILURES_PER_ADDRESS, now);
  if (refused !== null) return { ok: false, retryAfterSeconds: refused };
  return attempts.take(`sign-in:${address}`, now);
}

/** A failed sign-in counts against the email and against the address it came from. */
export function recordSignInFailure(email: string, address: string, now = Date.now()): void {
  emailFailures.record(emailKey(email), now);
  addressFailures.record(address, now);
}

/** A successful sign-in forgives the email's earlier failures (not the address's: one success among many guesses is what stuffing looks like). */
export function recordSignInSuccess(email: string): void {
  emailFailures.forget(emailKey(email));
}

/** Whether `address` may create another account now; takes one sign-up. */
export function allowSignUp(address: string, now = Date.now()): TakeVerdict {
  return signUps.take(`sign-up:${address}`, now);
}

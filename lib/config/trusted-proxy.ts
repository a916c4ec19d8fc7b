import { getEnv } from "@/lib/config/env";

/**
 * What the trusted proxies wrote into a comma-separated `X-Forwarded-*` header. With `hops`
 * proxies in front of the app (TRUST_PROXY), each appending its entry, the one the outermost
 * trusted proxy wrote is the `hops`-th from the right; anything left of it came from the client
 * and is never read. A shorter list (a proxy that overwrites rather than appends) gives its
 * leftmost entry. `hops` 0 (no proxy) reads the last entry, which Next's server writes from the
 * connection when the request carries none.
 */
export function forwardedEntry(value: string | string[] | null | undefined, hops: number): string | undefined {
  const raw = Array.isArray(value) ? value.join(",") : (value ?? "");
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(entries.length - Math.max(hops, 1), 0)];
}

/** How many reverse proxies in front of the app are trusted to set `X-Forwarded-*` (TRUST_PROXY). */
export function trustedProxyHops(): number {
  return getEnv().TRUST_PROXY;
}

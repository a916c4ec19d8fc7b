import { getEnv } from "@/lib/config/env";
import { forwardedEntry, trustedProxyHops } from "@/lib/config/trusted-proxy";

/** `proto://host` when `host` is a bare host (and optional port) as a Host header carries it. */
function originOf(proto: "http" | "https", host: string | null | undefined): string | undefined {
  if (!host) return undefined;
  try {
    const url = new URL(`${proto}://${host}`);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    return bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin the client addressed: its `Host` header over plain `http` (what `next start`
 * speaks). Behind TRUST_PROXY trusted proxies, `X-Forwarded-Host` and `X-Forwarded-Proto` as the
 * outermost of them wrote them (`forwardedEntry`), the Host header when it wrote none. Without
 * that setting those headers are ignored: any client can send them. Undefined for a missing or
 * malformed host.
 */
export function requestOrigin(headers: Headers): string | undefined {
  const hops = trustedProxyHops();
  if (hops === 0) return originOf("http", headers.get("host"));
  const proto = forwardedEntry(headers.get("x-forwarded-proto"), hops)?.toLowerCase() === "https" ? "https" : "http";
  return originOf(proto, forwardedEntry(headers.get("x-forwarded-host"), hops) ?? headers.get("host"));
}

/**
 * The base of every absolute URL the app writes (play links, hosted assets, snippets): PUBLIC_URL
 * when set, else the origin the client addressed (`requestOrigin`). Never the server's own
 * address from a route handler's `req.url`: under `next start` that is `localhost:<port>`
 * whatever host the client used. Only a request without a usable Host header (HTTP/1.0) falls
 * back to it, or, with no URL at hand (a Studio page), to path-only links.
 */
export function publicBaseUrl(req: { headers: Headers; url?: string }): string {
  const fixed = getEnv().PUBLIC_URL;
  if (fixed) return fixed.replace(/\/$/, "");
  return requestOrigin(req.headers) ?? (req.url ? new URL(req.url).origin : "");
}

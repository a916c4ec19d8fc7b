import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * The SSRF guard of webhook URLs: `https://` only, and every address the host resolves to must
 * be public unicast. Registration (`checkWebhookUrl`) refuses what is certainly not public and
 * accepts a name that does not resolve now. Every delivery attempt resolves again
 * (`resolveWebhookTarget`: the answer may have changed since, DNS rebinding) and connects to
 * the very address that was checked (see `pinnedLookup`), so there is no window between check
 * and use.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (`dns.lookup` with `all: true` by default). */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** The resolver the guard uses unless one is passed; tests replace `lookup` (vi.spyOn). */
export const hostResolver: { lookup: HostLookup } = { lookup: systemLookup };

/** A lookup slower than this counts as not resolving (getaddrinfo alone may wait far longer). */
export const LOOKUP_TIMEOUT_MS = 3_000;

export interface UrlPolicy {
  /** `WEBHOOK_ALLOW_HTTP_LOOPBACK`: also accept `http://127.0.0.1:<port>/…` and `http://localhost:<port>/…`. */
  allowHttpLoopback: boolean;
  lookup?: HostLookup;
  /** Default LOOKUP_TIMEOUT_MS. */
  lookupTimeoutMs?: number;
}

export interface WebhookTarget {
  url: URL;
  /** The checked address to connect to; the URL's host stays the Host header and TLS name. */
  address: ResolvedAddress;
}

export class WebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookUrlError";
  }
}

/** The host name does not resolve now: no address to judge or to connect to. */
export class UnresolvedHostError extends Error {
  constructor(host: string, why?: string) {
    super(`host ${host} could not be resolved${why ? ` (${why})` : ""}`);
    this.name = "UnresolvedHostError";
  }
}

export const MAX_URL_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost"]);

/**
 * Why an address may not be called, or null when it is public unicast. IPv4-mapped and NAT64
 * IPv6 addresses are judged by the IPv4 address they carry; every other special IPv6 range
 * (6to4, Teredo, documentation, ...) is refused outright.
 */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return "is not an IP address";
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    const range = v6.range();
    if (range === "ipv4Mapped" || range === "rfc6052" || range === "rfc6145") {
      const bytes = v6.toByteArray().slice(-4);
      ip = new ipaddr.IPv4(bytes);
    }
  }
  const range = ip.range();
  return range === "unicast" ? null : `is a ${range} address`;
}

function bareHostname(url: URL): string {
  // An IPv6 literal's hostname keeps its brackets: `[::1]`.
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/** `localhost` and the names under it are loopback by definition (RFC 6761), whatever DNS says. */
function isLocalhostName(host: string): boolean {
  const name = host.replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

async function lookupWithin(host: string, lookup: HostLookup, timeoutMs: number): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnresolvedHostError(host, `timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([lookup(host), timeout]);
  } catch (error) {
    if (error instanceof UnresolvedHostError) throw error;
    throw new UnresolvedHostError(host, (error as NodeJS.ErrnoException).code);
  } finally {
    clearTimeout(timer);
  }
}

/** Parses a webhook URL and applies the rules that need no resolution. */
export function parseWebhookUrl(input: string, policy: Pick<UrlPolicy, "allowHttpLoopback">): URL {
  if (input.length > MAX_URL_LENGTH) throw new WebhookUrlError(`must be at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new WebhookUrlError("must be an absolute URL such as https://example.com/webhooks");
  }
  const loopbackHttp = policy.allowHttpLoopback && url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);
  if (url.protocol !== "https:" && !loopbackHttp) {
    throw new WebhookUrlError(
      policy.allowHttpLoopback ? "must use https:// (or http://127.0.0.1:<port> / http://localhost:<port>)" : "must use https://",
    );
  }
  if (url.username || url.password)
    throw new WebhookUrlError("must not carry credentials (user:password@); put a token in the path or query instead");
  url.hash = "";
  return url;
}

/**
 * Checks a webhook URL and picks the address to connect to (before every delivery attempt).
 * Throws WebhookUrlError when the URL is not allowed: not https, credentials in it, `localhost`,
 * or any of its host's addresses private, loopback, link-local, unique-local, multicast, CGNAT,
 * unspecified, reserved or an IPv4-mapped form of those; UnresolvedHostError when the host does
 * not resolve (in time).
 */
export async function resolveWebhookTarget(input: string, policy: UrlPolicy): Promise<WebhookTarget> {
  const url = parseWebhookUrl(input, policy);
  // The development exception: connect to 127.0.0.1 whatever `localhost` resolves to.
  if (url.protocol === "http:") return { url, address: { address: "127.0.0.1", family: 4 } };

  const host = bareHostname(url);
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(host)) {
    addresses = [{ address: host, family: ipaddr.parse(host).kind() === "ipv6" ? 6 : 4 }];
  } else if (isLocalhostName(host)) {
    throw new WebhookUrlError(`${host} is a loopback name; only public addresses are allowed`);
  } else {
    addresses = await lookupWithin(host, policy.lookup ?? hostResolver.lookup, policy.lookupTimeoutMs ?? LOOKUP_TIMEOUT_MS);
    if (addresses.length === 0) throw new UnresolvedHostError(host);
  }
  // Any refused address refuses the host: a name must not mix public and internal answers.
  for (const { address } of addresses) {
    const reason = refusedAddressReason(address);
    if (reason)
      throw new WebhookUrlError(
        host === address
          ? `${address} ${reason}; only public addresses are allowed`
          : `host ${host} resolves to ${address}, which ${reason}; only public addresses are allowed`,
      );
  }
  return { url, address: addresses[0]! };
}

/**
 * The registration check: refuses what is certainly not public (see resolveWebhookTarget) and
 * accepts a name that does not resolve now, since every delivery resolves it again. Returns
 * the normalized URL.
 */
export async function checkWebhookUrl(input: string, policy: UrlPolicy): Promise<URL> {
  try {
    return (await resolveWebhookTarget(input, policy)).url;
  } catch (error) {
    if (error instanceof UnresolvedHostError) return parseWebhookUrl(input, policy);
    throw error;
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that answers with the checked address only, whatever the
 * name resolves to by now. Handles both forms Node calls it with (`all` for happy eyeballs).
 */
export function pinnedLookup(target: ResolvedAddress) {
  return (_hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

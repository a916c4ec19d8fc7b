/** Durations and retry delays of the local executor. */

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Milliseconds of an Inngest "time string" (`"300ms"`, `"2h45m"`, `"1.5d"`; SDK_SPEC 1.3.2),
 * or undefined when it is not one.
 */
export function parseTimeString(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$/.test(trimmed)) return undefined;
  let total = 0;
  for (const match of trimmed.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w)/g)) {
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
  }
  return total;
}

/** The instant a Sleep or timeout means: a time string from `now`, or an ISO 8601 date. */
export function resolveInstant(value: unknown, now: number): Date | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  const ms = parseTimeString(value);
  if (ms !== undefined) return new Date(now + ms);
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const at = Date.parse(value);
    if (Number.isFinite(at)) return new Date(at);
  }
  return undefined;
}

/** A `Retry-After` value (integer seconds or an ISO 8601 date; SDK_SPEC 4.1.1) as an instant. */
export function parseRetryAfter(value: string | null | undefined, now: number): Date | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return new Date(now + Number(value.trim()) * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? new Date(at) : undefined;
}

export interface BackoffOptions {
  /** Delay before the first retry; doubled for each further retry. */
  baseMs: number;
  /** Longest delay. */
  maxMs: number;
}

/**
 * Delay before retry number `retry` (1 for the first retry): exponential, `baseMs · 2^(retry-1)`
 * capped at `maxMs`, plus up to 15 % jitter. The defaults (15 s doubling to 2 h) follow the
 * shape of Inngest's own schedule (15 s, 30 s, 1 min, 2 min, … 2 h).
 */
export function retryDelayMs(retry: number, { baseMs, maxMs }: BackoffOptions, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, retry - 1), maxMs);
  return Math.round(exponential * (1 + 0.15 * random()));
}

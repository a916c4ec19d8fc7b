import { z } from "zod";
import { getEnv, type Env } from "@/lib/config/env";
import { getDb, isDatabaseUnreachable, querySql } from "@/lib/db";
import { ApiError } from "@/lib/errors";
import type { Mode } from "@/lib/shared/caller";

/** The daily quota kinds (docs/usage.md "What each quota counts"). */
export const QUOTA_KINDS = ["generation", "seed_frame", "say", "tts", "vision_ground", "vision_describe", "vision_check", "edit"] as const;
export const ZQuotaKind = z.enum(QUOTA_KINDS);
export type QuotaKind = z.infer<typeof ZQuotaKind>;

const envName = (kind: QuotaKind) => `QUOTA_${kind.toUpperCase()}_PER_DAY` as keyof Env;

/** Today's UTC day; quotas reset at 00:00 UTC. */
export function quotaDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Raw SQL gets the day as text: a timestamp cast to date would follow the server's time zone. */
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

export function defaultCap(kind: QuotaKind): number {
  return getEnv()[envName(kind)] as number;
}

/** The store could not be reached: refuse the work rather than spend without counting it. */
function unavailable(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  // The database is gone: the route answers it as every request does (503 with Retry-After).
  if (isDatabaseUnreachable(error)) return error;
  return new ApiError("unavailable", "The quota service is unavailable; nothing was done. Retry shortly.", {}, { "retry-after": "2" });
}

export async function effectiveCaps(appId: string): Promise<Record<QuotaKind, number>> {
  const db = await getDb();
  const overrides = await db.appQuotaCap.findMany({ where: { appId } });
  const caps = Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, defaultCap(kind)])) as Record<QuotaKind, number>;
  for (const row of overrides) if (row.kind in caps) caps[row.kind as QuotaKind] = row.dailyCap;
  return caps;
}

export async function setQuotaCap(appId: string, kind: QuotaKind, dailyCap: number): Promise<void> {
  const db = await getDb();
  await db.appQuotaCap.upsert({
    where: { appId_kind: { appId, kind } },
    create: { appId, kind, dailyCap },
    update: { dailyCap },
  });
}

export interface Reservation {
  appId: string;
  kind: QuotaKind;
  units: number;
  day: Date;
}

/**
 * Reserves units before any spend, in one conditional upsert: the row only grows while it stays
 * within the cap, so concurrent callers can never overshoot it. Over the cap: 402.
 *
 * The cap (the app's override, else the default) is looked up inside the same statement, and
 * the statement is named, so it is planned once per connection. Reservations of one counter
 * that arrive in the same turn of the event loop, or while its statement is in flight, go
 * together in one statement (the sum reserved at once, all or nothing): under load a counter
 * costs one statement per batch,
 * not per request, and each caller still holds its units before its work starts. A batch the
 * cap cannot take whole is retried one reservation at a time, so those that fit still get in.
 */
export async function reserveQuota(appId: string, kind: QuotaKind, units = 1): Promise<Reservation> {
  const day = quotaDay();
  const key = `${appId}/${kind}/${isoDay(day)}`;
  return new Promise<Reservation>((resolve, reject) => {
    const waiting = { appId, kind, day, units, resolve, reject };
    const counter = counters.get(key);
    if (counter) counter.push(waiting);
    else {
      counters.set(key, [waiting]);
      void drain(key);
    }
  });
}

interface Waiting extends Reservation {
  resolve(reservation: Reservation): void;
  reject(error: unknown): void;
}

/** Per counter (`app/kind/day`): reservations waiting for the next statement; present while one is in flight. */
const counters = new Map<string, Waiting[]>();

async function drain(key: string): Promise<void> {
  for (;;) {
    // Let the requests already read off the sockets reach their reservations first: on the
    // embedded engine a statement runs at once, so without this turn no batch would form.
    await new Promise((resolve) => setImmediate(resolve));
    const batch = counters.get(key)!.splice(0);
    if (batch.length === 0) break;
    const total = batch.reduce((sum, w) => sum + w.units, 0);
    const granted = await reserveUnits(batch[0]!, total).catch((error: unknown) => error);
    if (granted === true) {
      for (const w of batch) w.resolve(held(w));
    } else if (granted !== false || batch.length === 1) {
      for (const w of batch) w.reject(granted === false ? await quotaExceeded(w) : unavailable(granted));
    } else {
      for (const w of batch) {
        const one = await reserveUnits(w, w.units).catch((error: unknown) => error);
        if (one === true) w.resolve(held(w));
        else w.reject(one === false ? await quotaExceeded(w) : unavailable(one));
      }
    }
  }
  counters.delete(key);
}

const held = ({ appId, kind, units, day }: Waiting): Reservation => ({ appId, kind, units, day });

/** Runs the conditional upsert for `units` of the counter: true when granted, false over the cap. */
async function reserveUnits({ appId, kind, day }: Reservation, units: number): Promise<boolean> {
  const granted = await querySql(RESERVE_SQL, [appId, kind, isoDay(day), units, defaultCap(kind)], { name: "quota_reserve" });
  return granted.length > 0;
}

const usedUp = (kind: QuotaKind, cap: number) =>
  new ApiError("quota_exceeded", `Daily ${kind} quota of ${cap} is used up; it resets at 00:00 UTC.`, { kind, cap });

/** The 402 for a refused reservation, naming the cap (or the 503 when the cap cannot be read). Never throws. */
async function quotaExceeded({ appId, kind }: Reservation): Promise<unknown> {
  try {
    return usedUp(kind, (await effectiveCaps(appId))[kind]);
  } catch (error) {
    return unavailable(error);
  }
}

/** reserveQuota's statement: $1 app, $2 kind, $3 day, $4 units, $5 the default cap. */
const RESERVE_SQL = `
  WITH cap AS (
    SELECT COALESCE((SELECT daily_cap FROM app_quota_caps WHERE app_id = $1::uuid AND kind = $2::text), $5::int) AS value)
  INSERT INTO quota_counters (app_id, kind, day, used)
  SELECT $1::uuid, $2::text, $3::date, $4::int FROM cap WHERE $4::int <= cap.value
  ON CONFLICT (app_id, kind, day)
  DO UPDATE SET used = quota_counters.used + EXCLUDED.used
  WHERE quota_counters.used + EXCLUDED.used <= (SELECT value FROM cap)
  RETURNING used`;

/** What can run the reservation's statement: the client, or a transaction of it. */
interface RawQueries {
  $queryRaw<T = unknown>(query: TemplateStringsArray, ...values: unknown[]): Promise<T>;
}

/**
 * The reservation's one conditional upsert on `client`, for a caller that must tie it to its own
 * write in one transaction (a campaign chapter records that it holds its unit). `cap` comes from
 * `effectiveCaps`, read before the transaction. Over the cap: 402, and nothing is counted.
 */
export async function reserveQuotaOn(
  client: RawQueries,
  input: { appId: string; kind: QuotaKind; units?: number; cap: number },
): Promise<Reservation> {
  const { appId, kind, cap } = input;
  const units = input.units ?? 1;
  const day = quotaDay();
  const granted = await client.$queryRaw<{ used: number }[]>`
    INSERT INTO quota_counters (app_id, kind, day, used)
    SELECT ${appId}::uuid, ${kind}, ${isoDay(day)}::date, ${units}::int
    WHERE ${units}::int <= ${cap}::int
    ON CONFLICT (app_id, kind, day)
    DO UPDATE SET used = quota_counters.used + EXCLUDED.used
    WHERE quota_counters.used + EXCLUDED.used <= ${cap}::int
    RETURNING used`;
  if (granted.length === 0) throw usedUp(kind, cap);
  return { appId, kind, units, day };
}

/**
 * Runs `work` on one reserved unit of `kind` (reserved first: 402 when used up, 503 when the
 * store is down), giving it back if the work fails, so a failed request costs nothing.
 */
export async function withQuota<T>(appId: string, kind: QuotaKind, work: (reservation: Reservation) => Promise<T>): Promise<T> {
  const reservation = await reserveQuota(appId, kind);
  try {
    return await work(reservation);
  } catch (error) {
    await releaseQuota(reservation);
    throw error;
  }
}

/** Gives back a reservation whose work failed before spending (same UTC day it was taken on). */
export async function releaseQuota(reservation: Reservation): Promise<void> {
  const db = await getDb();
  await db.$executeRaw`
    UPDATE quota_counters SET used = GREATEST(used - ${reservation.units}, 0)
    WHERE app_id = ${reservation.appId}::uuid AND kind = ${reservation.kind} AND day = ${isoDay(reservation.day)}::date`;
}

/**
 * Today's quota use (per app) and, for the key's mode, the billing ledger's amounts and the
 * runtime seconds metered whether billed or not (docs/usage.md): with billing off, or in test
 * mode, `billing.sessionSeconds` stays 0 while `runtime.sessionSeconds` counts the play time.
 */
export async function getUsage(appId: string, mode: Mode) {
  const day = quotaDay();
  const db = await getDb();
  const [caps, counters, billing, runtime] = await Promise.all([
    effectiveCaps(appId),
    db.quotaCounter.findMany({ where: { appId, day } }),
    db.billingLedger.findMany({ where: { appId, mode, day } }),
    db.runtimeUsage.groupBy({ by: ["metric"], where: { appId, mode, day }, _sum: { seconds: true } }),
  ]);
  const used = new Map(counters.map((row) => [row.kind, row.used]));
  const billed = (metric: string) => Number(billing.find((row) => row.metric === metric)?.amount ?? 0);
  const metered = (metric: string) => Number(runtime.find((row) => row.metric === metric)?._sum.seconds ?? 0);
  return {
    day: isoDay(day),
    quotas: Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, { used: used.get(kind) ?? 0, cap: caps[kind] }])) as Record<
      QuotaKind,
      { used: number; cap: number }
    >,
    billing: {
      enabled: getEnv().BILLING_ENABLED,
      sessionSeconds: billed("session_seconds"),
      chatSeconds: billed("chat_seconds"),
      scenarioClips: billed("scenario_clip"),
    },
    runtime: { sessionSeconds: metered("session_seconds"), chatSeconds: metered("chat_seconds") },
  };
}

import { getEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db";
import type { Mode } from "@/lib/shared/caller";
import { QUOTA_KINDS, quotaDay, type QuotaKind } from "./quota";

const DAY_MS = 86_400_000;
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** The runtime meters a day and a world report (lib/runtime/ledger.ts writes them). */
type RuntimeMetric = "session_seconds" | "chat_seconds";
const RUNTIME_FIELD: Record<RuntimeMetric, "sessionSeconds" | "chatSeconds"> = {
  session_seconds: "sessionSeconds",
  chat_seconds: "chatSeconds",
};
const BILLING_FIELD: Record<string, "sessionSeconds" | "chatSeconds" | "scenarioClips"> = {
  ...RUNTIME_FIELD,
  scenario_clip: "scenarioClips",
};

interface Seconds {
  sessionSeconds: number;
  chatSeconds: number;
}
const noSeconds = (): Seconds => ({ sessionSeconds: 0, chatSeconds: 0 });

export interface UsageDay {
  day: string;
  quotas: Record<QuotaKind, number>;
  billing: Seconds & { scenarioClips: number };
  runtime: Seconds;
}

export interface WorldUsage extends Seconds {
  id: string;
  /** Null when the world was deleted since: its history stays. */
  name: string | null;
  kind: "world" | "character" | null;
  days: ({ day: string } & Seconds)[];
}

/**
 * The app's last `days` UTC days (today included, oldest first) for the key's mode: quota units
 * used per kind (quotas are per app), the billing ledger's amounts, and runtime seconds billed or
 * not, in all and per world (worlds with any time, most first). `ledger` is the ledger's rows as
 * they are stored, what the Studio's CSV export writes. Three reads, no writes.
 */
export async function getUsageHistory(appId: string, mode: Mode, days: number, now = new Date()) {
  const to = quotaDay(now);
  const from = new Date(to.getTime() - (days - 1) * DAY_MS);
  const [fromDay, toDay] = [isoDay(from), isoDay(to)];
  const db = await getDb();
  const [counters, ledger, runtime] = await Promise.all([
    db.$queryRaw<{ day: string; kind: string; used: number }[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, used FROM quota_counters
      WHERE app_id = ${appId}::uuid AND day BETWEEN ${fromDay}::date AND ${toDay}::date`,
    db.$queryRaw<{ day: string; metric: "session_seconds" | "chat_seconds" | "scenario_clip"; amount: bigint }[]>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, amount FROM billing_ledger
      WHERE app_id = ${appId}::uuid AND mode = ${mode} AND day BETWEEN ${fromDay}::date AND ${toDay}::date
      ORDER BY day, metric`,
    // A left join: a deleted world keeps its seconds under a null name.
    db.$queryRaw<{ day: string; metric: RuntimeMetric; world_id: string; seconds: bigint; name: string | null; kind: string | null }[]>`
      SELECT to_char(u.day, 'YYYY-MM-DD') AS day, u.metric, u.world_id::text AS world_id, u.seconds, w.name, w.kind
      FROM runtime_usage u LEFT JOIN worlds w ON w.id = u.world_id
      WHERE u.app_id = ${appId}::uuid AND u.mode = ${mode} AND u.day BETWEEN ${fromDay}::date AND ${toDay}::date
      ORDER BY u.day`,
  ]);

  const byDay = new Map<string, UsageDay>();
  for (let i = 0; i < days; i++) {
    const day = isoDay(new Date(from.getTime() + i * DAY_MS));
    byDay.set(day, {
      day,
      quotas: Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, 0])) as Record<QuotaKind, number>,
      billing: { ...noSeconds(), scenarioClips: 0 },
      runtime: noSeconds(),
    });
  }
  for (const row of counters) {
    const entry = byDay.get(row.day);
    if (entry && row.kind in entry.quotas) entry.quotas[row.kind as QuotaKind] = Number(row.used);
  }
  for (const row of ledger) {
    const field = BILLING_FIELD[row.metric];
    const entry = byDay.get(row.day);
    if (entry && field) entry.billing[field] += Number(row.amount);
  }

  const worlds = new Map<string, WorldUsage>();
  for (const row of runtime) {
    const field = RUNTIME_FIELD[row.metric];
    const entry = byDay.get(row.day);
    if (!field || !entry) continue;
    const seconds = Number(row.seconds);
    entry.runtime[field] += seconds;
    let world = worlds.get(row.world_id);
    if (!world) {
      world = {
        id: row.world_id,
        name: row.name,
        kind: row.kind === "world" || row.kind === "character" ? row.kind : null,
        ...noSeconds(),
        days: [],
      };
      worlds.set(row.world_id, world);
    }
    world[field] += seconds;
    let worldDay = world.days.at(-1);
    if (worldDay?.day !== row.day) {
      worldDay = { day: row.day, ...noSeconds() };
      world.days.push(worldDay);
    }
    worldDay[field] += seconds;
  }

  return {
    mode,
    from: fromDay,
    to: toDay,
    billingEnabled: getEnv().BILLING_ENABLED,
    days: [...byDay.values()],
    worlds: [...worlds.values()].sort(
      (a, b) => b.sessionSeconds + b.chatSeconds - (a.sessionSeconds + a.chatSeconds) || a.id.localeCompare(b.id),
    ),
    ledger: ledger.map((row) => ({ day: row.day, mode, metric: row.metric, amount: Number(row.amount) })),
  };
}

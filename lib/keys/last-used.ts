import { onBeforeCloseDb, type Db } from "@/lib/db";

/**
 * `last_used_at` without a write on every request: authenticated requests only note the time
 * in memory, and the notes are written in one batch at most every FLUSH_MS (and before keys are
 * listed, so the list is current).
 */
const FLUSH_MS = 10_000;
const pending = new Map<string, Date>();
let timer: NodeJS.Timeout | undefined;
let getDbForFlush: (() => Promise<Db>) | undefined;

export function noteKeyUsed(keyId: string, getDb: () => Promise<Db>): void {
  pending.set(keyId, new Date());
  if (!getDbForFlush) onBeforeCloseDb(flushKeyUsage);
  getDbForFlush = getDb;
  if (!timer) {
    timer = setTimeout(() => void flushKeyUsage().catch(() => {}), FLUSH_MS);
    timer.unref();
  }
}

let onFlushed: (() => void) | undefined;

/** Called after usage times were written (cached key lists are stale then). */
export function setKeyUsageFlushListener(listener: () => void): void {
  onFlushed = listener;
}

/** Writes pending usage times; true when anything was written. */
export async function flushKeyUsage(): Promise<boolean> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0 || !getDbForFlush) return false;
  const batch = [...pending];
  pending.clear();
  const db = await getDbForFlush();
  // GREATEST keeps a late flush from moving the time backwards.
  await Promise.all(
    batch.map(
      ([id, at]) =>
        db.$executeRaw`UPDATE api_keys SET last_used_at = GREATEST(COALESCE(last_used_at, ${at}), ${at}) WHERE id = ${id}::uuid`,
    ),
  );
  onFlushed?.();
  return true;
}

import { isWatching, watchChanges, type ChangeWatcher } from "@/lib/db";
import { TtlCache } from "@/lib/cache/ttl-cache";
import type { CampaignWithChapters } from "./serialize";

/**
 * Campaigns as their resource reads them, kept in memory while the database's change feed is
 * live: a trigger notifies channel `campaign_changed` with the campaign's id on every write to
 * the campaign or its chapters, whichever process made it, and the entry is dropped. A status
 * polled many times a second while a job authors (docs/campaigns.md) then costs a query only
 * after each change. Without a live feed nothing is cached.
 */
const TTL_MS = 60_000;
const cache = new TtlCache<string, CampaignWithChapters>(1_000);

// A row read before a notification about the same campaign arrived must not be cached: each
// notification gets a sequence number, and a read remembers the number it started at.
let sequence = 0;
let resetAt = 0;
const notified = new TtlCache<string, number>(100_000);

const watcher: ChangeWatcher = {
  channel: "campaign_changed",
  onChange(id) {
    notified.set(id, ++sequence, 60_000);
    cache.delete(id);
  },
  onReset() {
    resetAt = ++sequence;
    cache.clear();
  },
};

/**
 * The campaign with this id, from memory when the feed vouches for it, else read by `read` (and
 * remembered when nothing changed it meanwhile). The caller checks ownership.
 */
export async function readCampaignCached(
  id: string,
  read: () => Promise<CampaignWithChapters | null>,
): Promise<CampaignWithChapters | null> {
  if (isWatching(watcher)) {
    const hit = cache.get(id);
    if (hit) return hit;
  }
  const live = await watchChanges(watcher);
  const began = sequence;
  const row = await read();
  if (row && live && isWatching(watcher) && resetAt <= began && (notified.get(id) ?? 0) <= began) {
    if (process.env.NODE_ENV === "test") Object.freeze(row.chapters);
    cache.set(id, row, TTL_MS);
  }
  return row;
}

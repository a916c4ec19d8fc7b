import { querySql } from "@/lib/db";

/*
 * The two statements of an idempotent request, as group commits (the pattern of lib/quota's
 * reservations): claims, or recorded answers, that arrive in the same turn of the event loop or
 * while the previous statement is in flight go together in one statement. Each caller still waits
 * for its own row to be committed before it goes on, so nothing about a single request changes;
 * under load the two statements cost one each per batch instead of per request
 * (`npm run bench -- idempotency`).
 */

export interface RecordKey {
  appId: string;
  mode: string;
  key: string;
}

interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(error: unknown): void;
}

/** Runs `run` over the items waiting now, one batch at a time; each item gets its own result. */
function batcher<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let queue: Waiting<T, R>[] = [];
  let draining = false;
  async function drain(): Promise<void> {
    draining = true;
    try {
      for (;;) {
        // Let the requests already read off the sockets reach this point first.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = queue;
        queue = [];
        if (batch.length === 0) return;
        try {
          const results = await run(batch.map((w) => w.item));
          batch.forEach((w, i) => w.resolve(results[i]!));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      draining = false;
    }
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!draining) void drain();
    });
}

const sameRecord = (a: RecordKey, b: RecordKey) => a.appId === b.appId && a.mode === b.mode && a.key === b.key;

/**
 * One INSERT … ON CONFLICT DO NOTHING for the batch: a claim is won when its row was inserted.
 * Two claims of one key in one batch: the first wins the insert, the second finds it taken.
 */
export const claimRecord = batcher<RecordKey & { requestHash: string }, boolean>(async (items) => {
  const rows = await querySql<{ app_id: string; mode: string; key: string }>(
    `INSERT INTO idempotency_records (app_id, mode, key, request_hash, state, created_at)
     SELECT a::uuid, m, k, h, 'pending', now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(a, m, k, h)
     ON CONFLICT DO NOTHING RETURNING app_id, mode, key`,
    [items.map((i) => i.appId), items.map((i) => i.mode), items.map((i) => i.key), items.map((i) => i.requestHash)],
    { name: "idempotency_claim_batch" },
  );
  const won = rows.map((r) => ({ appId: String(r.app_id).toLowerCase(), mode: r.mode, key: r.key }));
  const claimed = (item: RecordKey) => won.some((w) => sameRecord(w, { ...item, appId: item.appId.toLowerCase() }));
  return items.map((item, i) => claimed(item) && !items.slice(0, i).some((earlier) => sameRecord(earlier, item)));
});

/** One UPDATE for the batch: each claimed record becomes `done` with its answer. */
export const recordAnswer = batcher<RecordKey & { status: number; body: string }, true>(async (items) => {
  await querySql(
    `UPDATE idempotency_records r SET state = 'done', status = t.s, body = t.b::jsonb
     FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[]) AS t(a, m, k, s, b)
     WHERE r.app_id = t.a::uuid AND r.mode = t.m AND r.key = t.k`,
    [items.map((i) => i.appId), items.map((i) => i.mode), items.map((i) => i.key), items.map((i) => i.status), items.map((i) => i.body)],
    { name: "idempotency_record_batch" },
  );
  return items.map(() => true as const);
});

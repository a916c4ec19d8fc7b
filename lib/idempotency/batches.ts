import { getDbEngine, querySql } from "@/lib/db";

/*
 * The two writes of an idempotent request, as group commits (the pattern of lib/quota's
 * reservations): the claims of requests that start and the answers of requests that finish,
 * arriving in the same turn of the event loop or while the previous statement is in flight, go
 * together in ONE statement (an UPDATE of the answers and an INSERT of the claims, two parts of
 * one WITH). Each caller still waits for its own row to be committed before it goes on, so
 * nothing about a single request changes; under load a request costs about one statement
 * instead of two. That is for the embedded engine, which runs one statement at a time on the
 * request thread; on PostgreSQL each request's two statements go straight to the pool, in
 * parallel with the others', where waiting for a batch would only add to each request's time
 * (`npm run bench -- idempotency` measures both).
 */

export interface RecordKey {
  appId: string;
  mode: string;
  key: string;
}

type Claim = RecordKey & { kind: "claim"; requestHash: string };
type Answer = RecordKey & { kind: "answer"; status: number; body: string };

interface Waiting {
  item: Claim | Answer;
  resolve(won: boolean): void;
  reject(error: unknown): void;
}

const STATEMENT = `
  WITH answered AS (
    UPDATE idempotency_records r SET state = 'done', status = t.s, body = t.b::jsonb
    FROM unnest($5::text[], $6::text[], $7::text[], $8::int[], $9::text[]) AS t(a, m, k, s, b)
    WHERE r.app_id = t.a::uuid AND r.mode = t.m AND r.key = t.k
    RETURNING 1
  ), claimed AS (
    INSERT INTO idempotency_records (app_id, mode, key, request_hash, state, created_at)
    SELECT a::uuid, m, k, h, 'pending', now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(a, m, k, h)
    ON CONFLICT DO NOTHING RETURNING app_id, mode, key
  )
  SELECT app_id::text AS app_id, mode, key FROM claimed`;

const id = (r: RecordKey) => `${r.appId.toLowerCase()}\n${r.mode}\n${r.key}`;

async function run(items: (Claim | Answer)[]): Promise<boolean[]> {
  const answers = items.filter((i): i is Answer => i.kind === "answer");
  const answering = new Set(answers.map(id));
  // A claim of a key whose answer is being recorded in this very statement has lost already;
  // of two claims of one key in one batch, the first is tried.
  const tried = new Set<string>();
  const claims = items.filter((i): i is Claim => {
    if (i.kind !== "claim" || answering.has(id(i)) || tried.has(id(i))) return false;
    tried.add(id(i));
    return true;
  });
  const rows = await querySql<{ app_id: string; mode: string; key: string }>(
    STATEMENT,
    [
      claims.map((c) => c.appId),
      claims.map((c) => c.mode),
      claims.map((c) => c.key),
      claims.map((c) => c.requestHash),
      answers.map((a) => a.appId),
      answers.map((a) => a.mode),
      answers.map((a) => a.key),
      answers.map((a) => a.status),
      answers.map((a) => a.body),
    ],
    { name: "idempotency_batch" },
  );
  const won = new Set(rows.map((r) => id({ appId: r.app_id, mode: r.mode, key: r.key })));
  const firstClaim = new Map<string, Claim>();
  for (const c of claims) firstClaim.set(id(c), c);
  return items.map((item) => item.kind === "answer" || (firstClaim.get(id(item)) === item && won.has(id(item))));
}

let queue: Waiting[] = [];
let draining = false;

async function drain(): Promise<void> {
  draining = true;
  try {
    for (;;) {
      // Let the requests already read off the sockets (and those just finished) reach this point first.
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

function enqueue(item: Claim | Answer): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    queue.push({ item, resolve, reject });
    if (!draining) void drain();
  });
}

/** A new pending record for the key: true when it is ours, false when the key was taken before. */
export async function claimRecord(claim: RecordKey & { requestHash: string }): Promise<boolean> {
  if ((await getDbEngine()) === "pglite") return enqueue({ ...claim, kind: "claim" });
  // The claim commits without waiting for the log's flush (its own transaction only): the flush
  // it skips is made by the next synchronous commit, the work's own or the answer's, which the
  // log writes after it, so once the work or its answer is durable the claim is too; a claim
  // lost in a crash of PostgreSQL before either is a request that never ran. Other requests
  // see it at once either way (docs/api.md "Idempotency").
  const rows = await querySql(
    `WITH claim AS (
       INSERT INTO idempotency_records (app_id, mode, key, request_hash, state, created_at)
       VALUES ($1::uuid, $2, $3, $4, 'pending', now()) ON CONFLICT DO NOTHING RETURNING 1 AS claimed
     )
     SELECT claimed, set_config('synchronous_commit', 'off', true) AS async_commit FROM claim`,
    [claim.appId, claim.mode, claim.key, claim.requestHash],
    { name: "idempotency_claim" },
  );
  return rows.length === 1;
}

/** The claimed record becomes `done` with its answer (committed when this resolves). */
export async function recordAnswer(answer: RecordKey & { status: number; body: string }): Promise<void> {
  if ((await getDbEngine()) === "pglite") {
    await enqueue({ ...answer, kind: "answer" });
    return;
  }
  await querySql(
    `UPDATE idempotency_records SET state = 'done', status = $4, body = $5::jsonb WHERE app_id = $1::uuid AND mode = $2 AND key = $3`,
    [answer.appId, answer.mode, answer.key, answer.status, answer.body],
    { name: "idempotency_record" },
  );
}

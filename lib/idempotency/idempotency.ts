import { createHash } from "node:crypto";
import { z } from "zod";
import { querySql } from "@/lib/db";
import { ApiError, badRequest } from "@/lib/errors";
import { claimRecord, recordAnswer } from "./batches";

/**
 * Stripe's idempotency semantics (docs/api.md "Idempotency"): the first request with a key runs;
 * a retry with the same key and request replays its response; the same key with another request
 * is refused; a retry while the first is in flight waits for it (then replays) or, past WAIT_MS,
 * gets 409. Failed requests are not recorded, so they can be retried. Records are kept 24 h
 * (RETENTION_MS) and deleted by the `idempotency-prune` job (./function.ts).
 *
 * The happy path is two statements on the driver (the claim and the recorded answer), each a
 * group commit shared by the requests that arrive together (./batches.ts), never Prisma's
 * per-statement work: `npm run bench -- idempotency` measures it.
 */
export const ZIdempotencyKey = z.string().min(1).max(255);
export const RETENTION_MS = 24 * 60 * 60 * 1000;
const WAIT_MS = 30_000;
/** A pending record this old belongs to a request whose process died: its key is free again. */
const ABANDONED_MS = 10 * 60 * 1000;
const POLL_MS = 50;

export interface IdempotencyScope {
  /** The app (or, on USER routes, the user) whose key space this is. */
  appId: string;
  /** `live`, `test`, or `user` on USER routes. */
  mode: string;
  /** The operation's key space (`world`, `seed-frame`, …), and on session routes the session. */
  namespace: string;
}

/** A canonical hash of the request: key order does not matter. */
function hashRequest(request: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
          )
        : value;
  return createHash("sha256")
    .update(JSON.stringify(canonical(request) ?? null))
    .digest("hex");
}

/** What a first request answered, as it is replayed. */
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The `Idempotency-Key` header's value, checked. */
export function parseIdempotencyKey(value: string | null): string | undefined {
  if (value === null) return undefined;
  const parsed = ZIdempotencyKey.safeParse(value);
  if (!parsed.success) throw badRequest("Idempotency-Key must be 1 to 255 characters.", ["Idempotency-Key: must be 1 to 255 characters"]);
  return parsed.data;
}

interface Where {
  appId: string;
  mode: string;
  key: string;
}

interface RecordRow {
  request_hash: string;
  state: string;
  status: number | null;
  body: unknown;
  created_at: Date;
}

async function readRecord(where: Where): Promise<RecordRow | undefined> {
  const [row] = await querySql<RecordRow>(
    `SELECT request_hash, state, status, body, created_at FROM idempotency_records WHERE app_id = $1::uuid AND mode = $2 AND key = $3`,
    [where.appId, where.mode, where.key],
    { name: "idempotency_read" },
  );
  return row;
}

/** Frees a key: a pending claim whose work failed, or a record past its time (`createdAt`). */
async function release(where: Where, only: { pending: true } | { createdAt: Date }): Promise<void> {
  if ("pending" in only) {
    await querySql(
      `DELETE FROM idempotency_records WHERE app_id = $1::uuid AND mode = $2 AND key = $3 AND state = 'pending'`,
      [where.appId, where.mode, where.key],
      {
        name: "idempotency_release",
      },
    );
  } else {
    await querySql(
      `DELETE FROM idempotency_records WHERE app_id = $1::uuid AND mode = $2 AND key = $3 AND created_at = $4`,
      [where.appId, where.mode, where.key, only.createdAt],
      {
        name: "idempotency_expire",
      },
    );
  }
}

/**
 * Runs `work` at most once per key. Without a key it simply runs. Only successful (2xx)
 * responses are stored; a failure releases the key. `request` is what the key stands for (the
 * body, and the path's parameters where there are any).
 */
export async function withIdempotency<T extends StoredAnswer>(
  scope: IdempotencyScope,
  key: string | undefined,
  request: unknown,
  work: () => Promise<T>,
): Promise<T | (StoredAnswer & { replayed: true })> {
  if (key === undefined) return work();
  const where = { appId: scope.appId, mode: scope.mode, key: `${scope.namespace}:${key}` };
  const requestHash = hashRequest(request);
  const started = Date.now();

  for (;;) {
    if (await claimRecord({ ...where, requestHash })) break;
    const existing = await readRecord(where);
    if (!existing) continue; // released between our insert and read: try to claim again
    const createdAt = new Date(existing.created_at);
    const age = Date.now() - createdAt.getTime();
    if (age > RETENTION_MS || (existing.state === "pending" && age > ABANDONED_MS)) {
      await release(where, { createdAt });
      continue;
    }
    if (existing.request_hash !== requestHash) {
      throw badRequest(`Idempotency-Key "${key}" was already used with other parameters; use a new key for a new request.`);
    }
    if (existing.state === "done" && existing.status !== null) {
      const body =
        typeof existing.body === "string"
          ? (JSON.parse(existing.body) as Record<string, unknown>)
          : (existing.body as Record<string, unknown>);
      return { status: existing.status, body, replayed: true };
    }
    if (Date.now() - started > WAIT_MS) {
      throw new ApiError("conflict", `A request with Idempotency-Key "${key}" is still in progress; retry later.`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }

  let result: T;
  try {
    result = await work();
  } catch (error) {
    await release(where, { pending: true });
    throw error;
  }
  if (result.status >= 200 && result.status < 300)
    await recordAnswer({ ...where, status: result.status, body: JSON.stringify(result.body) });
  else await release(where, { pending: true });
  return result;
}

export interface PruneOptions {
  /** Records created before `now - RETENTION_MS` go. Default: the database's clock (`now()`). */
  now?: Date;
  /** Rows deleted by one statement. */
  batch?: number;
}

/**
 * Deletes up to `batch` records older than 24 h, oldest first, in one statement; returns how
 * many. The `idempotency-prune` job calls it until a batch comes back short.
 */
export async function pruneIdempotencyRecords({ now, batch = 1000 }: PruneOptions = {}): Promise<number> {
  const rows = await querySql<{ n: number | string }>(
    `WITH old AS (
       SELECT app_id, mode, key FROM idempotency_records
       WHERE created_at < COALESCE($1::timestamptz, now()) - make_interval(secs => $2::float8 / 1000)
       ORDER BY created_at LIMIT $3::int
     ), gone AS (
       DELETE FROM idempotency_records r USING old
       WHERE r.app_id = old.app_id AND r.mode = old.mode AND r.key = old.key RETURNING 1
     )
     SELECT count(*) AS n FROM gone`,
    [now ?? null, RETENTION_MS, batch],
    { name: "idempotency_prune" },
  );
  return Number(rows[0]?.n ?? 0);
}

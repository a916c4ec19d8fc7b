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
 * per-statement work; or none, for a create whose one write stores the record itself
 * (`IdempotencyTicket`, `recordInWriteSql`: the import of POST /v1/worlds).
 * `npm run bench -- idempotency` measures it.
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

/** What a settled key says: free to run, or the answer to replay. */
type Settled = "free" | StoredAnswer;

/**
 * Reads the key's record and decides: free (none, or one past its time, now deleted), a replay
 * of a finished request, a 400 for another request, or (a request still in flight) a wait of up
 * to WAIT_MS, then 409.
 */
async function settle(where: Where, key: string, requestHash: string, started: number): Promise<Settled> {
  for (;;) {
    const existing = await readRecord(where);
    if (!existing) return "free";
    const createdAt = new Date(existing.created_at);
    const age = Date.now() - createdAt.getTime();
    if (age > RETENTION_MS || (existing.state === "pending" && age > ABANDONED_MS)) {
      await release(where, { createdAt });
      return "free";
    }
    if (existing.request_hash !== requestHash) {
      throw badRequest(`Idempotency-Key "${key}" was already used with other parameters; use a new key for a new request.`);
    }
    if (existing.state === "done" && existing.status !== null) {
      const body =
        typeof existing.body === "string"
          ? (JSON.parse(existing.body) as Record<string, unknown>)
          : (existing.body as Record<string, unknown>);
      return { status: existing.status, body };
    }
    if (Date.now() - started > WAIT_MS) {
      throw new ApiError("conflict", `A request with Idempotency-Key "${key}" is still in progress; retry later.`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Claims the key before the work (a pending record): true when ours, else the answer to replay. */
async function claimFirst(where: Where, key: string, requestHash: string, started: number): Promise<true | StoredAnswer> {
  for (;;) {
    if (await claimRecord({ ...where, requestHash })) return true;
    const settled = await settle(where, key, requestHash, started);
    if (settled !== "free") return settled;
  }
}

/** Thrown through the work when its key already has an answer: the wrapper replays it. */
class Replay {
  constructor(readonly answer: StoredAnswer) {}
}

/** Thrown by a write whose record lost to an earlier one of the same key (`recordInWriteSql`). */
export class KeyTaken extends Error {
  constructor() {
    super("the Idempotency-Key was taken by an earlier request");
  }
}

/** The record a write stores in its own statement, as `done` with its answer (`recordInWriteSql`). */
export interface RecordInWrite extends Where {
  requestHash: string;
  status: number;
  /** The answer's body, JSON. */
  body: string;
}

/**
 * A keyed request, handed to a handler that records its key itself (`withIdempotency`'s
 * `inWrite`). Before anything it cannot undo, the handler either
 * - calls `claim()` (long or outside work: generation, a job), which claims the key first as the
 *   wrapper does for every other route: a retry in flight waits, then replays; or
 * - hands `record(status, body)` to its one write (`recordInWriteSql`), which stores the record,
 *   already `done`, in the same statement as what it creates: no statement of its own. A
 *   duplicate that ran at the same time finds the key taken when its write comes (PostgreSQL
 *   makes it wait for the first's commit), creates nothing (`KeyTaken`) and replays the first.
 */
export class IdempotencyTicket {
  /** `open` until the handler chooses; `claimed` or `recorded` after. */
  state: "open" | "claimed" | "recorded" = "open";
  /** An error that the ticket itself decided (400, 409): the wrapper passes it on as it is. */
  settled = false;

  constructor(
    readonly where: Where,
    readonly clientKey: string,
    readonly requestHash: string,
    readonly started: number,
  ) {}

  /** Claims the key now; a finished request's answer is replayed instead of running the rest. */
  async claim(): Promise<void> {
    if (this.state !== "open") return;
    let claimed: true | StoredAnswer;
    try {
      claimed = await claimFirst(this.where, this.clientKey, this.requestHash, this.started);
    } catch (error) {
      this.settled = true;
      throw error;
    }
    if (claimed !== true) throw new Replay(claimed);
    this.state = "claimed";
  }

  /** The record for the handler's write, `done` with the answer that write will give. */
  record(status: number, body: Record<string, unknown>): RecordInWrite {
    this.state = "recorded";
    return { ...this.where, requestHash: this.requestHash, status, body: JSON.stringify(body) };
  }
}

/**
 * Runs `work` at most once per key. Without a key it simply runs. Only successful (2xx)
 * responses are stored; a failure releases the key. `request` is what the key stands for (the
 * body, and the path's parameters where there are any).
 *
 * By default the key is claimed before the work and its answer recorded after (two statements).
 * With `inWrite`, the work gets an `IdempotencyTicket` and records the key itself (see there):
 * one statement fewer than the claim, none at all when the record rides in the work's own write.
 */
export async function withIdempotency<T extends StoredAnswer>(
  scope: IdempotencyScope,
  key: string | undefined,
  request: unknown,
  work: (ticket: IdempotencyTicket | undefined) => Promise<T>,
  options: { inWrite?: boolean } = {},
): Promise<T | (StoredAnswer & { replayed: true })> {
  if (key === undefined) return work(undefined);
  const where = { appId: scope.appId, mode: scope.mode, key: `${scope.namespace}:${key}` };
  const requestHash = hashRequest(request);
  const started = Date.now();
  const replayed = (answer: StoredAnswer) => ({ ...answer, replayed: true as const });

  for (;;) {
    const ticket = new IdempotencyTicket(where, key, requestHash, started);
    if (!options.inWrite) {
      try {
        await ticket.claim();
      } catch (error) {
        if (error instanceof Replay) return replayed(error.answer);
        throw error;
      }
    }
    let result: T;
    try {
      result = await work(ticket);
    } catch (error) {
      if (error instanceof Replay) return replayed(error.answer);
      if (ticket.state === "claimed") {
        await release(where, { pending: true });
        throw error;
      }
      if (ticket.settled) throw error;
      // Nothing of this request was stored. An earlier request with the key may have been, and
      // its answer stands (a retry refused by a quota the first one used up still replays it).
      const settled = await settle(where, key, requestHash, started);
      if (settled !== "free") return replayed(settled);
      if (error instanceof KeyTaken) continue;
      throw error;
    }
    const ok = result.status >= 200 && result.status < 300;
    if (ticket.state === "claimed") {
      if (ok) await recordAnswer({ ...where, status: result.status, body: JSON.stringify(result.body) });
      else await release(where, { pending: true });
    } else if (ticket.state === "open" && ok) {
      // An `inWrite` handler that neither claimed nor recorded: its answer is stored after the fact.
      await recordLate({ ...where, requestHash, status: result.status, body: JSON.stringify(result.body) });
    }
    return result;
  }
}

/** Stores a finished request's answer that no claim or write recorded (an `inWrite` handler that did neither). */
async function recordLate(record: RecordInWrite): Promise<void> {
  await querySql(
    `INSERT INTO idempotency_records (app_id, mode, key, request_hash, state, status, body, created_at)
     VALUES ($1::uuid, $2, $3, $4, 'done', $5, $6::jsonb, now()) ON CONFLICT DO NOTHING`,
    [record.appId, record.mode, record.key, record.requestHash, record.status, record.body],
    { name: "idempotency_record_late" },
  );
}

/**
 * The record of a keyed request in the statement of the write that answers it: a CTE (`with`,
 * to open the write's WITH, its parameters pushed onto `params`) that inserts it `done` unless
 * the key is taken, and the condition (`ifFree`) that each of the write's own inserts adds to its
 * WHERE, so that a taken key writes nothing. Afterwards `recorded` (a column the write returns,
 * `SELECT ${recorded} AS recorded`) says which; false means throw `KeyTaken`. Without a record,
 * the pieces are empty and true.
 */
export function recordInWriteSql(params: unknown[], record: RecordInWrite | undefined): { with: string; ifFree: string; recorded: string } {
  if (!record) return { with: "", ifFree: "TRUE", recorded: "TRUE" };
  const at = params.length;
  params.push(record.appId, record.mode, record.key, record.requestHash, record.status, record.body);
  return {
    with: `idempotency_record AS (
       INSERT INTO idempotency_records (app_id, mode, key, request_hash, state, status, body, created_at)
       VALUES ($${at + 1}::uuid, $${at + 2}, $${at + 3}, $${at + 4}, 'done', $${at + 5}::int, $${at + 6}::jsonb, now())
       ON CONFLICT DO NOTHING RETURNING 1),
     `,
    ifFree: "EXISTS (SELECT 1 FROM idempotency_record)",
    recorded: "EXISTS (SELECT 1 FROM idempotency_record)",
  };
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

import { createHash } from "node:crypto";
import { z } from "zod";
import { getDb, Prisma } from "@/lib/db";
import { ApiError, badRequest } from "@/lib/errors";

/**
 * Stripe's idempotency semantics (CONTRACT.md): the first request with a key runs; a retry with
 * the same key and body replays its response; the same key with another body is refused; a
 * retry while the first is in flight waits for it (then replays) or, past WAIT_MS, gets 409.
 * Failed requests are not recorded, so they can be retried.
 */
export const ZIdempotencyKey = z.string().min(1).max(255);
const TTL_MS = 24 * 60 * 60 * 1000;
const WAIT_MS = 30_000;
/** A pending record this old belongs to a request whose process died: its key is free again. */
const ABANDONED_MS = 10 * 60 * 1000;
const POLL_MS = 50;

export interface IdempotencyScope {
  appId: string;
  mode: string;
  /** `world`, `character`, `campaign`: each kind of create has its own key space. */
  namespace: string;
}

/** A canonical hash of the request body: key order does not matter. */
function hashRequest(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]))
        : value;
  return createHash("sha256").update(JSON.stringify(canonical(body))).digest("hex");
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

async function claim(where: { appId: string; mode: string; key: string }, requestHash: string): Promise<"claimed" | "exists"> {
  const db = await getDb();
  try {
    await db.idempotencyRecord.create({ data: { ...where, requestHash } });
    return "claimed";
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "exists";
    throw error;
  }
}

/**
 * Runs `work` at most once per key. Without a key it simply runs. Only successful (2xx)
 * responses are stored; a failure releases the key.
 */
export async function withIdempotency<T extends StoredAnswer>(
  scope: IdempotencyScope,
  key: string | undefined,
  body: unknown,
  work: () => Promise<T>,
): Promise<T | (StoredAnswer & { replayed: true })> {
  if (key === undefined) return work();
  const db = await getDb();
  const where = { appId: scope.appId, mode: scope.mode, key: `${scope.namespace}:${key}` };
  const requestHash = hashRequest(body);
  const started = Date.now();

  for (;;) {
    if ((await claim(where, requestHash)) === "claimed") break;
    const existing = await db.idempotencyRecord.findUnique({ where: { appId_mode_key: where } });
    if (!existing) continue; // released between our insert and read: try to claim again
    const age = Date.now() - existing.createdAt.getTime();
    if (age > TTL_MS || (existing.state === "pending" && age > ABANDONED_MS)) {
      await db.idempotencyRecord.deleteMany({ where: { ...where, createdAt: existing.createdAt } });
      continue;
    }
    if (existing.requestHash !== requestHash) {
      throw badRequest(`Idempotency-Key "${key}" was already used with other parameters; use a new key for a new request.`);
    }
    if (existing.state === "done" && existing.status !== null) {
      return { status: existing.status, body: existing.body as Record<string, unknown>, replayed: true };
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
    await db.idempotencyRecord.deleteMany({ where: { ...where, state: "pending" } });
    throw error;
  }
  if (result.status >= 200 && result.status < 300) {
    await db.idempotencyRecord.update({
      where: { appId_mode_key: where },
      data: { state: "done", status: result.status, body: result.body as Prisma.InputJsonValue },
    });
  } else {
    await db.idempotencyRecord.deleteMany({ where: { ...where, state: "pending" } });
  }
  return result;
}

/** Drops records older than 24 h (called opportunistically; correctness never depends on it). */
export async function pruneIdempotencyRecords(): Promise<number> {
  const db = await getDb();
  const { count } = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - TTL_MS) } } });
  return count;
}

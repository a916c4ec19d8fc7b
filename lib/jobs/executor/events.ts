/**
 * Events in local mode: `inngest.send()` stores them (client.ts hands the SDK's event API call
 * here); executors then process each stored event once: start the runs it triggers, resume the
 * `step.waitForEvent`s it matches and cancel the runs whose `cancelOn` it matches.
 */
import { getDb, Prisma, type Db } from "@/lib/db";
import { log } from "@/lib/log";
import { compileExpression, ExpressionError } from "./expression";
import { seededEventId, ulid } from "./ids";
import { maxAttemptsOf, ZFunctionConfig, type FunctionConfig } from "./protocol";
import { notifyExecutors } from "./registry";
import { asJson, finishRun, inTransaction, insertEvents, memoizeStep, runHead, type StoredEvent, type Tx } from "./store";
import { parseTimeString, resolveInstant } from "./time";

export class InvalidEventError extends Error {
  override name = "InvalidEventError";
}

function normalize(raw: unknown, index: number, seed: string | undefined, now: number): StoredEvent {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new InvalidEventError(`event ${index} is not an object`);
  const event = raw as Record<string, unknown>;
  if (typeof event.name !== "string" || event.name === "") throw new InvalidEventError(`event ${index} has no name`);
  if (event.name.startsWith("inngest/")) throw new InvalidEventError(`event ${index}: names under inngest/ are reserved`);
  const data = event.data ?? {};
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new InvalidEventError(`event ${index}: data must be an object`);
  const id = typeof event.id === "string" && event.id !== "" ? event.id : seededEventId(seed, index);
  const ts = typeof event.ts === "number" && Number.isFinite(event.ts) ? event.ts : now;
  return { ...event, id, name: event.name, data: data as Record<string, unknown>, ts };
}

/**
 * Stores the events of one `inngest.send()` (local mode) and wakes this process's executors.
 * Returns their ids; an event whose id was stored before is not stored again.
 */
export async function ingestEvents(payload: unknown, { seed, db }: { seed?: string; db?: Db } = {}): Promise<string[]> {
  const list = Array.isArray(payload) ? payload : [payload];
  const now = Date.now();
  const events = list.map((raw, index) => normalize(raw, index, seed, now));
  await insertEvents(db ?? (await getDb()), events, new Date(now));
  notifyExecutors({ events: true });
  return events.map((event) => event.id);
}

interface RegisteredFunction {
  id: string;
  config: FunctionConfig;
}

const warned = new Set<string>();
function warnOnce(key: string, message: string, fields: Record<string, unknown>): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.warn(message, fields);
}

function matches(expression: string | null | undefined, vars: Record<string, unknown>, roots: readonly string[], where: string): boolean {
  if (!expression) return true;
  try {
    return compileExpression(expression, roots)(vars);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    warnOnce(`${where}|${expression}`, "jobs: expression not supported by the local executor; it never matches", {
      where,
      expression,
      error: error.message,
    });
    return false;
  }
}

/** `app/user.*`-style wildcards are allowed in trigger event names, as in Inngest. */
function eventNameMatches(pattern: string, name: string): boolean {
  if (!pattern.includes("*")) return pattern === name;
  const regex = new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`,
  );
  return regex.test(name);
}

async function loadFunctions(tx: Tx): Promise<RegisteredFunction[]> {
  const rows = await tx.jobFunction.findMany({ select: { id: true, config: true } });
  const functions: RegisteredFunction[] = [];
  for (const row of rows) {
    const parsed = ZFunctionConfig.safeParse(row.config);
    if (parsed.success) functions.push({ id: row.id, config: parsed.data });
  }
  return functions;
}

function triggeredBy(fn: RegisteredFunction, event: StoredEvent): boolean {
  return fn.config.triggers.some((trigger) => {
    const { event: name, expression } = trigger as { event?: unknown; expression?: unknown };
    if (typeof name !== "string" || !eventNameMatches(name, event.name)) return false;
    return matches(typeof expression === "string" ? expression : null, { event }, ["event"], `trigger of ${fn.id}`);
  });
}

/** A new run of `fn` for `event` (also used for step.invoke). */
export function newRunRow(
  fn: { id: string; config: FunctionConfig },
  event: StoredEvent,
  now: Date,
  parent?: { runId: string; stepId: string },
) {
  return {
    id: ulid(now.getTime()),
    functionId: fn.id,
    status: "queued",
    event: asJson(event),
    events: asJson([event]),
    maxAttempts: maxAttemptsOf(fn.config),
    runAt: now,
    createdAt: now,
    parentRunId: parent?.runId ?? null,
    parentStepId: parent?.stepId ?? null,
  };
}

interface WaitingStep {
  run_id: string;
  id: string;
  opts: { if?: string | null } | null;
  run_event: unknown;
  created_at: Date;
  wait_event: string;
}

/** The waits any of these events may resume, oldest first: one query for a batch of events. */
async function waitingFor(tx: Tx, names: string[]): Promise<Map<string, WaitingStep[]>> {
  const byName = new Map<string, WaitingStep[]>();
  if (names.length === 0) return byName;
  const waiting = await tx.$queryRaw<WaitingStep[]>`
    SELECT s.run_id, s.id, s.opts, r.event AS run_event, s.created_at, s.wait_event
    FROM job_steps s JOIN job_runs r ON r.id = s.run_id
    WHERE s.wait_event IN (${Prisma.join(names)}) AND s.status = 'waiting'
    ORDER BY s.created_at`;
  for (const step of waiting) byName.set(step.wait_event, [...(byName.get(step.wait_event) ?? []), step]);
  return byName;
}

/** Resumes the waits `event` matches; `waiting` (from `waitingFor`) loses the resumed ones. */
async function resumeWaits(tx: Tx, waiting: Map<string, WaitingStep[]>, event: StoredEvent, receivedAt: Date, now: Date): Promise<number> {
  const candidates = waiting.get(event.name);
  if (!candidates) return 0;
  let resumed = 0;
  for (const step of [...candidates]) {
    if (new Date(step.created_at).getTime() > receivedAt.getTime()) continue; // the wait began after the event
    if (!matches(step.opts?.if, { event: step.run_event, async: event }, ["event", "async"], `waitForEvent ${event.name}`)) continue;
    candidates.splice(candidates.indexOf(step), 1); // one event resumes a wait once; a later one finds it gone
    if (await memoizeStep(tx, step.run_id, step.id, { data: event }, { outside: true, now })) resumed++;
  }
  return resumed;
}

async function cancelMatches(tx: Tx, functions: RegisteredFunction[], event: StoredEvent, now: Date): Promise<number> {
  let cancelled = 0;
  for (const fn of functions) {
    const rules = (fn.config.cancel ?? []).filter((rule) => eventNameMatches(rule.event, event.name));
    if (rules.length === 0) continue;
    const runs = await tx.jobRun.findMany({
      where: { functionId: fn.id, status: { in: ["queued", "running", "sleeping", "waiting"] } },
      select: { id: true, functionId: true, event: true, parentRunId: true, parentStepId: true, createdAt: true },
    });
    for (const run of runs) {
      const rule = rules.find((r) => {
        const timeoutMs = r.timeout ? parseTimeString(r.timeout) : undefined;
        const until =
          timeoutMs !== undefined
            ? new Date(run.createdAt.getTime() + timeoutMs)
            : r.timeout
              ? resolveInstant(r.timeout, run.createdAt.getTime())
              : undefined;
        if (until && now > until) return false;
        return matches(r.if, { event: run.event, async: event }, ["event", "async"], `cancelOn of ${fn.id}`);
      });
      if (!rule) continue;
      const error = { name: "RunCancelledError", message: `cancelled by event ${event.name} (${event.id})` };
      if (await finishRun(tx, runHead(run), "cancelled", { error }, now)) cancelled++;
    }
  }
  return cancelled;
}

/**
 * Processes up to `batch` stored events not yet processed, oldest first, in one transaction
 * (runs started, waits resumed and cancellations happen with the event's "processed" mark or
 * not at all). Rows are claimed with `FOR UPDATE SKIP LOCKED`, so two processes never process
 * one event twice. Returns how many events it processed.
 */
export async function processPendingEvents(
  db: Db,
  { batch = 100 }: { batch?: number } = {},
): Promise<{ processed: number; started: number; resumed: number; cancelled: number }> {
  const outcome = await inTransaction(db, async (tx) => {
    const rows = await tx.$queryRaw<{ id: string; payload: StoredEvent; received_at: Date }[]>`
      SELECT id, payload, received_at FROM job_events WHERE processed_at IS NULL
      ORDER BY received_at, id LIMIT ${batch} FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return { processed: 0, started: 0, resumed: 0, cancelled: 0 };
    const now = new Date();
    const functions = await loadFunctions(tx);
    const newRuns: ReturnType<typeof newRunRow>[] = [];
    let resumed = 0;
    let cancelled = 0;
    const waiting = await waitingFor(tx, [...new Set(rows.map((row) => row.payload.name))]);
    for (const row of rows) {
      const event = row.payload;
      for (const fn of functions) {
        if (triggeredBy(fn, event)) newRuns.push(newRunRow(fn, event, now));
      }
      resumed += await resumeWaits(tx, waiting, event, row.received_at, now);
      cancelled += await cancelMatches(tx, functions, event, now);
    }
    if (newRuns.length > 0) await tx.jobRun.createMany({ data: newRuns });
    await tx.jobEvent.updateMany({ where: { id: { in: rows.map((r) => r.id) } }, data: { processedAt: now } });
    return { processed: rows.length, started: newRuns.length, resumed, cancelled };
  });
  // Cancellations emit inngest/function.cancelled events of their own.
  if (outcome.started + outcome.resumed + outcome.cancelled > 0) notifyExecutors({ events: outcome.cancelled > 0 });
  return outcome;
}

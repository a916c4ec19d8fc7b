import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { processPendingEvents } from "./events";
import { insertEvents } from "./store";
import { openTestDatabase, type TestDatabase } from "./testing";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const trigger = { id: "t", name: "ev/start", data: { key: "k1" }, ts: 1 };

async function waitingRun(id: string, createdAt: Date) {
  const db = await getDb();
  await db.jobRun.create({
    data: {
      id,
      functionId: "events-fn",
      status: "waiting",
      event: trigger,
      events: [trigger],
      maxAttempts: 1,
      runAt: new Date(Date.now() + 3_600_000),
    },
  });
  await db.jobStep.create({
    data: {
      runId: id,
      id: "wait",
      name: "wait",
      op: "WaitForEvent",
      status: "waiting",
      runAt: new Date(Date.now() + 3_600_000),
      waitEvent: "ev/approved",
      opts: { if: "event.data.key == async.data.key" },
      createdAt,
    },
  });
}

describe("processing events", () => {
  it("resumes each wait with the first matching event of a batch only, and never with one older than the wait", async () => {
    const db = await getDb();
    const t0 = Date.now();
    await waitingRun("early-wait", new Date(t0 - 60_000));
    await waitingRun("late-wait", new Date(t0 + 60_000)); // began after the events arrived
    const at = new Date(t0);
    await insertEvents(
      db,
      [
        { id: "a1", name: "ev/approved", data: { key: "other" }, ts: 1 },
        { id: "a2", name: "ev/approved", data: { key: "k1", by: "first" }, ts: 2 },
        { id: "a3", name: "ev/approved", data: { key: "k1", by: "second" }, ts: 3 },
      ],
      at,
    );
    const outcome = await processPendingEvents(db);
    expect(outcome).toMatchObject({ processed: 3, resumed: 1 });
    const early = await db.jobRun.findUnique({ where: { id: "early-wait" }, include: { steps: true } });
    expect(early).toMatchObject({ stepCount: 1, wake: 1 });
    expect(early!.steps[0]).toMatchObject({ status: "completed", seq: 0, result: { data: { id: "a2", data: { by: "first" } } } });
    const late = await db.jobRun.findUnique({ where: { id: "late-wait" }, include: { steps: true } });
    expect(late).toMatchObject({ stepCount: 0, wake: 0 });
    expect(late!.steps[0]!.status).toBe("waiting");
  });
});

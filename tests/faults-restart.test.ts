import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exportDatasetTask } from "@/lib/datasets/export-task";
import { waitFor } from "@/lib/jobs/executor/testing";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import type { Bootstrap } from "./support/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrapThrough, startServerProcess, type ServerProcess } from "./support/server-process";
import { startReceiver } from "./support/webhooks";

// Issue 19, faults: a server killed (SIGKILL) while a webhook delivery waits between attempts
// and a dataset export is rolling out, then started again on the same data. The delivery runs
// on from its last recorded attempt (nothing lost, no attempt sent or logged twice, failed after
// exactly 3), a delivery whose run the kill lost before it was queued is queued by the restart,
// and the export finishes with the bytes an uninterrupted export writes. Campaigns
// and scenario batches: tests/campaigns-restart.test.ts, tests/scenarios-restart.test.ts.

/** Runs `work` in this process on the data of a server that is not running (its embedded database opened here, then closed). */
async function onStoppedServer<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  delete process.env.DATABASE_URL;
  (await import("@/lib/config/env")).resetEnvCache();
  (await import("@/lib/config/secrets")).resetSecretsCache();
  const { closeDb } = await import("@/lib/db");
  try {
    return await work();
  } finally {
    await closeDb();
  }
}

const sha = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Big enough that the export is still rolling out when the kill comes; small enough to stay quick. */
const EXPORT = { episodes: 10, policy: "explore", seed: 11, maxSteps: 200, camera: 16 } as const;

describe("a server killed mid-retry and mid-export", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-faults-kill-"));
  const jobs = { JOBS_RETRY_BASE_MS: "50", JOBS_LEASE_MS: "1000", WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_TIMEOUT_MS: "5000" };
  let child: ServerProcess | undefined;
  const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];

  afterAll(async () => {
    await child?.kill();
    for (const r of receivers) await r.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers or fails each webhook after exactly its attempts, and finishes the export", async () => {
    // The first server waits 3 s after a failed attempt: the kill lands in that wait.
    child = await startServerProcess(dataDir, { ...jobs, WEBHOOK_RETRY_BASE_MS: "3000" });
    const boot = (await bootstrapThrough(child.url, dataDir)) as Bootstrap;
    const key = boot.keys.sk_live;
    let api = apiClient(child.url);

    const world = await api.post("/v1/worlds", { world: makeSmallWorld() }, key);
    expect(world.status, JSON.stringify(world.body)).toBe(201);
    const worldId = world.body.worldId as string;

    // Two endpoints: one always failing (ends failed after 3 attempts), one failing once (delivered by attempt 2).
    const failing = await startReceiver(() => 500);
    const flaky = await startReceiver((n) => (n === 0 ? 503 : 200));
    receivers.push(failing, flaky);
    const deliveries: { endpointId: string; deliveryId: string }[] = [];
    for (const receiver of [failing, flaky]) {
      const endpoint = await api.post(`/v1/apps/${boot.appId}/webhooks`, { url: receiver.url }, boot.userToken);
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      const sent = await api.post(`/v1/apps/${boot.appId}/webhooks/${endpoint.body.id}/test`, {}, boot.userToken);
      expect(sent.status, JSON.stringify(sent.body)).toBe(202);
      deliveries.push({ endpointId: endpoint.body.id, deliveryId: sent.body.id });
    }
    /** One delivery, from its endpoint's log (one delivery per endpoint here). */
    const delivery = async (d: { endpointId: string; deliveryId: string }) => {
      const log = await api.get(`/v1/apps/${boot.appId}/webhooks/${d.endpointId}/deliveries`, boot.userToken);
      expect(log.status).toBe(200);
      return { body: (log.body.deliveries as { id: string }[]).find((row) => row.id === d.deliveryId) as any };
    };
    await waitFor(async () => (await Promise.all(deliveries.map(delivery))).every((d) => d.body.attempts >= 1), {
      timeoutMs: 60_000,
      intervalMs: 10,
      what: "the first attempts",
    });

    // Then the export, so that the kill finds it rolling out while the deliveries wait.
    const exported = await api.post(`/v1/worlds/${worldId}/datasets`, EXPORT, key);
    expect(exported.status, JSON.stringify(exported.body)).toBe(202);
    const datasetId = exported.body.datasetId as string;

    // Killed as soon as the export runs, both deliveries waiting for their second attempt.
    let seen = "";
    const midway = await waitFor(
      async () => {
        const states = await Promise.all(deliveries.map(async (d) => (await delivery(d)).body));
        const dataset = (await api.get(`/v1/worlds/${worldId}/datasets/${datasetId}`, key)).body;
        seen = JSON.stringify({ deliveries: states.map((s) => [s.state, s.attempts]), dataset: [dataset.status, dataset.phase] });
        return dataset.status !== "queued" ? { states, dataset } : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 10, what: "a running export" },
    ).catch((error: Error) => Promise.reject(new Error(`${error.message}; last seen ${seen}`)));
    await child.kill();
    expect(midway.states.map((s) => [s.state, s.attempts])).toEqual([
      ["pending", 1],
      ["pending", 1],
    ]);
    expect(midway.dataset.status).toBe("running");
    expect([failing.received.length, flaky.received.length]).toEqual([1, 1]);

    // A kill between recording an event and queueing its run leaves a pending delivery with no
    // run: made here, on the stopped server's data, exactly as that kill leaves it.
    const stranded = await startReceiver(() => 200);
    receivers.push(stranded);
    const strandedDelivery = await onStoppedServer(dataDir, async () => {
      const { recordWebhookEvent, TEST_EVENT_TYPE } = await import("@/lib/webhooks");
      const { getDb } = await import("@/lib/db");
      const db = await getDb();
      const endpoint = await db.webhookEndpoint.create({
        data: {
          appId: boot.appId,
          url: stranded.url,
          events: ["*"],
          secretEncrypted: (await db.webhookEndpoint.findFirstOrThrow({ where: { appId: boot.appId } })).secretEncrypted,
        },
      });
      const recorded = await recordWebhookEvent(
        boot.appId,
        TEST_EVENT_TYPE,
        { endpointId: endpoint.id, message: "recorded, never queued" },
        { endpointId: endpoint.id },
      );
      return { endpointId: endpoint.id, deliveryId: recorded.deliveryIds[0]! };
    });

    // The second server's backoff is short; the first wait (3 s) is already recorded in the run.
    child = await startServerProcess(dataDir, { ...jobs, WEBHOOK_RETRY_BASE_MS: "100" });
    api = apiClient(child.url);
    const settled = await waitFor(
      async () => {
        const states = await Promise.all(deliveries.map(async (d) => (await delivery(d)).body));
        return states.every((s) => s.state !== "pending") ? states : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 50, what: "both deliveries to settle after the restart" },
    );
    const [failed, delivered] = settled;
    expect(failed).toMatchObject({ state: "failed", attempts: 3, last_status_code: 500 });
    expect(failed.attempt_log.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3]);
    expect(delivered).toMatchObject({ state: "succeeded", attempts: 2, last_status_code: 200 });
    expect(delivered.attempt_log.map((a: { attempt: number; status_code: number }) => [a.attempt, a.status_code])).toEqual([
      [1, 503],
      [2, 200],
    ]);
    // Each attempt reached its receiver once, always the same event.
    expect(failing.received).toHaveLength(3);
    expect(flaky.received).toHaveLength(2);
    expect(new Set(failing.received.map((r) => JSON.parse(r.body).id))).toEqual(new Set([failed.event_id]));
    expect(new Set(flaky.received.map((r) => JSON.parse(r.body).id))).toEqual(new Set([delivered.event_id]));
    // The stranded delivery was queued by the restart and delivered once.
    const rescued = await waitFor(
      async () => {
        const d = (await delivery(strandedDelivery)).body;
        return d.state !== "pending" ? d : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 50, what: "the stranded delivery" },
    );
    expect(rescued).toMatchObject({ state: "succeeded", attempts: 1 });
    expect(stranded.received).toHaveLength(1);
    // One delivery per endpoint: the restart started no second one.
    for (const d of deliveries) {
      const log = await api.get(`/v1/apps/${boot.appId}/webhooks/${d.endpointId}/deliveries`, boot.userToken);
      expect(log.body.deliveries).toHaveLength(1);
    }

    const dataset = await waitFor(
      async () => {
        const d = (await api.get(`/v1/worlds/${worldId}/datasets/${datasetId}`, key)).body;
        return d.status === "succeeded" || d.status === "failed" ? d : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 50, what: "the export to finish after the restart" },
    );
    expect(dataset).toMatchObject({ status: "succeeded", progress: 1, error: null });
    // The very bytes an uninterrupted export of the same world and options writes.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "faults-export-"));
    try {
      const local = exportDatasetTask({ world: makeSmallWorld(), ...EXPORT, out });
      expect(dataset.steps).toBe(local.steps);
      for (const file of dataset.files as { name: string; url: string; bytes: number }[]) {
        // The job wrote the URL of the server that queued it; the restarted one serves on another port.
        const bytes = Buffer.from(await (await fetch(new URL(new URL(file.url).pathname, child.url))).arrayBuffer());
        expect(bytes.length).toBe(file.bytes);
        expect(sha(bytes)).toBe(sha(fs.readFileSync(path.join(out, file.name))));
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});

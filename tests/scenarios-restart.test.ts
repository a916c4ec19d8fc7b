import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "@/lib/jobs/executor/testing";
import type { Bootstrap } from "./support/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { LIGHTHOUSE_CLIPS, lighthouseWorld } from "./support/scenarios";
import { bootstrapThrough, startServerProcess, type ServerProcess } from "./support/server-process";

// Issue 15's acceptance: a server killed (SIGKILL) mid-batch and started again on the same data
// completes the batch, and no clip is charged twice. The local painter renders live clips; the
// in-app executor's lease hands the run to the new process.

/**
 * A busy server's thread can outlast its keep-alive timeout and close the client's idle socket
 * just as the next request goes out ("other side closed"): such a request is sent again, with
 * the same Idempotency-Key, so it never does the work twice.
 */
async function retried<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= 3 || !(error instanceof TypeError)) throw error;
    }
  }
}

describe("a server killed mid-batch", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-scenario-kill-"));
  const env = { JOBS_RETRY_BASE_MS: "50", JOBS_LEASE_MS: "1000" };
  let child: ServerProcess | undefined;

  afterAll(async () => {
    await child?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("completes after a restart, each accepted clip charged once", async () => {
    child = await startServerProcess(dataDir, env);
    const boot = (await bootstrapThrough(child.url, dataDir)) as Bootstrap;
    const key = boot.keys.sk_live;
    const first = apiClient(child.url);
    const world = await retried(() =>
      first.call("POST", "/v1/worlds", { token: key, body: { world: lighthouseWorld() }, headers: { "idempotency-key": "kill-world" } }),
    );
    expect(world.status).toBe(201);
    const specs = Array.from({ length: 10 }, (_, i) => LIGHTHOUSE_CLIPS[i % 3]!);
    const batchBody = { worldId: world.body.worldId, clips: specs.map((c) => c.spec) };
    const created = await retried(() =>
      first.call("POST", "/v1/scenario-batches", { token: key, body: batchBody, headers: { "idempotency-key": "kill-batch" } }),
    );
    expect(created.status).toBe(202);
    const { batchId } = created.body as { batchId: string };

    // Killed as soon as a clip has settled, with others still to come.
    const midway = await waitFor(
      async () => {
        const b = (await retried(() => first.get(`/v1/scenario-batches/${batchId}`, key))).body;
        return b.itemsDone >= 1 ? b : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 10, what: "the first clip" },
    );
    await child.kill();
    expect(midway.status).toBe("running");
    expect(midway.itemsDone).toBeLessThan(10);

    child = await startServerProcess(dataDir, env);
    const second = apiClient(child.url);
    const done = await waitFor(
      async () => {
        const b = (await retried(() => second.get(`/v1/scenario-batches/${batchId}`, key))).body;
        return b.status === "completed" ? b : undefined;
      },
      { timeoutMs: 240_000, what: "the batch to complete after the restart" },
    );
    const expected = specs.map((c) => (c.passes ? "accepted" : "rejected"));
    expect(done.clips.map((c: { status: string }) => c.status)).toEqual(expected);
    // Clips settled before the kill are as they were.
    for (const clip of midway.clips.filter((c: { status: string }) => c.status === "accepted" || c.status === "rejected")) {
      expect(done.clips[clip.index]).toMatchObject({ status: clip.status, frames: clip.frames, charged: clip.charged });
    }
    // One charge per accepted clip: the day's `scenario_clip` total is the accepted count.
    const accepted = expected.filter((s) => s === "accepted").length;
    expect(done.counts.accepted).toBe(accepted);
    expect((await retried(() => second.get("/v1/usage", key))).body.billing.scenarioClips).toBe(accepted);
  }, 600_000);
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "@/lib/jobs/executor/testing";
import { BOOK, expectPlayable } from "./support/campaigns";
import type { Bootstrap } from "./support/fixtures";
import { checkedClient as apiClient } from "./support/openapi-check";
import { bootstrapThrough, startServerProcess, type ServerProcess } from "./support/server-process";

// Issue 13's acceptance: a server killed (SIGKILL) mid-campaign and started again on the same
// data finishes the campaign with no chapter authored or charged twice. The embedded `local`
// provider authors, offline; the in-app executor's lease hands the job to the new process.

describe("a server killed mid-campaign", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-campaign-kill-"));
  const env = { JOBS_RETRY_BASE_MS: "50", JOBS_LEASE_MS: "1000" };
  let child: ServerProcess | undefined;

  afterAll(async () => {
    await child?.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("finishes after a restart, each chapter authored and charged once", async () => {
    child = await startServerProcess(dataDir, env);
    const boot = (await bootstrapThrough(child.url, dataDir)) as Bootstrap;
    const first = apiClient(child.url);
    const created = await first.post("/v1/campaigns", { text: BOOK, target_acts: 4 }, boot.keys.sk_live);
    expect(created.status).toBe(202);
    const { campaignId } = created.body as { campaignId: string };

    // Killed as soon as the first chapter is stored, with the others still to come.
    const midway = await waitFor(
      async () => {
        const c = (await first.get(`/v1/campaigns/${campaignId}`, boot.keys.sk_live)).body;
        return c.actsDone >= 1 ? c : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 10, what: "the first chapter" },
    );
    await child.kill();
    expect(midway.status).toBe("authoring");
    expect(midway.actsDone).toBeLessThan(4);

    child = await startServerProcess(dataDir, env);
    const second = apiClient(child.url);
    const done = await waitFor(
      async () => {
        const c = (await second.get(`/v1/campaigns/${campaignId}`, boot.keys.sk_live)).body;
        return c.status === "complete" ? c : undefined;
      },
      { timeoutMs: 120_000, what: "the campaign to complete after the restart" },
    );
    expect(done.chapters.map((c: { index: number }) => c.index)).toEqual([1, 2, 3, 4]);
    // The chapters stored before the kill are the same worlds, untouched.
    const before = midway.chapters.filter((c: { status: string }) => c.status === "authored");
    expect(before.length).toBe(midway.actsDone);
    for (const chapter of before) expect(done.chapters[chapter.index - 1].worldId).toBe(chapter.worldId);
    for (const chapter of done.chapters) expectPlayable((await second.get(`/v1/worlds/${chapter.worldId}`, boot.keys.sk_live)).body.world);

    // Exactly four generations charged, and exactly four chapter worlds in the app.
    expect((await second.get("/v1/usage", boot.keys.sk_live)).body.quotas.generation.used).toBe(4);
    const listed = (await second.get("/v1/worlds?limit=100", boot.keys.sk_live)).body.worlds as { worldId?: string; id?: string }[];
    expect(listed).toHaveLength(4);
  }, 300_000);
});

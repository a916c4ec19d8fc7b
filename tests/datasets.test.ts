import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportDatasetTask } from "@/lib/datasets/export-task";
import { waitFor } from "@/lib/jobs/executor/testing";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { api, importSmall, me, other, sk, withWorldsServer } from "./support/worlds";

withWorldsServer();

const sha = (bytes: Buffer | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function finished(worldId: string, datasetId: string) {
  const seen: any[] = [];
  const dataset = await waitFor(
    async () => {
      const res = await api.get(`/v1/worlds/${worldId}/datasets/${datasetId}`, sk());
      expect(res.status).toBe(200);
      seen.push(res.body);
      return res.body.status === "succeeded" || res.body.status === "failed" ? res.body : undefined;
    },
    { timeoutMs: 90_000, intervalMs: 50, what: `dataset ${datasetId}` },
  );
  return { dataset, seen };
}

describe("simulation datasets (POST /v1/worlds/{id}/datasets)", () => {
  it("exports a dataset as a job and hosts the same bytes `sim export` writes", async () => {
    const id = await importSmall();
    const body = { episodes: 3, policy: "explore", seed: 5, maxSteps: 40, camera: 8 };
    const created = await api.post(`/v1/worlds/${id}/datasets`, body, sk());
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({ ...body, worldId: id, status: "queued", progress: 0, steps: null, files: [], error: null });
    const { dataset } = await finished(id, created.body.datasetId);
    expect(dataset).toMatchObject({ status: "succeeded", phase: "done", progress: 1, error: null });
    expect(dataset.files.map((f: any) => f.name)).toEqual(["episodes.jsonl", "dataset.npz"]);
    // Its job is a GenerationJob of kind `dataset` with the dataset's id, moved with it.
    const job = await api.get(`/v1/jobs/${created.body.datasetId}`, sk());
    expect(job.body).toMatchObject({ jobId: created.body.datasetId, kind: "dataset", status: "succeeded", progress: 1, worldId: id });

    // The exporter run here on the same world and options writes the very bytes the job hosted.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "dataset-test-"));
    try {
      const local = exportDatasetTask({ world: makeSmallWorld(), ...body, policy: "explore", out });
      expect(dataset.steps).toBe(local.steps);
      for (const file of dataset.files) {
        const res = await fetch(file.url);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe(file.mimeType);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.length).toBe(file.bytes);
        expect(sha(bytes)).toBe(sha(fs.readFileSync(path.join(out, file.name))));
        if (file.name === "episodes.jsonl") expect(bytes.toString("utf8").trim().split("\n")).toHaveLength(local.steps);
        else expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it.each([
    [{}, "episodes"],
    [{ episodes: 0 }, "episodes"],
    [{ episodes: 101 }, "episodes"],
    [{ episodes: 1.5 }, "episodes"],
    [{ episodes: 1, policy: "greedy" }, "policy"],
    [{ episodes: 1, camera: 4 }, "camera"],
    [{ episodes: 1, camera: 65 }, "camera"],
    [{ episodes: 1, maxSteps: 1001 }, "maxSteps"],
    [{ episodes: 1, seed: -1 }, "seed"],
    [{ episodes: 100, maxSteps: 1000 }, "episodes: episodes × maxSteps may be at most 50,000"],
    [{ episodes: 10, maxSteps: 201, camera: 16 }, "episodes: episodes × maxSteps may be at most 2,000 with a camera"],
    [{ episodes: 1, frames: true }, "frames"],
  ])("refuses %j with 400", async (body, field) => {
    const id = await importSmall();
    const res = await api.post(`/v1/worlds/${id}/datasets`, body, sk());
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_request", detail: expect.any(String) });
    expect(res.body.errors.join("\n")).toContain(field);
  });

  it("answers 404 for another app's world or an unknown dataset, and 403 for a publishable key's write", async () => {
    const id = await importSmall();
    const created = await api.post(`/v1/worlds/${id}/datasets`, { episodes: 1, maxSteps: 5 }, sk());
    expect(created.status).toBe(202);
    const datasetId = created.body.datasetId;
    expect((await api.post(`/v1/worlds/${id}/datasets`, { episodes: 1 }, other.keys.sk_test)).status).toBe(404);
    expect((await api.get(`/v1/worlds/${id}/datasets/${datasetId}`, other.keys.sk_test)).status).toBe(404);
    const refused = await api.post(`/v1/worlds/${id}/datasets`, { episodes: 1 }, me.keys.pk_test);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    const unknown = await api.get(`/v1/worlds/${id}/datasets/00000000-0000-4000-8000-000000000000`, sk());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "not_found" });
    expect((await api.get(`/v1/worlds/${id}/datasets/not-a-uuid`, sk())).status).toBe(404);
    await finished(id, datasetId);
  });
});

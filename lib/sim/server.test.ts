import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { buildSimWorld } from "./room";
import { createSimServer } from "./server";
import { ACTIONS } from "./spec";

// The runner over real HTTP: the contract's routes, a batch step, and every bad input as a 4xx
// with `detail` and `code` after which the runner still serves.
const sim = buildSimWorld(makeSmallWorld(), { maxSteps: 50 });
const server = createSimServer({ sim, camera: 0 });
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe("sim runner", () => {
  it("describes its spaces at GET /spec", async () => {
    const { status, body } = await call("GET", "/spec");
    expect(status).toBe(200);
    expect(body.actionSpace).toMatchObject({ type: "Discrete", n: ACTIONS.length, actions: [...ACTIONS] });
    expect(body.labels).toEqual(sim.labels);
    expect(body.maxSteps).toBe(50);
    expect(Object.keys(body.observationSpace.spaces).sort()).toEqual(["collision", "labels", "proximity", "visible"]);
    expect(body.observationSpace.spaces.visible.n).toBe(sim.labels.length);
    expect(body.schemaVersion).toBe("1.0");
  });

  it("creates, resets, steps one and many, and deletes environments", async () => {
    const a = await call("POST", "/envs", { seed: 7 });
    const b = await call("POST", "/envs", { seed: 7, camera: 8 });
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ra, rb] = [await call("POST", `/envs/${a.body.envId}/reset`, {}), await call("POST", `/envs/${b.body.envId}/reset`)];
    expect(ra.body.info.state).toBe("a");
    expect(ra.body.observation.camera).toBeUndefined();
    expect(Buffer.from(rb.body.observation.camera, "base64")).toHaveLength(8 * 8 * 3);
    // Same seed, same observation, camera or not.
    expect({ ...rb.body.observation, camera: undefined }).toEqual({ ...ra.body.observation, camera: undefined });

    const one = await call("POST", `/envs/${a.body.envId}/step`, { action: 1 });
    expect(one.status).toBe(200);
    expect(Object.keys(one.body).sort()).toEqual(["info", "observation", "reward", "schemaVersion", "terminated", "truncated"]);
    const batch = await call("POST", "/envs/step", {
      steps: [
        { envId: b.body.envId, action: 1 },
        { envId: a.body.envId, action: 3 },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.results.map((r: any) => r.envId)).toEqual([b.body.envId, a.body.envId]);
    // b's first forward step is a's first forward step.
    expect({ ...batch.body.results[0].observation, camera: undefined }).toEqual(one.body.observation);
    expect(batch.body.results[1].info.steps).toBe(2);

    expect((await call("DELETE", `/envs/${a.body.envId}`)).body).toMatchObject({ ok: true });
    expect((await call("POST", `/envs/${a.body.envId}/step`, { action: 0 })).status).toBe(404);
  });

  it("walks a scripted path to the ending when asked for no jitter: straight ahead through each room's first exit", async () => {
    // Its own runner: the walk takes over 50 steps, more than this file's maxSteps.
    const roomy = createSimServer({ sim: buildSimWorld(makeSmallWorld()), camera: 0 });
    await new Promise<void>((resolve) => roomy.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(roomy.address() as AddressInfo).port}`;
    const post = async (path: string, body: unknown): Promise<any> =>
      (await fetch(url + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
    try {
      const walk = async (create: unknown) => {
        const { envId } = await post("/envs", create);
        await post(`/envs/${envId}/reset`, {});
        const events: string[] = [];
        let last: any;
        for (let i = 0; i < 80 && !last?.terminated; i++) {
          last = await post(`/envs/${envId}/step`, { action: 1 });
          if (last.info.event) events.push(last.info.event);
        }
        return { events, last };
      };
      const straight = await walk({ jitter: false });
      expect(straight.events).toEqual(["go", "finish"]);
      expect(straight.last).toMatchObject({ terminated: true, truncated: false, reward: 0.99, info: { state: "end" } });
      // With jitter (the default) the agent starts turned a little, and the same walk ends elsewhere.
      const jittered = await walk({ seed: 3 });
      expect(jittered.last.info.state).not.toBe("end");
    } finally {
      roomy.closeAllConnections();
      await new Promise((resolve) => roomy.close(resolve));
    }
  });

  it("truncates at maxSteps and asks for a reset after", async () => {
    const { body } = await call("POST", "/envs", {});
    await call("POST", `/envs/${body.envId}/reset`, { seed: 1 });
    let last: any;
    for (let i = 0; i < 50; i++) last = (await call("POST", `/envs/${body.envId}/step`, { action: 3 })).body;
    expect(last).toMatchObject({ truncated: true, terminated: false });
    const after = await call("POST", `/envs/${body.envId}/step`, { action: 0 });
    expect(after).toMatchObject({ status: 409, body: { code: "conflict" } });
  });

  it.each([
    ["POST", "/envs", "{not json", 400, "invalid_request"],
    ["POST", "/envs", { seed: -1 }, 400, "invalid_request"],
    ["POST", "/envs", { camera: 3 }, 400, "invalid_request"],
    ["POST", "/envs", { extra: true }, 400, "invalid_request"],
    ["POST", "/envs", { jitter: "no" }, 400, "invalid_request"],
    ["POST", "/envs/env_999/reset", {}, 404, "not_found"],
    ["POST", "/envs/env_999/step", { action: 0 }, 404, "not_found"],
    ["DELETE", "/envs/env_999", undefined, 404, "not_found"],
    ["POST", "/envs/step", { steps: [] }, 400, "invalid_request"],
    ["POST", "/envs/step", { steps: [{ envId: "env_999", action: 0 }] }, 404, "not_found"],
    ["GET", "/spec/x", undefined, 404, "not_found"],
    ["GET", "/nowhere", undefined, 404, "not_found"],
    ["DELETE", "/spec", undefined, 405, "method_not_allowed"],
    ["GET", "/envs/step", undefined, 405, "method_not_allowed"],
  ])("%s %s %j → %i %s", async (method, path, body, status, code) => {
    const res = await call(method, path, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code });
    expect(typeof res.body.detail).toBe("string");
    expect((await call("GET", "/spec")).status).toBe(200);
  });

  it("refuses actions outside the space, steps before a reset, and bad batches without stepping any", async () => {
    const { body } = await call("POST", "/envs", { seed: 2 });
    const id = body.envId;
    expect(await call("POST", `/envs/${id}/step`, { action: 0 })).toMatchObject({ status: 409, body: { code: "conflict" } });
    await call("POST", `/envs/${id}/reset`, {});
    for (const action of [-1, ACTIONS.length, 1.5, "1", null]) {
      const res = await call("POST", `/envs/${id}/step`, { action });
      expect(res.status).toBe(400);
      expect(res.body.errors.join()).toContain("action");
    }
    const dup = await call("POST", "/envs/step", {
      steps: [
        { envId: id, action: 1 },
        { envId: id, action: 1 },
      ],
    });
    expect(dup).toMatchObject({ status: 400, body: { code: "invalid_request" } });
    const mixed = await call("POST", "/envs/step", {
      steps: [
        { envId: id, action: 1 },
        { envId: "env_999", action: 1 },
      ],
    });
    expect(mixed.status).toBe(404);
    // Nothing of the refused batches was stepped.
    expect((await call("POST", `/envs/${id}/step`, { action: 0 })).body.info.steps).toBe(1);
  });
});

import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockWorld } from "@/lib/kernel";
import { SimClient, SimClientError, type RemoteEnv } from "./client";
import { SimEnv, type StepResult } from "./env";
import { createPolicy } from "./policy";
import { buildSimWorld } from "./room";
import { createSimServer } from "./server";
import { describeSpaces } from "./spec";

// The typed client against a real runner over HTTP: what it returns is what SimEnv returns in
// process for the same seed and actions, and every refusal is a SimClientError with the
// runner's status and code.
const sim = buildSimWorld(mockWorld({ premise: "a lighthouse keeper rings a drowned bell in a storm" }), { maxSteps: 40 });
const server = createSimServer({ sim, camera: 0 });
let client: SimClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  client = new SimClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function rejection(p: Promise<unknown>): Promise<SimClientError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SimClientError);
  return error as SimClientError;
}

describe("SimClient", () => {
  it("reads the runner's spec", async () => {
    const spec = await client.spec();
    expect(spec).toMatchObject(describeSpaces(sim.labels, 40, 0));
    expect(spec.actionMeanings).toEqual(spec.actionSpace.actions);
    expect(spec.schemaVersion).toBe("1.0");
  });

  it("steps an environment exactly as SimEnv does in process, camera included", async () => {
    const remote = await client.createEnv({ seed: 11, camera: 16 });
    const local = new SimEnv(sim, { seed: 11, camera: 16 });
    const policy = createPolicy("explore", 11);
    const first = await remote.reset(11);
    expect(first).toEqual(local.reset(11));
    expect(first.observation.camera).toBeInstanceOf(Uint8Array);
    expect(first.observation.camera).toHaveLength(16 * 16 * 3);
    let last: StepResult | null = null;
    let episodes = 0;
    for (let i = 0; i < 120; i++) {
      const action = policy.act(local, last);
      last = local.step(action);
      expect(await remote.step(action)).toEqual(last);
      if (last.terminated || last.truncated) {
        episodes++;
        expect(await remote.reset()).toEqual(local.reset());
      }
    }
    expect(episodes).toBeGreaterThan(0);
    await remote.close();
  });

  it("steps many environments in one request, in the order asked", async () => {
    const envs: RemoteEnv[] = [];
    const locals: SimEnv[] = [];
    for (const seed of [1, 2, 3]) {
      envs.push(await client.createEnv({ seed }));
      locals.push(new SimEnv(sim, { seed }));
      await envs.at(-1)!.reset();
      locals.at(-1)!.reset();
    }
    for (const actions of [
      [1, 3, 4],
      [1, 1, 2],
      [5, 0, 1],
    ]) {
      const order = [2, 0, 1];
      const results = await client.stepMany(order.map((k) => ({ env: envs[k]!, action: actions[k]! })));
      expect(results.map((r) => r.envId)).toEqual(order.map((k) => envs[k]!.id));
      order.forEach((k, i) => expect({ ...results[i], envId: undefined }).toEqual({ ...locals[k]!.step(actions[k]!), envId: undefined }));
    }
    for (const env of envs) await env.close();
  });

  it("turns refusals into SimClientError with the runner's status, code and detail", async () => {
    const env = await client.createEnv({ seed: 5 });
    const early = await rejection(env.step(0));
    expect([early.status, early.code]).toEqual([409, "conflict"]);
    await env.reset();
    const bad = await rejection(env.step(6));
    expect([bad.status, bad.code]).toEqual([400, "invalid_request"]);
    expect(bad.errors.join()).toContain("action");
    for (let i = 0; i < 40; i++) await env.step(3);
    const over = await rejection(env.step(3));
    expect(over.status).toBe(409);
    expect((await rejection(client.createEnv({ camera: 3 }))).status).toBe(400);
    expect((await rejection(client.stepMany([{ env: "env_nope", action: 0 }]))).status).toBe(404);
    await env.close();
    const gone = await rejection(env.reset());
    expect([gone.status, gone.code]).toEqual([404, "not_found"]);
    expect(gone.detail).toContain(env.id);
  });
});

/**
 * Issues 4 and 30, side by side in one run per engine: GET /v1/worlds/{id} of a small world
 * against the bare-route floor (goal ≥ 0.6× its requests/s); a 10-op batch on a maximal world
 * (goal p50 ≤ 20 ms on PostgreSQL, issue 30; it was 40); import of a ~2 MB world (goal p50 ≤
 * 60 ms on PostgreSQL, issue 30; 150 ms on the embedded engine, issue 4); and, for information,
 * a read of that maximal world. `bench/write-path.profile.ts` says where the import's and the
 * ops' time goes.
 */
import { makeLargeWorld, makeSmallWorld } from "@/lib/kernel/fixtures";
import { cli, engines, load, startNext, table } from "./support";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);

async function timeSequential(
  samples: number,
  request: (i: number) => Promise<Response>,
): Promise<{ p50: number; p99: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const res = await request(i);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (!res.ok) failures++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), failures };
}

function importGoal(engine: string, p50: number): string {
  const limit = engine === "postgres" ? 60 : 150;
  return `${p50 <= limit ? "pass" : "FAIL"} (p50 ≤ ${limit} ms)`;
}

const rows: (string | number)[][] = [];
for (const engine of await engines()) {
  const server = await startNext({ ...engine.env, QUOTA_GENERATION_PER_DAY: "100000" }, 3191);
  try {
    const boot = await cli<{ keys: { sk_test: string } }>(server.env, ["bootstrap", "--email", `bench-${Date.now()}@example.com`]);
    const headers = { authorization: `Bearer ${boot.keys.sk_test}`, "content-type": "application/json" };
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });

    const small = (await (await post("/v1/worlds", { world: makeSmallWorld() })).json()) as { worldId: string };
    await load(`${server.url}/api/live`, { seconds: 2 });
    await load(`${server.url}/v1/worlds/${small.worldId}`, { headers, seconds: 2 });
    const floor = await load(`${server.url}/api/live`);
    const read = await load(`${server.url}/v1/worlds/${small.worldId}`, { headers });
    const ratio = read.requestsPerSecond / floor.requestsPerSecond;
    rows.push([engine.name, "GET /api/live (floor)", floor.requestsPerSecond.toFixed(0), floor.p50, floor.p99, "", floor.non2xx]);
    rows.push([
      engine.name,
      "GET /v1/worlds/{id} (small)",
      read.requestsPerSecond.toFixed(0),
      read.p50,
      read.p99,
      `${ratio.toFixed(2)}× floor, ${ratio >= 0.6 ? "pass" : "FAIL"} (≥ 0.6×)`,
      read.non2xx,
    ]);

    const large = makeLargeWorld({ states: 500, events: 2000 });
    const bytes = Buffer.byteLength(JSON.stringify({ world: large }));
    const imported = await timeSequential(Math.ceil(SAMPLES / 2), () => post("/v1/worlds", { world: large }));
    rows.push([
      engine.name,
      `POST /v1/worlds import (${(bytes / 1e6).toFixed(2)} MB)`,
      "",
      imported.p50.toFixed(1),
      imported.p99.toFixed(1),
      importGoal(engine.name, imported.p50),
      imported.failures,
    ]);

    const target = (await (await post("/v1/worlds", { world: large })).json()) as { worldId: string };
    const stateIds = Object.keys(large.scene.states);
    const ops = await timeSequential(SAMPLES, (i) =>
      post(`/v1/worlds/${target.worldId}/ops`, {
        ops: Array.from({ length: 10 }, (_, j) => ({
          op: "update_state",
          id: stateIds[(i * 10 + j) % stateIds.length],
          patch: { base: `revision ${i}.${j}` },
        })),
      }),
    );
    const goal = engine.name === "postgres" ? (ops.p50 <= 20 ? "pass (p50 ≤ 20 ms)" : "FAIL (p50 ≤ 20 ms)") : "(goal is for PostgreSQL)";
    rows.push([
      engine.name,
      "POST /v1/worlds/{id}/ops, 10 ops on 500 states / 2000 events",
      "",
      ops.p50.toFixed(1),
      ops.p99.toFixed(1),
      goal,
      ops.failures,
    ]);

    // Reading the maximal world after its edits (cut into pieces): informational, no goal.
    const readLarge = await timeSequential(SAMPLES, () => fetch(`${server.url}/v1/worlds/${target.worldId}`, { headers }));
    rows.push([
      engine.name,
      "GET /v1/worlds/{id} (500 states / 2000 events, edited)",
      "",
      readLarge.p50.toFixed(1),
      readLarge.p99.toFixed(1),
      "(informational)",
      readLarge.failures,
    ]);
  } finally {
    await server.stop();
    await engine.cleanup();
  }
}
console.log("\n## Worlds API (issue 4)\n");
console.log(table(["engine", "request", "req/s", "p50 ms", "p99 ms", "goal", "failures"], rows));

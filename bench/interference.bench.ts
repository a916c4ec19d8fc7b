/**
 * Issue 12: CPU-heavy work stays off the request thread. `GET /api/live` (the floor of this
 * stack) measured idle, then while three live generations (the embedded `local` provider:
 * authoring and painting every frame) run at once, kept at three for the whole measurement.
 * Goal: p99 under load ≤ 25 ms. One connection, so each sample is one request's own latency.
 */
import { cli, engines, load, startNext, table } from "./support";

const GOAL_P99_MS = 25;
const PREMISES = [
  "A lighthouse keeper hears a drowned bell ringing under a stormy sea",
  "Two knights ride across a snowy mountain pass toward a castle at dawn",
  "A detective waits on a rainy city street for a witness who never comes",
  "A fox and a crow argue over a golden key beside a river in the forest",
];

const [engine] = await engines();
const server = await startNext({ ...engine!.env, QUOTA_GENERATION_PER_DAY: "100000" }, 3194);
const rows: (string | number)[][] = [];
let generated = 0;
try {
  const boot = await cli<{ keys: { sk_live: string } }>(server.env, ["bootstrap", "--email", `bench-${Date.now()}@example.com`]);
  const generate = async (i: number): Promise<void> => {
    const res = await fetch(`${server.url}/v1/worlds`, {
      method: "POST",
      headers: { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" },
      body: JSON.stringify({ premise: `${PREMISES[i % PREMISES.length]}, take ${i}` }),
    });
    if (res.status !== 200) throw new Error(`generation answered ${res.status}: ${await res.text()}`);
    generated++;
  };
  await generate(0); // warm-up: the route, the pool's threads, the database
  await load(`${server.url}/api/live`, { seconds: 2, connections: 1 });

  const idle = await load(`${server.url}/api/live`, { connections: 1 });
  let running = true;
  let next = 1;
  const lane = async (): Promise<void> => {
    while (running) await generate(next++);
  };
  const lanes = [lane(), lane(), lane()];
  const busy = await load(`${server.url}/api/live`, { connections: 1 });
  running = false;
  await Promise.all(lanes);
  const pass = busy.p99 <= GOAL_P99_MS;
  rows.push(["GET /api/live, idle (floor)", idle.requestsPerSecond.toFixed(0), idle.p50, idle.p99, "", idle.non2xx]);
  rows.push([
    `GET /api/live, 3 live generations running (${generated - 1} done meanwhile)`,
    busy.requestsPerSecond.toFixed(0),
    busy.p50,
    busy.p99,
    `${pass ? "pass" : "FAIL"} (p99 ≤ ${GOAL_P99_MS} ms)`,
    busy.non2xx,
  ]);
  if (!pass) process.exitCode = 1;
} finally {
  await server.stop();
  await engine!.cleanup();
}
console.log("\n## The request thread while worlds generate (issue 12)\n");
console.log(table(["measure", "req/s", "p50 ms", "p99 ms", "goal", "non-2xx"], rows));

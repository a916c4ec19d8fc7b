/**
 * Issue 15 (the embedded database and `local` painter, offline), against the real route handlers
 * and the in-app executor in this process (tests/support/test-server.ts, as bench/playtests.bench.ts):
 * no `next build`.
 * 1. A 100-clip live batch (3 states per clip) from `POST /v1/scenario-batches` to `completed`
 *    beside the floor: the same clips rendered and verified in a plain loop in this process
 *    (`renderAndVerifyClips`), as many at a time as the job's lanes (SCENARIO_LANES), and one at
 *    a time. Goal: the job ≥ 0.8× the floor's clips/s (the floor with the job's parallelism).
 * 2. `GET /v1/scenario-batches?limit=100` on an app with 10,000 batches, first page and a page
 *    deep in the list, sequential requests: p50 ≤ 30 ms. Prints the query plan.
 * BENCH_CLIPS (default 100) and BENCH_BATCHES (default 10000) shrink it for a quick look.
 */
import { randomUUID } from "node:crypto";
import { table } from "./support";
import { startTestServer } from "../tests/support/test-server";

const CLIPS = Number(process.env.BENCH_CLIPS ?? 100);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 10_000);
const WEATHERS = ["clear", "cloudy", "storm", "rain", "snow", "fog"] as const;

// Clip frames reserve `seed_frame` units: the bench paints far more than a day's default cap.
const server = await startTestServer({ env: { LOG_LEVEL: "error", QUOTA_SEED_FRAME_PER_DAY: "100000000" } });
const { runCliCommand } = await import("@/lib/cli/commands");
const { getDb } = await import("@/lib/db");
const { getEnv } = await import("@/lib/config/env");
const { renderAndVerifyClips } = await import("@/lib/scenarios/run-clip");
const { ZClipSpec } = await import("@/lib/scenarios/requests");
const { lighthouseWorld } = await import("../tests/support/scenarios");

const rows: (string | number)[][] = [];
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
let plan = "";
try {
  const boot = (await runCliCommand("bootstrap", { email: `bench-${Date.now()}@example.com` })) as {
    appId: string;
    keys: { sk_live: string };
  };
  const headers = { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" };
  const post = async (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });

  // 1. The job beside the plain loop. Every clip walks shore → lamp → end (3 states) with its own
  // weather and note, so no two clips paint the same frame.
  const world = (await (await post("/v1/worlds", { world: lighthouseWorld() })).json()) as { worldId: string };
  const specs = Array.from({ length: CLIPS }, (_, i) => ({
    kind: "variation",
    from: "shore",
    path: ["climb", "sail"],
    apply: { weather: WEATHERS[i % WEATHERS.length], note: `marker ${i}` },
    expect: { reach: "end" },
  }));
  // Warm the painter, the worker pool and the vision path first, so neither side pays the start.
  await renderAndVerifyClips({
    mode: "live",
    world: lighthouseWorld(),
    specs: [ZClipSpec.parse({ ...specs[0], apply: { note: "warm-up" } })],
    baseUrl: server.url,
  });
  const t = performance.now();
  const created = await post("/v1/scenario-batches", { worldId: world.worldId, clips: specs });
  if (created.status !== 202) throw new Error(`POST /v1/scenario-batches answered ${created.status}: ${await created.text()}`);
  const { batchId } = (await created.json()) as { batchId: string };
  let batch: { status: string; counts: { accepted: number } } = { status: "queued", counts: { accepted: 0 } };
  while (batch.status === "queued" || batch.status === "running") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    batch = (await (await fetch(`${server.url}/v1/scenario-batches/${batchId}`, { headers })).json()) as typeof batch;
  }
  const jobMs = performance.now() - t;
  if (batch.status !== "completed") throw new Error(`the batch ended ${batch.status}`);

  const lanes = getEnv().SCENARIO_LANES;
  const loop = async (concurrency: number) => {
    const started = performance.now();
    const out = await renderAndVerifyClips({
      mode: "live",
      world: lighthouseWorld(),
      specs: specs.map((s) => ZClipSpec.parse(s)),
      baseUrl: server.url,
      concurrency,
    });
    return {
      rate: CLIPS / ((performance.now() - started) / 1000),
      passed: out.filter((o) => "verification" in o && o.verification.pass).length,
    };
  };
  const floor = await loop(lanes);
  const sequential = await loop(1);
  const jobRate = CLIPS / (jobMs / 1000);
  const ratio = jobRate / floor.rate;
  rows.push([
    `${CLIPS} clips × 3 states: render + verify in a plain loop, ${lanes} at a time (floor)`,
    `${floor.passed} pass`,
    floor.rate.toFixed(2),
    "1.00",
    "",
  ]);
  rows.push([
    "… the same loop, one clip at a time",
    `${sequential.passed} pass`,
    sequential.rate.toFixed(2),
    (sequential.rate / floor.rate).toFixed(2),
    "",
  ]);
  rows.push([
    "… POST /v1/scenario-batches → completed (the job)",
    `${batch.counts.accepted} accepted`,
    jobRate.toFixed(2),
    ratio.toFixed(2),
    `${ratio >= 0.8 ? "pass" : "FAIL"} (≥ 0.8×)`,
  ]);
  if (ratio < 0.8) process.exitCode = 1;

  // 2. The list on an app with BATCHES batches, stored in one statement (distinct createdAt, 1 ms apart).
  const db = await getDb();
  const lister = (await runCliCommand("bootstrap", { email: `bench-list-${Date.now()}@example.com` })) as {
    appId: string;
    keys: { sk_live: string };
  };
  const graph = JSON.stringify(lighthouseWorld());
  await db.$executeRawUnsafe(
    `INSERT INTO scenario_batches (id, app_id, mode, world_id, rev, graph, base_url, name, review, status, items_total, items_done, accepted, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, 'live', $2::uuid, 'r1', $3::jsonb, 'http://localhost', 'batch ' || i, 'auto', 'completed', 3, 3, 3,
            date_trunc('milliseconds', now()) - i * interval '1 millisecond', now()
     FROM generate_series(1, $4::int) AS i`,
    lister.appId,
    randomUUID(),
    graph,
    BATCHES,
  );
  await db.$executeRawUnsafe("ANALYZE scenario_batches");
  const listHeaders = { authorization: `Bearer ${lister.keys.sk_live}` };
  const deep = (
    await db.scenarioBatch.findMany({
      where: { appId: lister.appId },
      orderBy: { createdAt: "desc" },
      skip: Math.floor(BATCHES / 2),
      take: 1,
      select: { createdAt: true },
    })
  )[0]!.createdAt.toISOString();
  for (const [label, query] of [
    ["first page", "limit=100"],
    ["a page halfway down", `limit=100&cursor=${encodeURIComponent(deep)}`],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const start = performance.now();
      const res = await fetch(`${server.url}/v1/scenario-batches?${query}`, { headers: listHeaders });
      const body = (await res.json()) as { batches: unknown[] };
      if (res.status !== 200 || body.batches.length !== 100)
        throw new Error(`GET answered ${res.status} with ${body.batches.length} batches`);
      if (i >= 20) times.push(performance.now() - start);
    }
    const median = p50(times);
    rows.push([
      `GET /v1/scenario-batches?limit=100, ${BATCHES.toLocaleString("en")} batches, ${label}`,
      "",
      `p50 ${median.toFixed(1)} ms`,
      "",
      `${median <= 30 ? "pass" : "FAIL"} (≤ 30 ms)`,
    ]);
    if (median > 30) process.exitCode = 1;
  }
  const explained = await db.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
    `EXPLAIN ANALYZE SELECT id, name, status, created_at FROM scenario_batches WHERE app_id = $1::uuid AND mode = 'live' AND created_at < $2::timestamptz ORDER BY created_at DESC LIMIT 101`,
    lister.appId,
    deep,
  );
  plan = explained.map((r) => r["QUERY PLAN"]).join("\n");
} finally {
  await server.close();
}
console.log("\n## Scenario Studio (issue 15)\n");
console.log(table(["measure", "clips", "clips/s / latency", "× floor", "goal"], rows));
if (plan) console.log(`\nQuery plan of a list page (EXPLAIN ANALYZE, embedded):\n${plan}`);
process.exit(process.exitCode ?? 0);

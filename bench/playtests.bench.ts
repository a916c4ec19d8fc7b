/**
 * Issue 17, side by side in one run: a 10-op write on a maximal world (500 states / 2000 events)
 * that keeps 50 recorded play-throughs of 40 steps, against the same write on the same world
 * without any (goal: p50 ≤ 1.10× the floor); and a `local` /edit of a one-sentence instruction
 * against a plain /ops write of the same op (goal: p50 ≤ 1.2×). In process, over HTTP on the
 * real route handlers and an embedded database (tests/support/test-server.ts): no `next build`.
 * `npx tsx bench/playtests.bench.ts` (or `npm run bench -- playtests`).
 */
import { makeLargeWorld } from "@/lib/kernel/fixtures";
import { startTestServer } from "../tests/support/test-server";
import { table } from "./support";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const PLAYTESTS = 50;
const STEPS = 40;

delete process.env.AI_BASE_URL; // live keys edit with the offline grammar
const server = await startTestServer({ env: { QUOTA_GENERATION_PER_DAY: "100000", QUOTA_EDIT_PER_DAY: "100000", LOG_LEVEL: "error" } });
const rows: (string | number)[][] = [];
let failed = false;
try {
  const { runCliCommand } = await import("@/lib/cli/commands");
  const boot = (await runCliCommand("bootstrap", { email: `bench-${Date.now()}@example.com` })) as { keys: { sk_live: string } };
  const headers = { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json;
  };
  const large = makeLargeWorld({ states: 500, events: 2000 });
  const stateIds = Object.keys(large.scene.states);
  const bare = (await post("/v1/worlds", { world: large })).worldId as string;
  const guarded = (await post("/v1/worlds", { world: large })).worldId as string;
  // 50 different walks from the entrance: each step "onward" (i → i+1) or "leap" (i → i+2).
  for (let p = 0; p < PLAYTESTS; p++) {
    let at = 0;
    const steps = Array.from({ length: STEPS }, (_, s) => {
      const leap = ((p * 31 + s * 7) >> 2) % 2 === 1;
      at += leap ? 2 : 1;
      return { event: leap ? "leap" : "onward", state: `state-${at}` };
    });
    await post(`/v1/worlds/${guarded}/playtests`, { name: `walk ${p}`, steps });
  }

  const times = { bare: [] as number[], guarded: [] as number[], ops: [] as number[], edit: [] as number[] };
  const timed = async (into: number[], work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    into.push(performance.now() - started);
  };
  const batch = (i: number) =>
    Array.from({ length: 10 }, (_, j) => ({
      op: "update_state",
      id: stateIds[(i * 10 + j) % stateIds.length],
      patch: { base: `revision ${i}.${j}` },
    }));
  // Interleaved, so that both sides see the same machine at the same moments.
  for (let i = -3; i < SAMPLES; i++) {
    const sink = i < 0 ? { bare: [], guarded: [], ops: [], edit: [] } : times; // warm-up rounds are not counted
    await timed(sink.bare, () => post(`/v1/worlds/${bare}/ops`, { ops: batch(i + 3) }));
    await timed(sink.guarded, async () => {
      const result = await post(`/v1/worlds/${guarded}/ops`, { ops: batch(i + 3) });
      const report = result.playtests as { passed: number; failed: unknown[] };
      if (report.passed !== PLAYTESTS)
        throw new Error(`expected ${PLAYTESTS} passing play-throughs, got ${JSON.stringify(report).slice(0, 200)}`);
    });
    const target = stateIds[(i + 3) % stateIds.length]!;
    await timed(sink.ops, () =>
      post(`/v1/worlds/${bare}/ops`, { ops: [{ op: "update_state", id: target, patch: { base: `plain ${i}` } }] }),
    );
    await timed(sink.edit, () => post(`/v1/worlds/${bare}/edit`, { instruction: `describe ${target} as 'edited ${i}'` }));
  }
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
  const replay = p50(times.guarded) / p50(times.bare);
  const edit = p50(times.edit) / p50(times.ops);
  failed = replay > 1.1 || edit > 1.2;
  rows.push([
    "POST /ops, 10 ops, 500 states / 2000 events, no play-throughs (floor)",
    p50(times.bare).toFixed(1),
    p99(times.bare).toFixed(1),
    "",
  ]);
  rows.push([
    `POST /ops, same write, ${PLAYTESTS} play-throughs × ${STEPS} steps replayed`,
    p50(times.guarded).toFixed(1),
    p99(times.guarded).toFixed(1),
    `${replay.toFixed(2)}× floor, ${replay <= 1.1 ? "pass" : "FAIL"} (≤ 1.10×)`,
  ]);
  rows.push(["POST /ops, one update_state (floor)", p50(times.ops).toFixed(1), p99(times.ops).toFixed(1), ""]);
  rows.push([
    "POST /edit (local), the same change as one sentence",
    p50(times.edit).toFixed(1),
    p99(times.edit).toFixed(1),
    `${edit.toFixed(2)}× floor, ${edit <= 1.2 ? "pass" : "FAIL"} (≤ 1.2×)`,
  ]);
} finally {
  await server.close();
}
console.log(`\n## Play-throughs and local edit (issue 17), embedded engine, in process, ${SAMPLES} samples each\n`);
console.log(table(["request", "p50 ms", "p99 ms", "goal"], rows));
process.exit(failed ? 1 : 0);

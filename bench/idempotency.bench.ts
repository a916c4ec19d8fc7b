/**
 * Issue 29: an idempotent create costs at most one more statement than the same create without a
 * key, and keeps ≥ 0.9× its throughput. POST /v1/worlds (the import of a small world, a test key)
 * with a fresh `Idempotency-Key` on every request against the same request without one, in
 * alternating rounds so that drift of the machine hits both, on the embedded database and on
 * PostgreSQL (TEST_DATABASE_URL, default the machine's). In process, over HTTP on the real route
 * handlers (tests/support/test-server.ts): no `next build`. `npx tsx bench/idempotency.bench.ts`.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { startTestServer } from "../tests/support/test-server";
import { table } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 8;
const PG = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function round(url: string, token: string, keyed: boolean): Promise<{ rps: number; p50: number; non2xx: number }> {
  const body = JSON.stringify({ world: makeSmallWorld() });
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const result = await autocannon({
    url: `${url}/v1/worlds`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        body,
        headers,
        setupRequest: (req) => (keyed ? { ...req, headers: { ...req.headers, "idempotency-key": randomUUID() } } : req),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, non2xx: result.non2xx };
}

const rows: (string | number)[][] = [];
let failed = false;
for (const engine of ["embedded", "postgres"] as const) {
  if (engine === "postgres" && !(await reachable(PG))) {
    console.error(`PostgreSQL not reachable at ${PG}; measuring the embedded engine only.`);
    continue;
  }
  if (engine === "postgres") process.env.TEST_DATABASE_URL = PG;
  else delete process.env.TEST_DATABASE_URL;
  const server = await startTestServer({
    env: {
      QUOTA_GENERATION_PER_DAY: "100000000",
      LOG_LEVEL: "error",
      RATE_LIMIT_TEST_PER_SECOND: "1000000",
      RATE_LIMIT_TEST_BURST: "1000000",
    },
  });
  try {
    const { runCliCommand } = await import("@/lib/cli/commands");
    const boot = (await runCliCommand("bootstrap", { email: `bench-${Date.now()}@example.com` })) as { keys: { sk_test: string } };
    await round(server.url, boot.keys.sk_test, false); // warm-up: plans, caches, JIT
    await round(server.url, boot.keys.sk_test, true);
    const plain: number[] = [];
    const keyed: number[] = [];
    let errors = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const a = await round(server.url, boot.keys.sk_test, false);
      const b = await round(server.url, boot.keys.sk_test, true);
      plain.push(a.rps);
      keyed.push(b.rps);
      errors += a.non2xx + b.non2xx;
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const ratio = mean(keyed) / mean(plain);
    const pass = ratio >= 0.9 && errors === 0;
    if (!pass) failed = true;
    rows.push([
      engine,
      mean(plain).toFixed(0),
      mean(keyed).toFixed(0),
      `${ratio.toFixed(2)}×`,
      pass ? "pass (≥ 0.9×)" : "FAIL (≥ 0.9×)",
      errors,
    ]);
  } finally {
    await server.close();
  }
}
console.log("\n## Idempotent create (issue 29)\n");
console.log(`POST /v1/worlds (small import, test key), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s each.\n`);
console.log(table(["engine", "without a key (req/s)", "with a fresh key (req/s)", "ratio", "goal", "non-2xx"], rows));
process.exit(failed ? 1 : 0);

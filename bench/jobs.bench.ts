/**
 * Issue 5, in one run:
 * 1. Latency from `POST /v1/worlds {async: true}` (live key, the embedded `local` provider) to
 *    the verified webhook at a local receiver, against the built app (goal p50 ≤ 1.5 s).
 * 2. Throughput of 200 queued jobs of test-mode size (the mock author plus storing the world)
 *    on the local executor, beside the same work run synchronously (goal: the executor costs
 *    ≤ 25 %, i.e. ≥ 0.75× the synchronous jobs/s).
 */
import http from "node:http";
import { serve } from "inngest/next";
import { verifyWebhook } from "@/lib/webhooks";
import { cli, engines, startNext, table } from "./support";

const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const JOBS = Number(process.env.BENCH_JOBS ?? 200);

async function latency(): Promise<(string | number)[][]> {
  const rows: (string | number)[][] = [];
  const [engine] = await engines();
  const server = await startNext({ ...engine!.env, WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", QUOTA_GENERATION_PER_DAY: "100000" }, 3192);
  const waiting = new Map<string, (at: number) => void>();
  let secret = "";
  const receiver = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const event = verifyWebhook(raw, String(req.headers["service-signature"]), secret);
      waiting.get(String(event.data.jobId))?.(performance.now());
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const boot = await cli<{ userToken: string; appId: string; keys: { sk_live: string } }>(server.env, [
      "bootstrap",
      "--email",
      `bench-${Date.now()}@example.com`,
    ]);
    const hook = await fetch(`${server.url}/v1/apps/${boot.appId}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${boot.userToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`,
        events: ["world.generation.succeeded"],
      }),
    });
    secret = ((await hook.json()) as { secret: string }).secret;
    const times: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES + 2; i++) {
      const started = performance.now();
      const res = await fetch(`${server.url}/v1/worlds`, {
        method: "POST",
        headers: { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" },
        body: JSON.stringify({ premise: `A lighthouse keeper bargains with the tide, take ${i}`, async: true }),
      });
      const { jobId } = (await res.json()) as { jobId: string };
      const deliveredAt = await new Promise<number>((resolve) => waiting.set(jobId, resolve));
      if (i >= 2) times.push(deliveredAt - started); // the first two warm the server up
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)]!;
    rows.push([
      "POST async → verified webhook (local provider)",
      `${times.length} runs`,
      p50.toFixed(0),
      times[times.length - 1]!.toFixed(0),
      p50 <= 1500 ? "pass (p50 ≤ 1500 ms)" : "FAIL (p50 ≤ 1500 ms)",
    ]);
  } finally {
    receiver.close();
    await server.stop();
    await engine!.cleanup();
  }
  return rows;
}

async function throughput(engineName: "embedded" | "postgres"): Promise<(string | number)[][]> {
  const { openTestDatabase } = await import("@/lib/jobs/executor/testing");
  const { createJobsClient } = await import("@/lib/jobs/client");
  const { LocalExecutor } = await import("@/lib/jobs/executor");
  const { mockWorld } = await import("@/lib/kernel");
  const { insertWorld, newWorldId } = await import("@/lib/worlds/worlds");
  const { runCliCommand } = await import("@/lib/cli/commands");
  const database = await openTestDatabase({ postgres: engineName === "postgres" });
  try {
    const boot = (await runCliCommand("bootstrap", { email: `tp-${Date.now()}@example.com` })) as { appId: string };
    const caller = { appId: boot.appId, mode: "test" as const };
    // The work of a test-mode generation: the mock author, then storing the world.
    const author = (i: number) => mockWorld({ premise: `queued world ${i}`, id: newWorldId() });
    const store = async (world: ReturnType<typeof mockWorld>) =>
      (await insertWorld(caller, { id: world.id, graph: world, source: "mock" })).id;

    const syncStarted = performance.now();
    for (let i = 0; i < JOBS; i++) await store(author(i));
    const syncRate = JOBS / ((performance.now() - syncStarted) / 1000);

    const client = createJobsClient("bench");
    let done = 0;
    let allDone: () => void = () => {};
    const finished = new Promise<void>((resolve) => (allDone = resolve));
    const generate = client.createFunction({ id: "bench-generate", triggers: [{ event: "bench/generate" }] }, async ({ event, step }) => {
      const world = await step.run("author", () => author(Number(event.data.i)));
      const id = await step.run("persist", () => store(world as ReturnType<typeof mockWorld>));
      if (++done === JOBS) allDone();
      return id;
    });
    const executor = new LocalExecutor({ route: serve({ client, functions: [generate] }) });
    await executor.start();
    const queuedStarted = performance.now();
    await client.send(Array.from({ length: JOBS }, (_, i) => ({ name: "bench/generate", data: { i } })));
    await finished;
    const queuedRate = JOBS / ((performance.now() - queuedStarted) / 1000);
    await executor.stop();
    const ratio = queuedRate / syncRate;
    return [
      [`${engineName}: ${JOBS} test-size generations, synchronously`, "", syncRate.toFixed(1), "", "(floor)"],
      [
        `${engineName}: ${JOBS} test-size generations, queued on the local executor`,
        "",
        queuedRate.toFixed(1),
        `${ratio.toFixed(2)}× sync`,
        ratio >= 0.75 ? "pass (≥ 0.75× sync)" : "FAIL (≥ 0.75× sync)",
      ],
    ];
  } finally {
    await database.close();
  }
}

const parts = (process.env.BENCH_PARTS ?? "latency,throughput").split(",");
const rows = [
  ...(parts.includes("latency") ? await latency() : []),
  ...(parts.includes("throughput") ? await throughput("embedded") : []),
  ...(parts.includes("throughput") && process.env.TEST_DATABASE_URL ? await throughput("postgres") : []),
];
console.log("\n## Durable jobs (issue 5)\n");
console.log(table(["measure", "samples", "p50 ms / jobs/s", "max ms / ratio", "goal"], rows));
process.exit(0);

// The child processes of bench/sim.bench.ts, so that nothing measured shares an event loop
// with what measures it: `tsx bench/sim-roles.ts <role> <json options>`, one JSON line out.
//   load   — a trainer's loop over HTTP: C connections (keep-alive), each owning B environments
//            and stepping them all in one POST /envs/step with random actions, resetting the
//            ones whose episode ended; counts env-steps.
//   floor  — a node:http server that answers every request with a fixed body of the runner's
//            size (the HTTP floor: no simulation, no parsing beyond reading the body).
//   export — the dataset exporter; reports its true peak RSS (getrusage's ru_maxrss).
import fs from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { exportDataset } from "../lib/sim/export";
import { buildSimWorld } from "../lib/sim/room";
import type { World } from "../lib/kernel";

const [role, raw] = process.argv.slice(2);
const options = JSON.parse(raw ?? "{}") as Record<string, unknown>;
const out = (value: unknown) => process.stdout.write(JSON.stringify(value) + "\n");

interface LoadOptions {
  url: string;
  seconds: number;
  connections: number;
  batch: number;
}

async function runLoad({ url, seconds, connections, batch }: LoadOptions): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const target = new URL(url);
  const call = (method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> =>
    new Promise((resolve, reject) => {
      const text = body === undefined ? "" : JSON.stringify(body);
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          method,
          path,
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(text) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown> }),
          );
        },
      );
      req.on("error", reject);
      req.end(text);
    });
  let seed = 1;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const lanes = await Promise.all(
    Array.from({ length: connections }, async () => {
      const ids: string[] = [];
      for (let i = 0; i < batch; i++) {
        const created = await call("POST", "/envs", { seed: ids.length });
        ids.push(created.body.envId as string);
        await call("POST", `/envs/${created.body.envId}/reset`, {});
      }
      return ids;
    }),
  );
  let envSteps = 0;
  let requests = 0;
  let resets = 0;
  let failures = 0;
  const latencies: number[] = [];
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    lanes.map(async (ids) => {
      while (performance.now() < end) {
        const started = performance.now();
        const res = await call("POST", "/envs/step", { steps: ids.map((envId) => ({ envId, action: Math.floor(rand() * 6) })) });
        latencies.push(performance.now() - started);
        requests++;
        if (res.status !== 200) {
          failures++;
          continue;
        }
        envSteps += ids.length;
        for (const r of res.body.results as Array<{ envId: string; terminated: boolean; truncated: boolean }>) {
          if (r.terminated || r.truncated) {
            resets++;
            await call("POST", `/envs/${r.envId}/reset`, {});
          }
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
  agent.destroy();
  out({ envStepsPerSecond: envSteps / elapsed, requestsPerSecond: requests / elapsed, resets, failures, p50: q(0.5), p99: q(0.99) });
}

function runFloor({ stepBody, resetBody }: { stepBody: string; resetBody: string }): void {
  let next = 1;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const path = req.url ?? "/";
      const body =
        path === "/envs"
          ? JSON.stringify({ envId: `env_${next++}`, schemaVersion: "1.0" })
          : path.endsWith("/reset")
            ? resetBody
            : stepBody;
      res
        .writeHead(path === "/envs" ? 201 : 200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
        .end(body);
    });
  });
  server.listen(0, "127.0.0.1", () => out({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }));
  process.once("SIGTERM", () => server.close(() => process.exit(0)));
}

function runExport({
  worldFile,
  episodes,
  camera,
  maxSteps,
  dir,
}: {
  worldFile: string;
  episodes: number;
  camera: number;
  maxSteps: number;
  dir: string;
}): void {
  const sim = buildSimWorld(JSON.parse(fs.readFileSync(worldFile, "utf8")) as World, { maxSteps });
  const t0 = performance.now();
  const result = exportDataset({ sim, episodes, policy: "random", camera, seed: 1, out: dir });
  const seconds = (performance.now() - t0) / 1000;
  const bytes = result.files.reduce((n, f) => n + fs.statSync(f).size, 0);
  // ru_maxrss: the most this process ever held resident, however briefly (kilobytes on Linux).
  out({ steps: result.steps, seconds, peakRssBytes: process.resourceUsage().maxRSS * 1024, bytes });
}

if (role === "load") await runLoad(options as unknown as LoadOptions);
else if (role === "floor") runFloor(options as { stepBody: string; resetBody: string });
else if (role === "export") runExport(options as Parameters<typeof runExport>[0]);
else throw new Error(`unknown role ${role}`);

// Simulation benchmark (issue 16): `npx tsx bench/sim.bench.ts` (or `npm run bench -- sim`).
// Four lines, each beside a floor in the same run:
//   1. in process, no camera: env-steps/s of lib/sim beside a loop whose env returns a constant
//      observation (goal ≥ 200,000);
//   2. in process, 64×64 camera (goal ≥ 10,000);
//   3. over HTTP, 16 environments a request: the runner as users start it (`worlds sim serve`)
//      loaded by a trainer-like client in another process, beside a node:http server answering
//      the same requests with fixed bodies of the same size (goal ≥ 20,000 env-steps/s). Not
//      autocannon: a trainer owns its environments and resets those whose episode ended, and
//      autocannon clears a connection's context after every request cycle;
//   4. export: 1,000,000 steps without camera (goal ≤ 30 s, peak RSS ≤ 1 GB), and a 64×64
//      camera over 10,000 and 100,000 steps (memory flat: the peaks differ by ≤ 64 MB). Peak RSS
//      is the export process's own ru_maxrss, the true high-water mark.
// Wall-clock rates on a shared machine move with its load (printed); the CPU columns (steps
// per CPU-second of the process doing the work) move much less. Exits 1 when a goal is missed.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { mockWorld } from "../lib/kernel";
import { SimEnv, type StepResult } from "../lib/sim/env";
import { createPolicy } from "../lib/sim/policy";
import { buildSimWorld } from "../lib/sim/room";
import { ROOT, table } from "./support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const BATCH = 16;
const CONNECTIONS = 4;
const MAX_STEPS = 1000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-bench-"));
const world = mockWorld({ premise: "a lighthouse keeper rings a drowned bell in a storm" });
const worldFile = path.join(dir, "world.json");
fs.writeFileSync(worldFile, JSON.stringify(world));
const sim = buildSimWorld(world, { maxSteps: MAX_STEPS });
const load = () => os.loadavg()[0]!.toFixed(1);
console.log(
  `World ${world.id}: ${sim.rooms.size} rooms, ${sim.labels.length} labels; ${os.cpus().length} cores, load ${load()} at the start.`,
);

interface Stepper {
  reset(seed?: number): unknown;
  step(action: number): StepResult;
}

/**
 * The exporter's own roll-out (random policy, seed 1) for `steps` steps: its rate, and for each
 * of `marks` the episodes an export needs to hold at least that many steps.
 */
function rollout(
  env: Stepper,
  steps: number,
  marks: number[] = [],
): { perSecond: number; perCpuSecond: number; episodesFor: Map<number, number> } {
  const policy = createPolicy("random", 1);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  env.reset(1);
  let episodes = 1;
  const episodesFor = new Map<number, number>();
  let last: StepResult | null = null;
  for (let i = 0; i < steps; i++) {
    last = env.step(policy.act(env as SimEnv, last));
    if (marks.includes(i + 1)) episodesFor.set(i + 1, episodes);
    if (last.terminated || last.truncated) {
      episodes++;
      env.reset();
    }
  }
  const cpu = process.cpuUsage(c0);
  return { perSecond: steps / ((performance.now() - t0) / 1000), perCpuSecond: steps / ((cpu.user + cpu.system) / 1e6), episodesFor };
}

/** The floor: the same loop over an env that does nothing and returns a constant observation. */
function floorEnv(camera: number): Stepper {
  const result: StepResult = {
    observation: {
      proximity: [1, 1],
      collision: 0,
      labels: [-1, -1],
      visible: new Uint8Array(sim.labels.length),
      ...(camera > 0 ? { camera: new Uint8Array(camera * camera * 3) } : {}),
    },
    reward: -0.01,
    terminated: false,
    truncated: false,
    info: { state: sim.entrance, steps: 0, event: null },
  };
  return { reset: () => result, step: () => result };
}

const best = <T extends { perSecond: number }>(runs: T[]): T => runs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const verdict = (ok: boolean, goal: string) => `${ok ? "pass" : "FAIL"} (${goal})`;
const rows: (string | number)[][] = [];
let failed = false;
const goal = (ok: boolean) => {
  if (!ok) failed = true;
  return ok;
};

// 1–2. In process. The first no-camera run also counts the episodes of a 1,000,000-step export.
const MILLION = 1_000_000;
const first = rollout(new SimEnv(sim, { seed: 1 }), MILLION, [10_000, 100_000, MILLION]);
const episodesFor = (steps: number) => first.episodesFor.get(steps)!;
const inProcess = best([first, rollout(new SimEnv(sim, { seed: 1 }), MILLION)]);
const floor = best([1, 2, 3].map(() => rollout(floorEnv(0), MILLION)));
const CAMERA_STEPS = 30_000;
const camera = best([1, 2].map(() => rollout(new SimEnv(sim, { seed: 1, camera: 64 }), CAMERA_STEPS)));
const cameraFloor = best([1, 2].map(() => rollout(floorEnv(64), CAMERA_STEPS)));
rows.push(["in process, floor (constant observation)", fmt(floor.perSecond), fmt(floor.perCpuSecond), "1.000", "", ""]);
rows.push([
  "in process, no camera",
  fmt(inProcess.perSecond),
  fmt(inProcess.perCpuSecond),
  (inProcess.perSecond / floor.perSecond).toFixed(3),
  "",
  verdict(goal(inProcess.perSecond >= 200_000), "≥ 200,000/s"),
]);
rows.push(["in process, floor with a 64×64 frame", fmt(cameraFloor.perSecond), fmt(cameraFloor.perCpuSecond), "1.000", "", ""]);
rows.push([
  "in process, 64×64 camera",
  fmt(camera.perSecond),
  fmt(camera.perCpuSecond),
  (camera.perSecond / cameraFloor.perSecond).toFixed(4),
  "",
  verdict(goal(camera.perSecond >= 10_000), "≥ 10,000/s"),
]);

// 3. Over HTTP.
function child(args: string[]): { proc: ChildProcess; line: Promise<unknown> } {
  const proc = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = new Promise<unknown>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve(JSON.parse(out.slice(0, nl)));
    });
    proc.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code} before answering`)));
  });
  return { proc, line };
}
const role = (name: string, options: unknown) => child([path.join(ROOT, "bench/sim-roles.ts"), name, JSON.stringify(options)]);
const stop = (proc: ChildProcess) =>
  new Promise<void>((resolve) => (proc.exitCode !== null ? resolve() : (proc.once("exit", () => resolve()), proc.kill("SIGTERM"))));
/** CPU seconds a process has used so far (utime + stime of /proc/PID/stat). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface LoadLine {
  envStepsPerSecond: number;
  requestsPerSecond: number;
  resets: number;
  failures: number;
  p50: number;
  p99: number;
}
async function measureHttp(url: string, pid: number): Promise<LoadLine & { serverCpuPerBatchUs: number }> {
  await role("load", { url, seconds: 1, connections: CONNECTIONS, batch: BATCH }).line; // warm-up
  const c0 = cpuSeconds(pid);
  const r = (await role("load", { url, seconds: SECONDS, connections: CONNECTIONS, batch: BATCH }).line) as LoadLine;
  const requests = r.requestsPerSecond * SECONDS;
  return { ...r, serverCpuPerBatchUs: ((cpuSeconds(pid) - c0) / requests) * 1e6 };
}

const runner = child(["scripts/worlds.ts", "sim", "serve", "--world", worldFile, "--port", "0", "--max-steps", String(MAX_STEPS)]);
let http: Awaited<ReturnType<typeof measureHttp>>;
let httpFloor: Awaited<ReturnType<typeof measureHttp>>;
try {
  const { url } = (await runner.line) as { url: string };
  // The floor answers with a real batch response and a real reset, captured here.
  const post = (p: string, body: unknown) =>
    fetch(url + p, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.text());
  const ids: string[] = [];
  for (let i = 0; i < BATCH; i++) ids.push((JSON.parse(await post("/envs", {})) as { envId: string }).envId);
  let resetBody = "";
  for (const id of ids) resetBody = await post(`/envs/${id}/reset`, {});
  const stepBody = await post("/envs/step", { steps: ids.map((envId) => ({ envId, action: 1 })) });
  http = await measureHttp(url, runner.proc.pid!);
  const floorServer = role("floor", { stepBody, resetBody });
  try {
    httpFloor = await measureHttp(((await floorServer.line) as { url: string }).url, floorServer.proc.pid!);
  } finally {
    await stop(floorServer.proc);
  }
} finally {
  await stop(runner.proc);
}
const httpRow = (name: string, r: typeof http, ratio: string, result: string) => [
  name,
  fmt(r.envStepsPerSecond),
  fmt((BATCH * 1e6) / r.serverCpuPerBatchUs),
  ratio,
  `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)} ms; ${r.failures} failed`,
  result,
];
rows.push(httpRow("HTTP ×16, floor (fixed bodies)", httpFloor, "1.000", ""));
rows.push(
  httpRow(
    "HTTP ×16, sim serve",
    http,
    (http.envStepsPerSecond / httpFloor.envStepsPerSecond).toFixed(3),
    verdict(goal(http.envStepsPerSecond >= 20_000 && http.failures === 0), "≥ 20,000/s"),
  ),
);

// 4. Exports, each in its own process (peak RSS is that process's).
interface ExportLine {
  steps: number;
  seconds: number;
  peakRssBytes: number;
  bytes: number;
}
const exportRun = async (episodes: number, cam: number): Promise<ExportLine> => {
  const out = path.join(dir, `export-${episodes}-${cam}`);
  try {
    return (await role("export", { worldFile, episodes, camera: cam, maxSteps: MAX_STEPS, dir: out }).line) as ExportLine;
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
};
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
const exportRows: (string | number)[][] = [];
try {
  const big = await exportRun(episodesFor(MILLION), 0);
  exportRows.push([
    "1,000,000 steps, no camera",
    fmt(big.steps),
    big.seconds.toFixed(1),
    mb(big.peakRssBytes),
    mb(big.bytes),
    verdict(goal(big.steps >= MILLION && big.seconds <= 30 && big.peakRssBytes <= 2 ** 30), "≤ 30 s, peak ≤ 1 GB"),
  ]);
  // The same roll-out with a camera (the camera changes no step): 10,000 steps, then 100,000.
  const small = await exportRun(episodesFor(10_000), 64);
  const large = await exportRun(episodesFor(100_000), 64);
  exportRows.push(["64×64 camera, ~10,000 steps", fmt(small.steps), small.seconds.toFixed(1), mb(small.peakRssBytes), mb(small.bytes), ""]);
  const flat = large.peakRssBytes - small.peakRssBytes <= 64 * 2 ** 20;
  exportRows.push([
    "64×64 camera, ~100,000 steps",
    fmt(large.steps),
    large.seconds.toFixed(1),
    mb(large.peakRssBytes),
    mb(large.bytes),
    verdict(goal(large.steps >= 100_000 && flat), "peak within 64 MB of the 10,000-step one"),
  ]);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log("\n## Simulation throughput (issue 16)\n");
console.log(table(["run", "env-steps/s", "per CPU-second", "× floor", "latency p50 / p99", "goal"], rows));
console.log("\n## Dataset export (issue 16)\n");
console.log(table(["export", "steps", "seconds", "peak RSS", "files", "goal"], exportRows));
console.log(
  `\nLoad at the end: ${load()} on ${os.cpus().length} cores. HTTP "per CPU-second" is env-steps per CPU-second of the server process; the load client runs in its own process.`,
);
if (failed) process.exitCode = 1;

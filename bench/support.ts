/** Shared pieces of the benchmarks: a real `next start` server and an HTTP load generator. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "..");

export interface Engine {
  name: "embedded" | "postgres";
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** The engines to measure: always the embedded one, PostgreSQL when BENCH_DATABASE_URL is reachable. */
export async function engines(): Promise<Engine[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-bench-"));
  const list: Engine[] = [
    { name: "embedded", env: { DATA_DIR: dir }, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) },
  ];
  const base = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  try {
    const name = `worlds_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-bench-pg-"));
    list.push({
      name: "postgres",
      env: { DATA_DIR: pgDir, DATABASE_URL: url.toString() },
      async cleanup() {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
        fs.rmSync(pgDir, { recursive: true, force: true });
      },
    });
  } catch (error) {
    console.error(`PostgreSQL not reachable (${String(error)}); measuring the embedded engine only.`);
  }
  return list;
}

export interface RunningServer {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Starts the built app (`next build` must have run) and waits until it answers. */
export async function startNext(env: Record<string, string>, port: number): Promise<RunningServer> {
  const fullEnv = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: "warn",
    RATE_LIMIT_LIVE_PER_SECOND: "1000000",
    RATE_LIMIT_LIVE_BURST: "1000000",
    RATE_LIMIT_TEST_PER_SECOND: "1000000",
    RATE_LIMIT_TEST_BURST: "1000000",
    ...env,
  };
  // BENCH_CPU_PROF_DIR=<dir>: the server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, or sum self time by file), to find where a request's time goes.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, path.join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port)],
    { cwd: ROOT, env: fullEnv, stdio: ["ignore", "ignore", "inherit"] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    env: fullEnv as Record<string, string>,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs a command of the project's CLI against a server's environment; returns its JSON output. */
export async function cli<T>(env: Record<string, string>, args: string[]): Promise<T> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/worlds.ts", ...args, "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.pipe(process.stderr);
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`worlds ${args.join(" ")} exited with ${code}`);
  return JSON.parse(out.trim()) as T;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Mean latency in ms, with decimals (autocannon's percentiles are whole milliseconds). */
  mean: number;
  non2xx: number;
}

export async function load(
  url: string,
  options: { headers?: Record<string, string>; method?: string; body?: string; seconds?: number; connections?: number } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: (options.method ?? "GET") as "GET",
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 6),
    connections: options.connections ?? 10,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    non2xx: result.non2xx,
  };
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

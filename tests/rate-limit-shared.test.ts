/**
 * One rate limit per deployment (docs/reliability.md "Rate limits"): two app servers on one
 * PostgreSQL database and one Redis draw on one token bucket per key, so 200 requests of one test
 * key spread over both let through the bucket's burst plus its refill, not twice that; with Redis
 * gone every request is still answered, 200 or 429, never a 5xx (each server falls back to its
 * memory). The Redis is a private `redis-server` this test starts and stops (the machine's own is
 * never touched); the database a throwaway one on the machine's PostgreSQL.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "@/lib/jobs/executor/testing";
import { bootstrapThrough, startServerProcess, type ServerProcess } from "./support/server-process";

const PG = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const RATE = 25;
const BURST = 50;

function available(): string | null {
  if (spawnSync("redis-server", ["--version"]).status !== 0) return "redis-server is not installed";
  if (spawnSync("pg_isready", ["-q", "-h", "127.0.0.1", "-p", "5432"]).status !== 0) return "PostgreSQL is not running on 127.0.0.1:5432";
  return null;
}
const missing = available();
// CI starts both (.ci/run): there, a missing one is a failure, not a skip.
if (missing && process.env.CI) throw new Error(`tests/rate-limit-shared.test.ts needs ${missing}`);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (up) return redis;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the test's redis-server did not start");
}

let redis: ChildProcess | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
const servers: ServerProcess[] = [];
let dataDir: string;
let key: string;

beforeAll(async () => {
  if (missing) return;
  const redisPort = await freePort();
  redis = await startRedis(redisPort);
  database = await createPostgresDatabase(PG);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-shared-limit-"));
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    RATE_LIMIT_TEST_PER_SECOND: String(RATE),
    RATE_LIMIT_TEST_BURST: String(BURST),
    LOG_LEVEL: "error",
  };
  // One after the other: the first writes the shared secrets file both read.
  servers.push(await startServerProcess(dataDir, env));
  servers.push(await startServerProcess(dataDir, env));
  key = ((await bootstrapThrough(servers[0]!.url, dataDir)) as { keys: { sk_test: string } }).keys.sk_test;
  // A first request on each server connects its Redis client (a real server connects at start).
  const warm = ((await bootstrapThrough(servers[0]!.url, dataDir)) as { keys: { sk_test: string } }).keys.sk_test;
  for (const server of servers) await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${warm}` } });
  await new Promise((resolve) => setTimeout(resolve, 500));
}, 120_000);

afterAll(async () => {
  for (const server of servers) await server.kill();
  redis?.kill("SIGKILL");
  await database?.drop().catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** 200 GET /v1/usage with one key, alternating servers, spread over about 2 s; their statuses and the time they took. */
async function burst(token: string): Promise<{ statuses: number[]; seconds: number }> {
  const started = performance.now();
  const pending: Promise<number>[] = [];
  for (let i = 0; i < 200; i++) {
    const server = servers[i % 2]!;
    pending.push(
      fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      }),
    );
    // 100 requests a second: the whole run takes about 2 s.
    const due = started + (i + 1) * 10;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  const statuses = await Promise.all(pending);
  return { statuses, seconds: (performance.now() - started) / 1000 };
}

describe.skipIf(missing !== null)("two app servers, one PostgreSQL, one Redis", () => {
  it("let 200 requests of one test key through one bucket: its burst plus its refill (± 10 %)", async () => {
    const { statuses, seconds } = await burst(key);
    const allowed = statuses.filter((s) => s === 200).length;
    expect(
      statuses.every((s) => s === 200 || s === 429),
      statuses.join(","),
    ).toBe(true);
    const bucket = BURST + RATE * seconds;
    console.log(`shared bucket: ${allowed} of 200 allowed in ${seconds.toFixed(2)} s (one bucket allows about ${bucket.toFixed(0)})`);
    expect(allowed, `${allowed} allowed in ${seconds.toFixed(2)} s; one bucket allows about ${bucket.toFixed(0)}`).toBeLessThanOrEqual(
      Math.ceil(bucket * 1.1),
    );
    expect(allowed).toBeGreaterThanOrEqual(Math.floor(bucket * 0.9));
  });

  it("answer every request with Redis stopped, 200 or 429, never a 5xx", async () => {
    redis!.kill("SIGKILL");
    await new Promise((resolve) => redis!.once("exit", resolve));
    const fresh = ((await bootstrapThrough(servers[0]!.url, dataDir)) as { keys: { sk_test: string } }).keys.sk_test;
    const { statuses } = await burst(fresh);
    expect(
      statuses.filter((s) => s !== 200 && s !== 429),
      statuses.join(","),
    ).toEqual([]);
    console.log(
      `Redis stopped: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 429).length} × 429, nothing else`,
    );
    // Each server counts in its own memory now: at least one bucket's worth got through.
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(BURST);
  });
});

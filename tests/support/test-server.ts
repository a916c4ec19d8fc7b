/**
 * Integration tests drive the real route handlers over real HTTP: a node http server routes
 * each request, as Next's App Router would, to the `route.ts` module of `app/` that matches,
 * on a fresh database (a temporary embedded one, or a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set), cloned from a migrated template (./databases.ts). The files of the
 * "apps" Vitest project share their worker's modules (vitest.config.ts): one file's server is
 * closed, its settings put back, before the next file's starts.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { createTestPostgresDatabase, prepareEmbeddedDatabase } from "./databases";

const APP_DIR = path.resolve(import.meta.dirname, "../../app");

interface RouteFile {
  segments: string[];
  file: string;
}

function findRouteFiles(dir: string, segments: string[] = []): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      // Route groups `(name)` do not appear in the URL.
      const next = /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name];
      found.push(...findRouteFiles(path.join(dir, entry.name), next));
    } else if (entry.name === "route.ts") {
      found.push({ segments, file: path.join(dir, entry.name) });
    }
  }
  return found;
}

/** Matches Next's precedence: a static segment beats `[param]`, which beats `[...catchAll]`. */
function match(route: RouteFile, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
    if (catchAll) {
      if (i >= parts.length) return null;
      params[catchAll[1]!] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    const dynamic = /^\[(.+)\]$/.exec(segment);
    if (dynamic) params[dynamic[1]!] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return route.segments.length === parts.length ? params : null;
}

const rank = (route: RouteFile) => route.segments.map((s) => (s.startsWith("[...") ? "2" : s.startsWith("[") ? "1" : "0")).join("");

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface TestServer {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Settings for this server (merged into process.env). */
  env?: Record<string, string>;
  /** An existing data folder to serve (kept on close); default a fresh temporary one. */
  dataDir?: string;
  port?: number;
}

/** Servers started in this process so far: each stands for a client address of its own. */
let started = 0;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  // Restored on close: files that share a worker (and its process.env) must not see each other's settings.
  const envBefore = { ...process.env };
  const keepData = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "worlds-test-"));
  const pgBase = process.env.TEST_DATABASE_URL;
  const database = pgBase && !options.env?.DATABASE_URL ? await createTestPostgresDatabase(pgBase) : undefined;
  if (!database && !options.env?.DATABASE_URL) await prepareEmbeddedDatabase(dataDir);
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    RATE_LIMIT_LIVE_PER_SECOND: "1000",
    RATE_LIMIT_LIVE_BURST: "1000",
    RATE_LIMIT_TEST_PER_SECOND: "1000",
    RATE_LIMIT_TEST_BURST: "1000",
    ...options.env,
  });
  if (database) process.env.DATABASE_URL = database.url;
  else if (!options.env?.DATABASE_URL) delete process.env.DATABASE_URL;
  // Jobs run on the local executor, as on the embedded default.
  for (const name of ["INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_DEV"]) delete process.env[name];

  const { resetEnvCache } = await import("@/lib/config/env");
  const { resetSecretsCache } = await import("@/lib/config/secrets");
  const { closeDb, getDb } = await import("@/lib/db");
  resetEnvCache();
  resetSecretsCache();
  await getDb();

  // The per-address limits (sign-ups, player ids, likes) count in this process's memory and outlive
  // a server: each server's requests come from an address of their own (the first 127.0.0.1), so a
  // file that spends an address's allowance leaves the next file in its worker a full one.
  const n = started++;
  const clientAddress = `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const routes = findRouteFiles(APP_DIR).sort((a, b) => rank(a).localeCompare(rank(b)));
  let port = 0;
  const server = http.createServer(async (req, res) => {
    try {
      // As `next start` does: the request's URL names the server itself (`localhost:<port>`,
      // https only when X-Forwarded-Proto says so), never the Host the client sent, and the
      // X-Forwarded-* headers a proxy did not set are filled from the connection (the address: this
      // server's own, above).
      const forwardedProto = String(req.headers["x-forwarded-proto"] ?? "");
      const url = new URL(req.url ?? "/", `${forwardedProto.includes("https") ? "https" : "http"}://localhost:${port}`);
      req.headers["x-forwarded-host"] ??= req.headers.host;
      req.headers["x-forwarded-port"] ??= String(port);
      req.headers["x-forwarded-proto"] ??= "http";
      req.headers["x-forwarded-for"] ??= clientAddress;
      const parts = url.pathname.split("/").filter(Boolean);
      const found = routes.map((route) => ({ route, params: match(route, parts) })).find((m) => m.params);
      if (!found) {
        res.writeHead(404).end();
        return;
      }
      const mod = (await import(found.route.file)) as Record<string, unknown>;
      const handler = mod[req.method ?? "GET"] as ((r: NextRequest, c: unknown) => Promise<Response>) | undefined;
      if (!handler) {
        res.writeHead(405).end();
        return;
      }
      const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      }
      const request = new NextRequest(url, { method: req.method, headers, body: body && body.length ? new Uint8Array(body) : undefined });
      const response = await handler(request, { params: Promise.resolve(found.params) });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      // The wrapper turns every failure into a response; reaching here is a harness bug.
      res.writeHead(599, { "content-type": "text/plain" }).end(String((error as Error).stack));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  ({ port } = server.address() as { port: number });
  const { startLocalExecutor, stopLocalExecutor } = await import("@/lib/jobs/executor");
  await startLocalExecutor({ route: () => import("@/app/api/inngest/route") });
  // As the server's start (lib/server/start.ts) does.
  await (await import("@/lib/webhooks")).requeueStrandedDeliveries();

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await stopLocalExecutor();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeDb();
      await database?.drop();
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      for (const name of Object.keys(process.env)) if (!(name in envBefore)) delete process.env[name];
      Object.assign(process.env, envBefore);
      resetEnvCache();
      resetSecretsCache();
    },
  };
}

import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The CLI as an operator runs it: a separate process on a DATA_DIR, with no server, and with a
// "server" owning the folder (the command must then go to the owner, not open the database).
const ROOT = path.resolve(import.meta.dirname, "..");
const dirs: string[] = [];

function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-cli-"));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function worlds(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/worlds.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", LOG_LEVEL: "warn", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

describe("npm run worlds", () => {
  it("bootstraps twice on the embedded database, printing exactly one JSON line each time", async () => {
    const env = { DATA_DIR: tempDataDir() };
    const first = await worlds(["bootstrap", "--email", "ops@example.com", "--json"], env);
    const second = await worlds(["bootstrap", "--email", "ops@example.com", "--app-name", "Second", "--json"], env);
    for (const run of [first, second]) {
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout.trim().split("\n")).toHaveLength(1);
      const out = JSON.parse(run.stdout);
      expect(Object.keys(out).sort()).toEqual(["appId", "email", "keys", "userId", "userToken"]);
      expect(out.keys.sk_test).toMatch(/^sk_test_/);
      expect(out.keys.pk_test).toMatch(/^pk_test_/);
      expect(out.keys.sk_live).toMatch(/^sk_live_/);
      expect(out.keys.pk_live).toMatch(/^pk_live_/);
    }
    const [a, b] = [JSON.parse(first.stdout), JSON.parse(second.stdout)];
    expect(b.userId).toBe(a.userId);
    expect(b.appId).not.toBe(a.appId);

    const list = await worlds(["keys", "list", "--app", a.appId, "--json"], env);
    expect(JSON.parse(list.stdout).keys).toHaveLength(4);
    expect(list.stdout).not.toContain(a.keys.sk_live);
  }, 60_000);

  it("sends the command to the server that owns the data folder", async () => {
    const dataDir = tempDataDir();
    const secrets = {
      authSecret: "a".repeat(64),
      sessionTokenSecret: "b".repeat(64),
      inngestSigningKey: "signkey-prod-x",
      cliToken: "c".repeat(64),
    };
    fs.writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify(secrets));
    const received: { auth?: string; body: string }[] = [];
    const owner = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: { apps: [] }, schemaVersion: "1.0" }));
      });
    });
    await new Promise<void>((resolve) => owner.listen(0, "127.0.0.1", resolve));
    const { port } = owner.address() as { port: number };
    // This test process plays the server: alive, with a URL.
    fs.writeFileSync(
      path.join(dataDir, "owner.json"),
      JSON.stringify({ pid: process.pid, url: `http://127.0.0.1:${port}`, startedAt: new Date().toISOString() }),
    );
    try {
      const run = await worlds(["apps", "list", "--json"], { DATA_DIR: dataDir });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ apps: [] });
      expect(received).toHaveLength(1);
      expect(received[0]!.auth).toBe(`Bearer ${secrets.cliToken}`);
      expect(JSON.parse(received[0]!.body)).toEqual({ command: "apps list", args: {} });
      // The CLI never opened the folder itself.
      expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
    } finally {
      owner.close();
    }
  }, 60_000);

  it("explains bad usage", async () => {
    const env = { DATA_DIR: tempDataDir() };
    const unknown = await worlds(["frobnicate"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown command");
    const invalid = await worlds(["quota", "set", "--app", "nope", "--kind", "gold", "--daily=-1"], env);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/--app/);
    expect(invalid.stderr).toMatch(/--kind/);
    const help = await worlds(["--help"], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("bootstrap --email");
  }, 60_000);
});

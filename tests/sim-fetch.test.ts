import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildSimWorld } from "@/lib/sim";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { api, importSmall, other, server, sk, withWorldsServer } from "./support/worlds";

// `npm run worlds -- sim serve|export --world <worldId> --key sk_… --base-url URL`: the world is
// fetched from the app's API (the real route handlers, on a fresh database), as a user does it
// from the machine next to their trainer. Every refusal exits 2 with the reason.
withWorldsServer();
const ROOT = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-fetch-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function worlds(args: string[]): ChildProcess {
  return spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/worlds.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
}

function finished(child: ChildProcess): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

const small = buildSimWorld(makeSmallWorld());

describe("sim with a world id and a key", () => {
  it("exports a world fetched from the API", async () => {
    const worldId = await importSmall();
    const out = path.join(dir, "export");
    const run = await finished(
      worlds([
        "sim",
        "export",
        "--world",
        worldId,
        "--key",
        sk(),
        "--base-url",
        `${server.url}/`,
        "--episodes",
        "2",
        "--max-steps",
        "30",
        "--out",
        out,
      ]),
    );
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { episodes: number; steps: number; labels: string[] };
    expect(result).toMatchObject({ episodes: 2, labels: small.labels });
    expect(fs.readFileSync(path.join(out, "episodes.jsonl"), "utf8").trim().split("\n")).toHaveLength(result.steps);
  }, 60_000);

  it("serves a world fetched from the API", async () => {
    const worldId = await importSmall();
    const runner = worlds(["sim", "serve", "--world", worldId, "--key", sk(), "--base-url", server.url, "--port", "0"]);
    const done = finished(runner);
    try {
      const ready = await new Promise<{ url: string; world: string; states: number }>((resolve, reject) => {
        let out = "";
        runner.stdout!.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]!) as { url: string; world: string; states: number });
        });
        runner.once("exit", (code) => reject(new Error(`sim serve exited with ${code}`)));
      });
      expect(ready).toMatchObject({ world: worldId, states: 3 });
      const spec = (await (await fetch(`${ready.url}/spec`)).json()) as { labels: string[] };
      expect(spec.labels).toEqual(small.labels);
    } finally {
      runner.kill("SIGTERM");
    }
    expect((await done).code).toBe(0);
  }, 60_000);

  it.each([
    ["a key that is not one", () => ["--key", "sk_test_nope"], "401"],
    ["another app's world", () => ["--key", other.keys.sk_test], "404"],
    ["no key", () => [], "needs --key"],
  ])(
    "refuses %s with exit code 2",
    async (_, extra, message) => {
      const worldId = await importSmall();
      const run = await finished(
        worlds([
          "sim",
          "export",
          "--world",
          worldId,
          ...extra(),
          "--base-url",
          server.url,
          "--episodes",
          "1",
          "--out",
          path.join(dir, "refused"),
        ]),
      );
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(message);
      expect(fs.existsSync(path.join(dir, "refused"))).toBe(false);
    },
    60_000,
  );

  it("refuses an unknown world id and an unreachable API", async () => {
    const unknown = await finished(
      worlds([
        "sim",
        "export",
        "--world",
        "wld_missing",
        "--key",
        sk(),
        "--base-url",
        server.url,
        "--episodes",
        "1",
        "--out",
        path.join(dir, "x"),
      ]),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("404");
    const closed = await finished(
      worlds([
        "sim",
        "export",
        "--world",
        "wld_missing",
        "--key",
        sk(),
        "--base-url",
        "http://127.0.0.1:9",
        "--episodes",
        "1",
        "--out",
        path.join(dir, "x"),
      ]),
    );
    expect(closed.code).toBe(2);
    expect(closed.stderr).toContain("Cannot reach http://127.0.0.1:9/v1/worlds/wld_missing");
    // The API itself is fine: the world it holds is there for the right key.
    expect((await api.get(`/v1/worlds/${await importSmall()}`, sk())).status).toBe(200);
  }, 60_000);
});

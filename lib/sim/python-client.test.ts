import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { buildSimWorld } from "./room";

// The Python client as a trainer uses it: `clients/python/example.py` (python3 and numpy only,
// as Debian ships them; scripts/ensure-system-packages.sh installs numpy) against a runner
// started with `npm run worlds -- sim serve`, checking an export made with `sim export`.
const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-python-"));
const worldFile = path.join(dir, "small.json");
let runner: ChildProcess | undefined;
let url = "";

function worlds(args: string[]): ChildProcess {
  return spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/worlds.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
}

function run(child: ChildProcess): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

beforeAll(async () => {
  try {
    execFileSync("python3", ["-c", "import numpy"], { stdio: "ignore" });
  } catch {
    throw new Error("python3 with numpy is required: apt-get install -y python3-numpy (scripts/ensure-system-packages.sh does it)");
  }
  fs.writeFileSync(worldFile, JSON.stringify(makeSmallWorld()));
  runner = worlds(["sim", "serve", "--world", worldFile, "--port", "0"]);
  url = await new Promise<string>((resolve, reject) => {
    let out = "";
    runner!.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve((JSON.parse(out.split("\n")[0]!) as { url: string }).url);
    });
    runner!.once("exit", (code) => reject(new Error(`sim serve exited with ${code}`)));
  });
});
afterAll(async () => {
  if (runner && runner.exitCode === null) {
    const exited = new Promise((resolve) => runner!.once("exit", resolve));
    runner.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("clients/python/example.py", () => {
  it("resets, takes 1,000 random steps in the runner's declared spaces, walks to an ending, and reads an export", async () => {
    const out = path.join(dir, "dataset");
    const exported = await run(
      worlds(["sim", "export", "--world", worldFile, "--episodes", "3", "--camera", "8", "--seed", "2", "--out", out]),
    );
    expect(exported.code, exported.stderr).toBe(0);
    const steps = (JSON.parse(exported.stdout) as { steps: number }).steps;

    const example = await run(
      spawn("python3", [path.join(ROOT, "clients/python/example.py"), "--url", url, "--dataset", out], { cwd: dir }),
    );
    expect(example.code, example.stdout + example.stderr).toBe(0);
    expect(example.stdout).toContain("random: 1000 steps");
    const k = buildSimWorld(makeSmallWorld()).labels.length;
    expect(example.stdout).toContain(`keys proximity (2,) float32, collision () uint8, labels (2,) int16, visible (${k},) uint8`);
    expect(example.stdout).toMatch(/scripted: terminated in \d+ steps at 'end' \(go -> b; finish -> end\), last reward \+0\.99/);
    expect(example.stdout).toContain(`dataset: ${steps} steps in 3 episode(s), 10 arrays as documented`);
    expect(example.stdout.trim().endsWith("example: ok")).toBe(true);
  }, 120_000);

  it("fails when the export does not match the runner's world", async () => {
    // An export of another world has another label count: the example must say so and exit 1.
    const other = path.join(dir, "other.json");
    const world = makeSmallWorld();
    world.scene.events.push({ from: "b", name: "wave", base: "{hero} waves", detail: "a wave", hotkey: "w" });
    fs.writeFileSync(other, JSON.stringify(world));
    const out = path.join(dir, "other-dataset");
    const exported = await run(worlds(["sim", "export", "--world", other, "--episodes", "1", "--out", out]));
    expect(exported.code, exported.stderr).toBe(0);
    const example = await run(
      spawn("python3", [path.join(ROOT, "clients/python/example.py"), "--url", url, "--dataset", out, "--steps", "10"], { cwd: dir }),
    );
    expect(example.code).toBe(1);
    expect(example.stderr).toContain("FAILED: dataset.npz arrays");
  }, 120_000);
});

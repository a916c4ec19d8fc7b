import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { npyHeader } from "./npz";

// `npm run worlds -- sim export` as a user runs it, read back by numpy. Needs python3 with
// numpy (Debian: `apt-get install -y python3-numpy`); CI installs it.
const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sim-export-"));
const worldFile = path.join(dir, "small.json");

function hasNumpy(): boolean {
  try {
    execFileSync("python3", ["-c", "import numpy"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function worlds(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/worlds.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

beforeAll(() => {
  if (!hasNumpy()) throw new Error("python3 with numpy is required: apt-get install -y python3-numpy");
  fs.writeFileSync(worldFile, JSON.stringify(makeSmallWorld()));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npy header", () => {
  it("is NPY 1.0, padded to 64 bytes, ending in a newline", () => {
    const h = npyHeader("<f4", [3, 2]);
    expect(h.length % 64).toBe(0);
    const text = Buffer.from(h).toString("latin1");
    expect(text.slice(1, 6)).toBe("NUMPY");
    expect(text).toContain("'descr': '<f4', 'fortran_order': False, 'shape': (3, 2), }");
    expect(text.endsWith("\n")).toBe(true);
    expect(Buffer.from(npyHeader("|b1", [5])).toString("latin1")).toContain("'shape': (5,)");
  });
});

describe("npm run worlds -- sim export", () => {
  it("writes JSONL and an NPZ numpy reads, agreeing step for step; the same seed gives the same bytes", async () => {
    const out = (name: string) => path.join(dir, name);
    const args = (seed: string, to: string) => [
      "sim",
      "export",
      "--world",
      worldFile,
      "--episodes",
      "3",
      "--policy",
      "explore",
      "--camera",
      "8",
      "--seed",
      seed,
      "--out",
      to,
    ];
    const runs = await Promise.all([worlds(args("5", out("a"))), worlds(args("5", out("b"))), worlds(args("6", out("c")))]);
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const bytes = (d: string, f: string) => fs.readFileSync(path.join(out(d), f));
    expect(bytes("a", "dataset.npz").equals(bytes("b", "dataset.npz"))).toBe(true);
    expect(bytes("a", "episodes.jsonl").equals(bytes("b", "episodes.jsonl"))).toBe(true);
    expect(bytes("a", "dataset.npz").equals(bytes("c", "dataset.npz"))).toBe(false);
    expect(fs.readdirSync(out("a")).sort()).toEqual(["dataset.npz", "episodes.jsonl"]);

    const check = `
import json, base64, sys, numpy as np
d = np.load(sys.argv[1] + "/dataset.npz")
rows = [json.loads(l) for l in open(sys.argv[1] + "/episodes.jsonl")]
T, K = len(rows), ${JSON.stringify(JSON.parse(runs[0]!.stdout).labels.length)}
want = {"proximity": ((T, 2), "float32"), "collision": ((T,), "uint8"), "labels": ((T, 2), "int16"), "visible": ((T, K), "uint8"),
        "camera": ((T, 8, 8, 3), "uint8"), "actions": ((T,), "int64"), "rewards": ((T,), "float32"), "terminations": ((T,), "bool"),
        "truncations": ((T,), "bool"), "episode": ((T,), "int32")}
got = {k: (d[k].shape, str(d[k].dtype)) for k in d.files}
assert got == want, (got, want)
for t, r in enumerate(rows):
    o = r["observation"]
    assert np.allclose(d["proximity"][t], o["proximity"], atol=1e-6), t
    assert d["collision"][t] == o["collision"] and list(d["labels"][t]) == o["labels"] and list(d["visible"][t]) == o["visible"], t
    assert d["camera"][t].tobytes() == base64.b64decode(o["camera"]), t
    assert d["actions"][t] == r["action"] and abs(d["rewards"][t] - r["reward"]) < 1e-6, t
    assert d["terminations"][t] == r["terminated"] and d["truncations"][t] == r["truncated"] and d["episode"][t] == r["episode"], t
assert d["terminations"].sum() + d["truncations"].sum() == 3 and d["episode"][-1] == 2
print(T)
`;
    const steps = Number(execFileSync("python3", ["-c", check, out("a")], { encoding: "utf8" }).trim());
    expect(steps).toBe(JSON.parse(runs[0]!.stdout).steps);
  }, 120_000);

  it("refuses a world that fails the gate, and bad options, with exit code 2", async () => {
    const broken = path.join(dir, "broken.json");
    const world = makeSmallWorld();
    world.scene.events.push({ from: "a", to: "nowhere", name: "lost", base: "x", detail: "y", hotkey: "9" });
    fs.writeFileSync(broken, JSON.stringify(world));
    const gate = await worlds(["sim", "export", "--world", broken, "--episodes", "1", "--out", path.join(dir, "x")]);
    expect(gate.code).toBe(2);
    expect(gate.stderr).toContain("fails the gate");
    const bad = await worlds(["sim", "export", "--world", worldFile, "--episodes", "0", "--out", path.join(dir, "y")]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--episodes");
  }, 60_000);
});

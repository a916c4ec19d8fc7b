// Kernel benchmark: `npx tsx bench/kernel.bench.ts`. Prints a markdown table; exits 1 when a
// goal is missed. Not a test: timings vary by machine, so nothing here runs under vitest.
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { applyOps, hasErrors, parseWorld, validateWorld, type Op, type World } from "../lib/kernel/index";
import { makeLargeWorld } from "../lib/kernel/fixtures";

export interface BenchRow {
  name: string;
  medianMs: number;
  p99Ms: number;
  ratio: number;
  goal: string;
  pass: boolean | null;
}

function measure(fn: () => unknown, iterations: number, warmup: number): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

function quantile(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

/** 50 ops that all apply and leave the world gate-clean: edits, adds, deletes, a rename. */
export function makeBatch(world: World): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < 10; i++)
    ops.push({ op: "update_state", id: `state-${i * 7}`, patch: { base: `{hero} revisits a changed room ${i}` } });
  for (let i = 0; i < 10; i++)
    ops.push({ op: "update_event", from: `state-${i * 11}`, name: "leap", patch: { detail: `a new detail ${i}`, hotkey: "x" } });
  for (let i = 0; i < 5; i++) ops.push({ op: "delete_event", from: `state-${100 + i}`, name: "wander" });
  for (let i = 0; i < 5; i++) {
    ops.push({
      op: "add_event",
      from: `state-${200 + i}`,
      to: `state-${300 + i}`,
      name: "shortcut",
      base: "{hero} finds a shortcut",
      detail: "a door behind the curtain",
      hotkey: "s",
    });
  }
  for (let i = 0; i < 5; i++)
    ops.push({ op: "add_variant", state: `state-${i * 3 + 1}`, variant: { id: "dawn", label: "At dawn", base: "{hero} at dawn" } });
  for (let i = 0; i < 5; i++) ops.push({ op: "remove_variant", state: `state-${i * 5}`, id: "night" });
  ops.push({ op: "update_state", id: "state-250", patch: { id: "state-250-renamed" } });
  ops.push({ op: "update_state", id: "state-10", patch: { camera: { static: "low angle" }, ambient: ["rain on glass"] } });
  ops.push({ op: "set_entrance", image: { label: "A new first light" } });
  ops.push({ op: "set_subject_ref", imageUrl: "https://example.test/hero-2.png" });
  ops.push({ op: "update_event", from: "state-3", name: "onward", patch: { base: "{hero} presses onward" } });
  ops.push({ op: "update_event", from: "state-4", name: "onward", patch: { base: "{hero} presses onward" } });
  ops.push({ op: "update_state", id: "state-12", patch: { ending: { title: "unused" } } });
  ops.push({ op: "update_state", id: "state-13", patch: { slots: null } });
  ops.push({ op: "update_event", from: "state-5", name: "onward", patch: { name: "forward" } });
  ops.push({ op: "update_event", from: "state-6", name: "onward", patch: { name: "forward" } });
  if (ops.length !== 50) throw new Error(`batch has ${ops.length} ops`);
  if (world.scene.events.length === 0) throw new Error("empty world");
  return ops;
}

export function runKernelBench(iterations = 300): BenchRow[] {
  const world = makeLargeWorld();
  const json = JSON.stringify(world);
  const batch = makeBatch(world);

  // Sanity: the bench world and the batch are what they claim to be.
  const diags = validateWorld(world);
  if (diags.length > 0) throw new Error(`bench world is not clean: ${JSON.stringify(diags.slice(0, 3))}`);
  const applied = applyOps(world, batch);
  if (applied.applyErrors.length > 0 || hasErrors(validateWorld(applied.world))) {
    throw new Error(`bench batch failed: ${applied.applyErrors.join("; ")}`);
  }

  const warmup = Math.max(20, Math.floor(iterations / 5));
  const floor = measure(() => JSON.parse(JSON.stringify(world)), iterations, warmup);
  const gate = measure(() => validateWorld(world), iterations, warmup);
  const opsGate = measure(() => validateWorld(applyOps(world, batch).world), iterations, warmup);
  const parse = measure(() => parseWorld(JSON.parse(json)), Math.max(30, iterations / 5), 10);

  const floorMedian = quantile(floor, 0.5);
  const row = (name: string, s: number[], goal: string, pass: boolean | null): BenchRow => ({
    name,
    medianMs: quantile(s, 0.5),
    p99Ms: quantile(s, 0.99),
    ratio: quantile(s, 0.5) / floorMedian,
    goal,
    pass,
  });
  const gateMedian = quantile(gate, 0.5);
  return [
    row("floor: JSON.parse(JSON.stringify(world))", floor, "(reference)", null),
    row("validateWorld (gate)", gate, "median ≤ 5 ms and ≤ 2× floor", gateMedian <= 5 && gateMedian <= 2 * floorMedian),
    row("applyOps (50 ops) + validateWorld", opsGate, "median ≤ 10 ms", quantile(opsGate, 0.5) <= 10),
    row("parseWorld (zod) after JSON.parse", parse, "(informational)", null),
  ];
}

export function formatBenchTable(rows: readonly BenchRow[], world: World = makeLargeWorld()): string {
  const size = JSON.stringify(world).length;
  const head = [
    `Maximal world: ${Object.keys(world.scene.states).length} states, ${world.scene.events.length} events, ${(size / 1e6).toFixed(2)} MB of JSON`,
    "",
    "| name | median ms | p99 ms | × floor | goal | result |",
    "|---|---:|---:|---:|---|---|",
  ];
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.medianMs.toFixed(3)} | ${r.p99Ms.toFixed(3)} | ${r.ratio.toFixed(2)} | ${r.goal} | ${r.pass === null ? "" : r.pass ? "pass" : "FAIL"} |`,
  );
  return [...head, ...lines].join("\n");
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const iterations = Number(process.env.BENCH_ITERATIONS ?? 300);
  const rows = runKernelBench(iterations);
  console.log(formatBenchTable(rows));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

// Offline object detector benchmark (issue 14): one 1280×720 frame (decode + CenterNet on the
// tfjs wasm backend), the model loaded once per process; the first load is timed on its own.
// `npx tsx bench/detector.bench.ts [rounds]`; exits 1 when the p50 goal (≤ 400 ms) is missed.
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { encode } from "fast-png";
import { decodeImage, detectObjects, loadDetector } from "../lib/vision/detect";

const GOAL_P50_MS = 400;
const rounds = Number(process.argv[2] ?? 10);
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

/** A fixture photograph scaled (nearest neighbour) to 1280×720 and encoded as PNG. */
async function frame1280(file: string): Promise<Uint8Array> {
  const src = await decodeImage(new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, "../tests/fixtures/photos", file))));
  const [w, h] = [1280, 720];
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const at = (Math.floor((y * src.height) / h) * src.width + Math.floor((x * src.width) / w)) * 3;
      rgb.set(src.rgb.subarray(at, at + 3), (y * w + x) * 3);
    }
  }
  return encode({ width: w, height: h, channels: 3, depth: 8, data: rgb });
}

const t0 = performance.now();
await loadDetector();
const firstLoad = performance.now() - t0;
const frames = [await frame1280("coffee.png"), await frame1280("camera.png")];
const t1 = performance.now();
await detectObjects({ bytes: frames[0]! });
const firstFrame = performance.now() - t1;
const ms: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const bytes of frames) {
    const t = performance.now();
    await detectObjects({ bytes });
    ms.push(performance.now() - t);
  }
}
const pass = pct(ms, 0.5) <= GOAL_P50_MS;
console.log(
  [
    "| detector, 1280×720 PNG | n | p50 ms | p90 ms | goal | result |",
    "|---|---:|---:|---:|---|---|",
    `| model load (once per process) | 1 | ${firstLoad.toFixed(0)} | | | |`,
    `| first frame after load | 1 | ${firstFrame.toFixed(0)} | | | |`,
    `| decode + detect | ${ms.length} | ${pct(ms, 0.5).toFixed(0)} | ${pct(ms, 0.9).toFixed(0)} | p50 ≤ ${GOAL_P50_MS} ms | ${pass ? "pass" : "FAIL"} |`,
  ].join("\n"),
);
if (!pass) process.exitCode = 1;

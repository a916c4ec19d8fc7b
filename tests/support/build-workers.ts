import { execFileSync } from "node:child_process";
import path from "node:path";

/** Vitest global setup: bundle workers/cpu.ts so code that calls the CPU worker pool runs the current source. */
export default function setup(): void {
  execFileSync(process.execPath, [path.join(import.meta.dirname, "../../scripts/build-workers.mjs")], { stdio: "inherit" });
}

import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "embed/**/*.test.ts"],
    environment: "node",
    // The CPU worker pool's bundle (workers/cpu.ts), built fresh for every run.
    globalSetup: ["./tests/support/build-workers.ts"],
    testTimeout: 30_000,
    // One file per core (Vitest's default leaves one core free, which on CI's two cores is one
    // file at a time): files spend much of their time waiting on their own server's jobs.
    maxWorkers: os.availableParallelism(),
    hookTimeout: 120_000,
  },
});

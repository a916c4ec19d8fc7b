import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// One file per core (Vitest's default leaves one core free, which on CI's two cores is one file
// at a time): files spend much of their time waiting on their own server's jobs.
const cores = os.availableParallelism();

/**
 * Files that start server or CLI processes of their own (kill and restart a server, take its
 * database away, share a database or Redis between servers, drive `npm run worlds`). Each child
 * process loads the whole app again, so they run as a group of their own after the others,
 * rather than holding a worker of the shared-app pool while their children start.
 */
const PROCESSES = [
  "tests/faults-restart.test.ts",
  "tests/campaigns-restart.test.ts",
  "tests/scenarios-restart.test.ts",
  "tests/database-outage.test.ts",
  "tests/rate-limit-shared.test.ts",
  "tests/secrets-at-rest.test.ts",
  "tests/generation.test.ts",
  "tests/cli.test.ts",
  "tests/sim-fetch.test.ts",
  "lib/sim/python-client.test.ts",
  "lib/sim/export.test.ts",
];

/**
 * Files under tests/ that need a module graph of their own, as the units have: one replaces a
 * module of the app (vi.mock), which a shared graph would hand to the next file; one sets
 * IDEMPOTENCY_PRUNE_CRON, which lib/idempotency/function.ts reads when the module is first
 * loaded (by an earlier file, in a shared worker).
 */
const OWN_MODULES = ["tests/quota-coalescing.test.ts", "tests/idempotency.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    // The CPU worker pool's bundle (workers/cpu.ts), built fresh for every run.
    globalSetup: ["./tests/support/build-workers.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: cores,
    projects: [
      {
        // The integration files under tests/: each worker loads the app once and runs file after
        // file on it (isolate: false); each file still gets a server and a database of its own
        // (tests/support/test-server.ts), cloned from a migrated template.
        extends: true,
        test: {
          name: "apps",
          include: ["tests/**/*.test.ts"],
          exclude: [...PROCESSES, ...OWN_MODULES],
          isolate: false,
          setupFiles: ["./tests/support/shared-worker.ts"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "units",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "components/**/*.test.ts", "embed/**/*.test.ts", ...OWN_MODULES],
          exclude: PROCESSES,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "processes",
          include: PROCESSES,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

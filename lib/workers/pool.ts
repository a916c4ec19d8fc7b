import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import Piscina from "piscina";

/**
 * The app's one pool of worker threads for CPU-heavy work (authoring, painting, rasterising),
 * so a request thread is never busy for more than a moment. The tasks live in `workers/cpu.ts`,
 * bundled by `scripts/build-workers.mjs` into `CPU_WORKER_FILE`; a domain names its task with
 * `cpuTask` and calls it like an async function. The same pool serves route handlers, the
 * in-app executor and steps called by a real Inngest server: it belongs to the process.
 */

export const CPU_WORKER_FILE = path.join(process.cwd(), ".workers", "cpu.cjs");

/** Threads: CPU_WORKERS, else one less than the cores (at least one), leaving a core to the request thread. */
export function cpuPoolSize(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.CPU_WORKERS);
  if (Number.isInteger(configured) && configured >= 1) return configured;
  return Math.max(1, availableParallelism() - 1);
}

// On globalThis so that `next dev`'s module reloads share one pool instead of leaking threads.
const holder = globalThis as { __cpuPool?: Piscina };

function pool(): Piscina {
  if (holder.__cpuPool) return holder.__cpuPool;
  if (!existsSync(CPU_WORKER_FILE)) {
    throw new Error(
      `The CPU worker bundle ${CPU_WORKER_FILE} is missing: run \`node scripts/build-workers.mjs\` (npm run dev, build and test do).`,
    );
  }
  const size = cpuPoolSize();
  // Every thread starts now and stays: a thread's start-up (loading the language model of
  // `compromise`, resvg) costs hundreds of milliseconds, paid once, not by a user's request.
  holder.__cpuPool = new Piscina({ filename: CPU_WORKER_FILE, minThreads: size, maxThreads: size, idleTimeout: Infinity });
  return holder.__cpuPool;
}

/** Starts the threads ahead of the first task (server start-up). */
export function startCpuPool(): void {
  pool();
}

/** A worker's answer as the caller expects it: structured clone turns Buffers into Uint8Arrays. */
export type Cloned<T> = T extends Buffer ? Uint8Array : T extends object ? { [K in keyof T]: Cloned<T[K]> } : T;

/**
 * A typed handle on one task of `workers/cpu.ts` (`name` is its export there): input and output
 * cross by structured clone, so both must be plain data (no functions, no AbortSignal). The
 * signal, when given, aborts a queued or running task.
 */
export function cpuTask<F extends (input: never) => unknown>(
  name: string,
): (input: Parameters<F>[0], signal?: AbortSignal) => Promise<Cloned<Awaited<ReturnType<F>>>> {
  return (input, signal) => pool().run(input, { name, ...(signal ? { signal } : {}) }) as Promise<Cloned<Awaited<ReturnType<F>>>>;
}

/** A Uint8Array that crossed from a worker, as the Buffer it was (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** How much the pool has done (tests; the health page could show it): threads and completed tasks. */
export function cpuPoolStats(): { threads: number; completed: number } {
  const current = holder.__cpuPool;
  return { threads: current?.threads.length ?? 0, completed: current?.completed ?? 0 };
}

/** Stops the threads (tests and shutdown); the next task starts a new pool. */
export async function closeCpuPool(): Promise<void> {
  const current = holder.__cpuPool;
  holder.__cpuPool = undefined;
  await current?.destroy();
}

import { afterAll, describe, expect, it } from "vitest";
import { createLocalProvider, buildLocalWorld, paintLocal } from "@/lib/ai/local";
import { isProviderError } from "@/lib/ai";
import { closeCpuPool, cpuPoolSize, cpuPoolStats } from "./pool";

// The local provider's CPU-heavy parts run on the worker pool (workers/cpu.ts, bundled by the
// tests' global setup) and give exactly what the same code gives on this thread.
describe("the CPU worker pool", () => {
  afterAll(closeCpuPool);
  const local = createLocalProvider();
  const premise = "A lighthouse keeper hears a drowned bell ringing under a stormy sea";

  it("authors on a worker thread, the same world as in-process", async () => {
    const before = cpuPoolStats().completed;
    const authored = await local.authorWorld({ worldId: "w-pool", premise, pov: "third_person_shoulder" });
    expect(cpuPoolStats().completed).toBe(before + 1);
    expect(cpuPoolStats().threads).toBe(cpuPoolSize());
    expect(authored.world).toEqual(buildLocalWorld({ worldId: "w-pool", premise, pov: "third_person_shoulder" }));
  });

  it("paints on a worker thread: the same bytes and manifest, as a Buffer", async () => {
    const before = cpuPoolStats().completed;
    const painted = await local.paintImage({ prompt: premise, aspect: "16:9" });
    expect(cpuPoolStats().completed).toBe(before + 1);
    const here = await paintLocal({ prompt: premise, aspect: "16:9" });
    expect(Buffer.isBuffer(painted.bytes)).toBe(true);
    expect(painted.bytes.equals(here.bytes)).toBe(true);
    expect(painted.manifest).toEqual(here.manifest);
  });

  it("reports an aborted task as cancelled", async () => {
    const controller = new AbortController();
    const painting = local.paintImage({ prompt: premise, aspect: "16:9", signal: controller.signal });
    controller.abort();
    const error = await painting.catch((e: unknown) => e);
    expect(isProviderError(error) && error.code).toBe("cancelled");
  });

  it("is sized to the cores unless CPU_WORKERS says otherwise", () => {
    expect(cpuPoolSize({ CPU_WORKERS: "3" })).toBe(3);
    expect(cpuPoolSize({ CPU_WORKERS: "zero" })).toBeGreaterThanOrEqual(1);
  });
});

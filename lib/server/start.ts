import { getEnv } from "@/lib/config/env";
import { getSecrets } from "@/lib/config/secrets";
import { getDb, getDbEngine } from "@/lib/db";
import type { ServeRoute } from "@/lib/jobs/executor";
import { log } from "@/lib/log";
import { startCpuPool } from "@/lib/workers/pool";

/**
 * Server start-up: secrets on disk, database open and migrated, the CPU worker pool started,
 * owner file with our URL.
 * `jobsRoute` loads the app's Inngest serve route, which the in-app executor drives.
 */
export async function startServer(jobsRoute: () => Promise<ServeRoute>): Promise<void> {
  const env = getEnv();
  process.env.WORLDS_SERVER_URL ??= `http://127.0.0.1:${env.PORT}`;
  getSecrets();
  await getDb();
  // CPU-heavy work (authoring, painting) runs on worker threads, started before the first request.
  startCpuPool();
  // The deployment's shared rate limits (REDIS_URL): connected before the first request.
  const { connectSharedRedis } = await import("@/lib/cache/shared-limits");
  if (await connectSharedRedis()) log.info("rate limits: shared through Redis");
  // Durable jobs: the in-app executor, unless an Inngest server drives /api/inngest.
  const { startLocalExecutor } = await import("@/lib/jobs/executor");
  await startLocalExecutor({ route: jobsRoute });
  // Webhook deliveries whose run a crash lost between recording the event and queueing it.
  const { requeueStrandedDeliveries } = await import("@/lib/webhooks");
  await requeueStrandedDeliveries().catch((error: unknown) =>
    log.error("webhooks: could not requeue deliveries", { error: String(error) }),
  );
  // The local brain's grammar and lexicon are built now, not during the first player's talk turn.
  const { warmLocalBrain } = await import("@/lib/ai");
  warmLocalBrain();
  log.info("server ready", { engine: await getDbEngine(), dataDir: env.dataDir, url: process.env.WORLDS_SERVER_URL });
}

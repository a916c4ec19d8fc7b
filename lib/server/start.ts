import { getEnv } from "@/lib/config/env";
import { getSecrets } from "@/lib/config/secrets";
import { getDb, getDbEngine } from "@/lib/db";
import { log } from "@/lib/log";

/** Server start-up: secrets on disk, database open and migrated, owner file with our URL. */
export async function startServer(): Promise<void> {
  const env = getEnv();
  process.env.WORLDS_SERVER_URL ??= `http://127.0.0.1:${env.PORT}`;
  getSecrets();
  await getDb();
  // Durable jobs: the in-app executor, unless an Inngest server drives /api/inngest.
  const { startLocalExecutor } = await import("@/lib/jobs/executor");
  await startLocalExecutor();
  log.info("server ready", { engine: await getDbEngine(), dataDir: env.dataDir, url: process.env.WORLDS_SERVER_URL });
}

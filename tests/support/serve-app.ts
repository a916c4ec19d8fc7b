/**
 * The app's route handlers and local executor as a server process of its own, for tests that
 * kill a server and start another on the same data (DATA_DIR, PORT and settings come from env;
 * LOG_LEVEL and DATABASE_URL pass through;
 * DATABASE_URL, when set, names the PostgreSQL database to serve instead of the embedded one).
 * Prints `{"url": …}` on one line once it serves.
 */
import { startTestServer } from "./test-server";

const databaseUrl = process.env.DATABASE_URL;
const logLevel = process.env.LOG_LEVEL;
// Settings a test gives its server processes that the test server would otherwise set for itself.
const passed = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => /^(RATE_LIMIT_|REDIS_URL$)/.test(entry[0]) && typeof entry[1] === "string",
  ),
);
const server = await startTestServer({
  dataDir: process.env.DATA_DIR!,
  env: { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...(logLevel ? { LOG_LEVEL: logLevel } : {}), ...passed },
});
process.stdout.write(JSON.stringify({ url: server.url }) + "\n");
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));

/**
 * The app's route handlers and local executor as a server process of its own, for tests that
 * kill a server and start another on the same data (DATA_DIR, PORT and settings come from env).
 * Prints `{"url": …}` on one line once it serves.
 */
import { startTestServer } from "./test-server";

const server = await startTestServer({ dataDir: process.env.DATA_DIR!, env: {} });
process.stdout.write(JSON.stringify({ url: server.url }) + "\n");
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));

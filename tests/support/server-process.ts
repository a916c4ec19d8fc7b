/** A server of its own process (tests/support/serve-app.ts), for tests that kill it with SIGKILL and start another on the same data. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far (with `captureLogs`; else empty). */
  logs(): string;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

/** Starts the app on `dataDir` (the embedded database, or DATABASE_URL in `env`) with `env` added; resolves once it serves. */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  { captureLogs = false } = {},
): Promise<ServerProcess> {
  // One process (no tsx wrapper process), so that SIGKILL really kills the server.
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/support/serve-app.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", TEST_DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", captureLogs ? "pipe" : "inherit"],
  });
  let captured = "";
  if (captureLogs) {
    proc.stdout!.on("data", (chunk) => (captured += chunk));
    proc.stderr!.on("data", (chunk) => (captured += chunk));
  }
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk) => {
      out += chunk;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    proc.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    url,
    process: proc,
    logs: () => captured,
    kill: async () => {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const gone = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGKILL");
      await gone;
    },
  };
}

/** Bootstrap through a running server's CLI endpoint, as `npm run worlds` does. */
export async function bootstrapThrough(url: string, dataDir: string): Promise<unknown> {
  const { cliToken } = JSON.parse(fs.readFileSync(`${dataDir}/secrets.json`, "utf8")) as { cliToken: string };
  const res = await fetch(`${url}/api/internal/cli`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${cliToken}` },
    body: JSON.stringify({ command: "bootstrap", args: { email: `kill-${Date.now()}@example.com` } }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

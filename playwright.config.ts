import { defineConfig, devices } from "@playwright/test";
import os from "node:os";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The host the browser uses; the server listens on 127.0.0.1 either way.
const HOST = process.env.E2E_HOST ?? "127.0.0.1";
const BASE_URL = `http://${HOST}:${PORT}`;

/**
 * End-to-end tests against the built app (`next build` first: `npm run test:e2e`), in Debian's
 * Chromium. Playwright never downloads a browser here; see docs on the offline toolchain.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // One browser per core (Playwright's default is half the cores: one on CI's two). The tests
  // spend most of their time waiting on the server, which serves both.
  workers: os.availableParallelism(),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          // Without the networking flags Chromium floods the closed network with refused connections.
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    // A fresh embedded database for every run; the server creates and migrates it on start.
    command: `rm -rf .data-e2e && npx next start -H 127.0.0.1 -p ${PORT}`,
    url: `${BASE_URL}/sign-in`,
    // Webhook e2e receivers listen on http://127.0.0.1 (docs/webhooks.md "Local development").
    // Every test signs up and in from this one address: lift the per-address auth limits.
    // Webhook retries after 300 ms, not a minute, so a delivery's three attempts fit in a test.
    // Billing on: the embed and usage specs check that live play time is billed (docs/usage.md).
    env: {
      DATA_DIR: ".data-e2e",
      PORT: String(PORT),
      WEBHOOK_ALLOW_HTTP_LOOPBACK: "1",
      WEBHOOK_RETRY_BASE_MS: "300",
      AUTH_ATTEMPTS_PER_MINUTE: "1000",
      SIGN_IN_FAILURES_PER_ADDRESS: "1000",
      SIGN_UPS_PER_HOUR: "1000",
      BILLING_ENABLED: "true",
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

/**
 * Set-up of every file in the "apps" project (vitest.config.ts), whose files share a worker and
 * its modules: what a file changes in them is put back when it ends, so that the next file finds
 * the app as a fresh worker would. Spies (`vi.spyOn` on a module's export, e.g. `inngest.send`)
 * are restored, and settings the file wrote to process.env are removed.
 */
import { afterAll, vi } from "vitest";
import { resetEnvCache } from "@/lib/config/env";

const envAtStart = { ...process.env };

afterAll(() => {
  vi.restoreAllMocks();
  for (const name of Object.keys(process.env)) if (!(name in envAtStart)) delete process.env[name];
  Object.assign(process.env, envAtStart);
  resetEnvCache();
});

import { resetEnvCache } from "@/lib/config/env";

/** Changes settings mid-test: the server reads them through a cache that must be dropped. */
export function setEnv(vars: Record<string, string>): void {
  Object.assign(process.env, vars);
  resetEnvCache();
}

import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_NAMES, getEnv, resetEnvCache } from "./env";

const RATE_LIMIT_NAMES = [
  "RATE_LIMIT_PER_SECOND",
  "RATE_LIMIT_BURST",
  "RATE_LIMIT_LIVE_PER_SECOND",
  "RATE_LIMIT_LIVE_BURST",
  "RATE_LIMIT_TEST_PER_SECOND",
  "RATE_LIMIT_TEST_BURST",
];

function setRateLimits(vars: Record<string, string>): void {
  for (const name of RATE_LIMIT_NAMES) delete process.env[name];
  Object.assign(process.env, vars);
  resetEnvCache();
}

describe("configuration", () => {
  const saved = Object.fromEntries(RATE_LIMIT_NAMES.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
  });

  it("documents every setting in .env.example and nothing else", () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...ENV_NAMES].sort());
  });

  it("refuses an invalid setting with a message naming it", () => {
    setRateLimits({ RATE_LIMIT_TEST_BURST: "lots" });
    expect(() => getEnv()).toThrow(/RATE_LIMIT_TEST_BURST/);
  });

  it("limits live credentials to 100 requests/s and test ones to 25/s unless told otherwise (Stripe's numbers)", () => {
    setRateLimits({});
    expect(getEnv()).toMatchObject({
      RATE_LIMIT_LIVE_PER_SECOND: 100,
      RATE_LIMIT_LIVE_BURST: 200,
      RATE_LIMIT_TEST_PER_SECOND: 25,
      RATE_LIMIT_TEST_BURST: 50,
    });
  });

  it("still reads the old one-limit names for both modes, where the per-mode names are not set", () => {
    setRateLimits({ RATE_LIMIT_PER_SECOND: "10", RATE_LIMIT_BURST: "20", RATE_LIMIT_LIVE_BURST: "300" });
    expect(getEnv()).toMatchObject({
      RATE_LIMIT_LIVE_PER_SECOND: 10,
      RATE_LIMIT_LIVE_BURST: 300,
      RATE_LIMIT_TEST_PER_SECOND: 10,
      RATE_LIMIT_TEST_BURST: 20,
    });
    expect(getEnv()).not.toHaveProperty("RATE_LIMIT_PER_SECOND");
  });

  it("names the old setting when its value is invalid", () => {
    setRateLimits({ RATE_LIMIT_BURST: "lots" });
    expect(() => getEnv()).toThrow(/RATE_LIMIT_LIVE_BURST \(set as RATE_LIMIT_BURST\)/);
  });
});

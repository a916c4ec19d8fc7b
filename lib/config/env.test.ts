import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ENV_NAMES, getEnv, resetEnvCache } from "./env";

describe("configuration", () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_BURST;
    resetEnvCache();
  });

  it("documents every setting in .env.example and nothing else", () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, "../../.env.example"), "utf8");
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...ENV_NAMES].sort());
  });

  it("refuses an invalid setting with a message naming it", () => {
    process.env.RATE_LIMIT_BURST = "lots";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/RATE_LIMIT_BURST/);
  });
});

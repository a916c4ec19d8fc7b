import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/kernel must run in the browser and be deterministic: it imports zod and itself only,
// and touches no clock, randomness, network, process or DOM.
const DIR = path.dirname(new URL(import.meta.url).pathname);
const sources = readdirSync(DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("kernel purity", () => {
  it("has sources to check", () => {
    expect(sources).toEqual(expect.arrayContaining(["index.ts", "schema.ts", "validate-world.ts", "apply-ops.ts", "mock-world.ts"]));
  });

  for (const file of sources) {
    it(`${file} imports only zod and relative files, and uses no ambient I/O`, () => {
      const text = readFileSync(path.join(DIR, file), "utf8");
      const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
      const specifiers = [...code.matchAll(/\bfrom\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']/g)].map((m) => m[1] ?? m[2]);
      for (const s of specifiers) expect(s === "zod" || s?.startsWith("./"), `${file} imports ${s}`).toBe(true);
      for (const banned of [
        /\bDate\b/,
        /Math\.random/,
        /\bfetch\s*\(/,
        /\bprocess\./,
        /\brequire\s*\(/,
        /\bwindow\./,
        /\bdocument\./,
        /\bperformance\./,
        /\bsetTimeout\b/,
        /\bcrypto\./,
      ]) {
        expect(code, `${file} uses ${banned}`).not.toMatch(banned);
      }
    });
  }
});

import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One table, one owner (docs/jobs.md "Writing a function"): the GenerationJob row is read and
// written through lib/generation/jobs.ts only.
const ROOT = path.resolve(import.meta.dirname, "../..");
const OWNER = "lib/generation/jobs.ts";

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe("the GenerationJob row", () => {
  it(`is queried only by ${OWNER}`, () => {
    const touching = [...sourceFiles("lib"), ...sourceFiles("app")].filter(
      (file) => file !== OWNER && /\.generationJob\b|\bgeneration_jobs\b/.test(fs.readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(touching).toEqual([]);
  });
});

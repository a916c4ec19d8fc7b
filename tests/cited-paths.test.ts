import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { expect, it } from "vitest";

// Comments and docs cite files of this repository by path (`lib/worlds/graph-store.ts`,
// docs/api.md). A file that moves or goes leaves its citations pointing nowhere; this finds them.
const ROOT = path.resolve(import.meta.dirname, "..");
const TOPS = "app|lib|components|tests|e2e|docs|scripts|prisma|workers|embed|bench|clients|public";
const CITED = new RegExp(`(?<![\\w@/.-])(?:@/)?((?:${TOPS})/[\\w\\-./\\[\\]()]+\\.(?:ts|tsx|mjs|md|prisma|sql|py|json))(?![\\w/])`, "g");
/** Cited on purpose though not here: documents of other repositories, and the import-boundary test's made-up files. */
const ELSEWHERE = [/^docs\/SDK_SPEC\.md$/, /(^|\/)x(\/route)?\.tsx?$/];

/** Source and prose files of the repository (not what .gitignore ignores: dependencies, builds, data). */
async function repositoryFiles(): Promise<string[]> {
  const ignorePath = path.join(ROOT, ".gitignore");
  const ignored = async (file: string) => (await prettier.getFileInfo(file, { ignorePath })).ignored;
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== ".git" && !(await ignored(path.join(full, "x.ts")))) await walk(full);
      } else if (/\.(ts|tsx|mjs|md|prisma|sh)$/.test(entry.name) && !(await ignored(full))) found.push(full);
    }
  };
  await walk(ROOT);
  return found;
}

it("comments and docs cite only files the repository holds", async () => {
  const missing: string[] = [];
  for (const file of await repositoryFiles()) {
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      for (const match of line.matchAll(CITED)) {
        const cited = match[1]!.split("](")[0]!; // a Markdown link [path](path)
        if (ELSEWHERE.some((pattern) => pattern.test(cited)) || fs.existsSync(path.join(ROOT, cited))) continue;
        missing.push(`${path.relative(ROOT, file)}:${i + 1} cites ${cited}`);
      }
    });
  }
  expect(missing).toEqual([]);
});

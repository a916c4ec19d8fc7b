import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";

// The boundaries of STYLE.md are held by eslint.config.mjs; these cases prove the rules bite.
const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-globals")
    .map((m) => m.message);
}

describe("import boundaries", () => {
  it.each([
    ["lib/kernel/x.ts", 'import { PrismaClient } from "@prisma/client";\nexport const x = PrismaClient;\n'],
    ["lib/kernel/x.ts", 'import { NextResponse } from "next/server";\nexport const x = NextResponse;\n'],
    ["lib/kernel/x.ts", 'import { getDb } from "@/lib/db";\nexport const x = getDb;\n'],
    ["lib/kernel/x.ts", 'import fs from "node:fs";\nexport const x = fs;\n'],
    ["lib/kernel/x.ts", "export const x = () => fetch('https://example.com');\n"],
    ["components/x.tsx", 'import { getDb } from "@/lib/db";\nexport const x = getDb;\n'],
    ["components/x.tsx", 'import { listApps } from "@/lib/apps/apps";\nexport const x = listApps;\n'],
    ["app/v1/x/route.ts", 'import { getDb } from "@/lib/db";\nexport const x = getDb;\n'],
    ["lib/jobs/x.ts", 'import { POST } from "@/app/api/inngest/route";\nexport const x = POST;\n'],
    ["lib/worlds/x.ts", 'import { Button } from "@/components/ui/button";\nexport const x = Button;\n'],
    ["lib/errors/x.ts", 'import { getEnv } from "@/lib/config/env";\nexport const x = getEnv;\n'],
    ["lib/shared/x.ts", 'import { ApiError } from "@/lib/errors";\nexport const x = ApiError;\n'],
    ["lib/paging/x.ts", 'import { getDb } from "@/lib/db";\nexport const x = getDb;\n'],
    ["lib/paging/x.ts", 'import type { Caller } from "@/lib/shared/caller";\nexport type X = Caller;\n'],
    ["components/x.tsx", 'import { ZWorldResource } from "@/lib/openapi/responses";\nexport const x = ZWorldResource;\n'],
    ["components/x.tsx", 'import { SimClient } from "@/lib/sim";\nexport const x = SimClient;\n'],
    ["components/x.tsx", 'import { exportDataset } from "@/lib/sim/export";\nexport const x = exportDataset;\n'],
  ])("%s may not %s", async (file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([]);
  });

  it.each([
    ["lib/kernel/x.ts", 'import { z } from "zod";\nimport { hashString } from "./hash";\nexport const x = [z, hashString];\n'],
    ["components/x.tsx", 'import { validateWorld } from "@/lib/kernel";\nexport const x = validateWorld;\n'],
    ["components/x.tsx", 'import type { ZWorldResource } from "@/lib/openapi/responses";\nexport type X = typeof ZWorldResource;\n'],
    ["components/x.tsx", 'import { SimEnv } from "@/lib/sim/browser";\nexport const x = SimEnv;\n'],
    ["components/x.tsx", 'import type { Mode } from "@/lib/shared/caller";\nexport type X = Mode;\n'],
    ["lib/paging/x.ts", 'import { badRequest } from "@/lib/errors";\nexport const x = badRequest;\n'],
    [
      "lib/worlds/x.ts",
      'import { pageOf } from "@/lib/paging";\nimport type { Caller } from "@/lib/shared/caller";\nexport const x: [typeof pageOf, Caller?] = [pageOf];\n',
    ],
  ])("%s may import what it needs", async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

/** `@/<top>/<folder>` imports of every source file under `top` (lib, components), by folder (type and dynamic imports too). */
function folderImports(top: "lib" | "components"): Map<string, Map<string, string>> {
  const lib = path.join(ROOT, top);
  const pattern = new RegExp(`(?:from|import)\\s*\\(?\\s*["']@/${top}/([^/"'.]+)`, "g");
  const edges = new Map<string, Map<string, string>>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const folder = path.relative(lib, full).split(path.sep)[0]!;
        const code = fs.readFileSync(full, "utf8");
        for (const match of code.matchAll(pattern)) {
          const target = match[1]!;
          if (target === folder) continue;
          if (!edges.has(folder)) edges.set(folder, new Map());
          edges.get(folder)!.set(target, path.relative(ROOT, full));
        }
      }
    }
  };
  walk(lib);
  return edges;
}

/** A loop of folders that import each other (`[a, b, …, a]`), or null. */
function findLoop(edges: Map<string, Map<string, string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | null => {
    const at = path.indexOf(folder);
    if (at !== -1) return [...path.slice(at), folder];
    if (done.has(folder)) return null;
    path.push(folder);
    for (const target of edges.get(folder)?.keys() ?? []) {
      const loop = visit(target);
      if (loop) return loop;
    }
    path.pop();
    done.add(folder);
    return null;
  };
  for (const folder of edges.keys()) {
    const loop = visit(folder);
    if (loop) return loop;
  }
  return null;
}

describe.each(["lib", "components"] as const)("%s folders", (top) => {
  it("never import each other, directly or round a loop (floors run one way)", () => {
    const edges = folderImports(top);
    const loop = findLoop(edges);
    // Each step of a loop names one file that makes it.
    const steps = loop?.slice(1).map((to, i) => `${loop[i]} -> ${to} (${edges.get(loop[i]!)!.get(to)})`);
    expect(steps ?? []).toEqual([]);
  });
});

it("finds the imports it checks, and a loop when there is one", () => {
  const edges = folderImports("lib");
  expect(edges.get("worlds")?.has("kernel")).toBe(true);
  expect(folderImports("components").get("apps")?.has("ui")).toBe(true);
  const looped = new Map(edges);
  looped.set("kernel", new Map([["worlds", "lib/kernel/x.ts"]]));
  expect(findLoop(looped)?.join(" -> ")).toMatch(/kernel -> worlds|worlds -> kernel/);
});

/** Every project file and package `entry` reaches through value imports (type-only imports are erased). */
function importClosure(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith("@/")
      ? path.join(ROOT, spec.slice(2))
      : spec.startsWith(".")
        ? path.resolve(path.dirname(from), spec)
        : null;
    if (base === null) return null;
    for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (fs.existsSync(candidate)) return candidate;
    throw new Error(`cannot resolve ${spec} from ${from}`);
  };
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const code = fs.readFileSync(file, "utf8");
    for (const match of code.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm)) {
      const spec = match[1]!;
      const target = resolve(file, spec);
      if (target) visit(target);
      else packages.add(spec);
    }
  };
  visit(path.join(ROOT, entry));
  return { files: [...files].map((f) => path.relative(ROOT, f)).sort(), packages: [...packages].sort() };
}

it("the simulator's browser core (lib/sim/browser.ts, the one lib/sim file components import) reaches no I/O", () => {
  const { files, packages } = importClosure("lib/sim/browser.ts");
  // The closure is real: the room reads the local painter, the environment the kernel's generator.
  expect(files).toEqual(expect.arrayContaining(["lib/sim/env.ts", "lib/ai/local/paint/read.ts", "lib/kernel/index.ts"]));
  expect(packages).toEqual(["compromise", "zod"]);
  const allowed =
    /^lib\/(sim\/(browser|room|labels|env|camera|geometry|spec)\.ts|kernel\/|ai\/frame-prompt\.ts|ai\/local\/(words\.ts|paint\/))/;
  expect(files.filter((f) => !allowed.test(f))).toEqual([]);
});

/** Every `lib/` source file's project imports, file by file (type-only, re-exports and dynamic imports too). */
function fileImports(): Map<string, Set<string>> {
  const lib = path.join(ROOT, "lib");
  const pattern = /(?:^|[\s;])(?:import|export)\s*(?:type\s+)?(?:[^"';]*?\sfrom\s*)?\(?\s*["']([^"']+)["']/gm;
  const resolve = (from: string, spec: string): string | null => {
    const base = spec.startsWith("@/")
      ? path.join(ROOT, spec.slice(2))
      : spec.startsWith(".")
        ? path.resolve(path.dirname(from), spec)
        : null;
    if (base === null) return null;
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(ROOT, candidate);
    }
    return null;
  };
  const edges = new Map<string, Set<string>>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const targets = new Set<string>();
        for (const match of fs.readFileSync(full, "utf8").matchAll(pattern)) {
          const target = resolve(full, match[1]!);
          if (target?.startsWith("lib/")) targets.add(target);
        }
        edges.set(path.relative(ROOT, full), targets);
      }
    }
  };
  walk(lib);
  return edges;
}

/** Loops of files that import each other, each as `[a, b, …, a]` (every one the walk closes; none when there is none). */
function findFileLoops(edges: Map<string, Set<string>>): string[][] {
  const loops: string[][] = [];
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string) => {
    const at = trail.indexOf(file);
    if (at !== -1) {
      loops.push([...trail.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    trail.push(file);
    for (const target of edges.get(file) ?? []) visit(target);
    trail.pop();
    done.add(file);
  };
  for (const file of edges.keys()) visit(file);
  return loops;
}

describe("lib files", () => {
  it("never import each other round a loop (a loop means a type or a helper sits in the wrong file)", () => {
    expect(findFileLoops(fileImports()).map((loop) => loop.join(" -> "))).toEqual([]);
  });

  it("finds the imports it checks, and a loop when there is one", () => {
    const edges = fileImports();
    expect(edges.get("lib/ai/land.ts")?.has("lib/ai/provider.ts")).toBe(true); // a type-only import
    const looped = new Map(edges);
    looped.set("lib/ai/provider.ts", new Set([...edges.get("lib/ai/provider.ts")!, "lib/ai/edit.ts"]));
    const loops = findFileLoops(looped).map((loop) => loop.join(" -> "));
    expect(loops).not.toEqual([]);
    for (const loop of loops) expect(loop).toContain("lib/ai/provider.ts -> lib/ai/edit.ts"); // the edge added closes each
  });
});

/** The project's files that `prettier --check .` reads (not in .gitignore or .prettierignore: prose and generated files keep their shape), relative to ROOT. */
async function ownFiles(): Promise<string[]> {
  const ignorePath = [path.join(ROOT, ".gitignore"), path.join(ROOT, ".prettierignore")];
  const ignored = async (file: string) => (await prettier.getFileInfo(file, { ignorePath })).ignored;
  const found: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // A folder ignored as a whole (node_modules/, .next/, lib/db/generated/) is not walked.
        if (entry.name !== ".git" && !(await ignored(path.join(full, "x.ts")))) await walk(full);
      } else if (entry.isFile() && !(await ignored(full))) found.push(path.relative(ROOT, full));
    }
  };
  await walk(ROOT);
  return found.sort();
}

const MAX_LINES = 400;

describe("source files", () => {
  const files = ownFiles();

  it(`hold at most ${MAX_LINES} lines each (split a file long before it holds two ideas)`, async () => {
    const long = (await files)
      .filter((file) => /\.(ts|tsx|mjs)$/.test(file))
      .map((file) => ({ file, lines: fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it("are formatted by Prettier (npm run format)", { timeout: 120_000 }, async () => {
    const unformatted: string[] = [];
    for (const file of await files) {
      const full = path.join(ROOT, file);
      const info = await prettier.getFileInfo(full);
      if (info.inferredParser === null) continue;
      const options = await prettier.resolveConfig(full);
      if (!(await prettier.check(fs.readFileSync(full, "utf8"), { ...options, filepath: full }))) unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });
});

import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
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

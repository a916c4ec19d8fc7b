import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The boundaries of STYLE.md are held by eslint.config.mjs; these cases prove the rules bite.
const ROOT = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: ROOT });

async function restrictedImports(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-globals").map((m) => m.message);
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
  ])("%s may not %s", async (file, code) => {
    expect(await restrictedImports(file, code)).not.toEqual([]);
  });

  it.each([
    ["lib/kernel/x.ts", 'import { z } from "zod";\nimport { hashString } from "./hash";\nexport const x = [z, hashString];\n'],
    ["components/x.tsx", 'import { validateWorld } from "@/lib/kernel";\nexport const x = validateWorld;\n'],
  ])("%s may import what it needs", async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([]);
  });
});

/** `@/lib/<folder>` imports of every source file of lib/, by folder (type and dynamic imports too). */
function libFolderImports(): Map<string, Map<string, string>> {
  const lib = path.join(ROOT, "lib");
  const edges = new Map<string, Map<string, string>>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        const folder = path.relative(lib, full).split(path.sep)[0]!;
        const code = fs.readFileSync(full, "utf8");
        for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["']@\/lib\/([^/"']+)/g)) {
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

describe("lib folders", () => {
  it("never import each other (floors run one way)", () => {
    const edges = libFolderImports();
    const pairs: string[] = [];
    for (const [a, targets] of edges) {
      for (const [b, file] of targets) {
        const back = edges.get(b)?.get(a);
        if (back && a < b) pairs.push(`${a} <-> ${b} (${file} and ${back})`);
      }
    }
    expect(pairs).toEqual([]);
  });

  it("finds the imports it checks", () => {
    expect(libFolderImports().get("worlds")?.has("kernel")).toBe(true);
  });
});

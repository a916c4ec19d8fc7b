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

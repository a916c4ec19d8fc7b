import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/openapi/operation";
import { OPERATIONS } from "@/lib/openapi/operations";

// The operations (lib/openapi/operations) and the route files of app/v1 name the same endpoints,
// each route file handing its operation to route() with nothing but its handler.

const V1_DIR = path.resolve(import.meta.dirname, "../app/v1");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
/** Route files that are not operations of the API. */
const NOT_OPERATIONS = new Set([
  "[...path]/route.ts", // answers unknown /v1 paths with the JSON 404 (checked below)
]);

interface RouteExport {
  method: string;
  /** The `route(operation, handler)` call's text, when the export is one. */
  definition?: string;
}

interface RouteFile {
  file: string;
  /** `/v1/worlds/{id}/ops` */
  path: string;
  text: string;
  exports: RouteExport[];
}

/** Reads which HTTP methods a route file exports, and the text of each `route(...)` call. */
function readRouteFile(file: string): RouteFile {
  const text = fs.readFileSync(file, "utf8");
  const relative = path.relative(V1_DIR, path.dirname(file));
  const segments = relative ? relative.split(path.sep).filter((s) => !/^\(.*\)$/.test(s)) : [];
  const apiPath = "/v1" + segments.map((s) => "/" + s.replace(/^\[(\w+)\]$/, "{$1}")).join("");
  const exports: RouteExport[] = [];
  const starts = [...text.matchAll(/^export\s+(?:const\s+(\w+)\s*=|(?:async\s+)?function\s+(\w+)\b)/gm)];
  starts.forEach((match, i) => {
    const method = match[1] ?? match[2]!;
    if (!(METHODS as readonly string[]).includes(method)) return;
    const block = text.slice(match.index, starts[i + 1]?.index ?? text.length);
    // A runtime route's CORS preflight (lib/runtime/cors.ts `preflight`) is not an operation.
    if (method === "OPTIONS" && /^export\s+const\s+OPTIONS\s*=\s*preflight\(/.test(block)) return;
    exports.push({ method, definition: /^export\s+const\s+\w+\s*=\s*route\(/.test(block) ? block : undefined });
  });
  for (const list of text.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    for (const part of list[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!;
      if ((METHODS as readonly string[]).includes(name)) exports.push({ method: name });
    }
  }
  return { file, path: apiPath, text, exports };
}

function findRouteFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

const routeFiles = findRouteFiles(V1_DIR)
  .filter((file) => !NOT_OPERATIONS.has(path.relative(V1_DIR, file).split(path.sep).join("/")))
  .map(readRouteFile);

const opKey = (method: string, apiPath: string) => `${method} ${apiPath}`;

function findOp(method: string, apiPath: string): Operation | undefined {
  return OPERATIONS.find((op) => op.method === method && op.path === apiPath);
}

describe("the operations cover app/v1", () => {
  it("has one operation per exported method of every route file, and no other", () => {
    const fromFiles = routeFiles.flatMap((route) => route.exports.map((e) => opKey(e.method, route.path))).sort();
    const fromOperations = OPERATIONS.map((op) => opKey(op.method, op.path)).sort();
    expect(fromOperations).toEqual(fromFiles);
    expect(fromFiles.length).toBeGreaterThan(20);
  });

  it.each(routeFiles.flatMap((route) => route.exports.map((e) => [opKey(e.method, route.path), route, e] as const)))(
    "%s: the route file's export is the documented operation, its facts declared once",
    async (_name, route, exported) => {
      const op = findOp(exported.method, route.path)!;
      // route() remembers the operationId of the operation it was handed.
      const mod = (await import(route.file)) as Record<string, { operationId?: string } | undefined>;
      expect(mod[exported.method]?.operationId, `${exported.method} ${route.path}`).toBe(op.operationId);
      const definition = exported.definition;
      if (!definition) return;
      // Every fact of the endpoint comes from the operation: the route file hands it to route()
      // with its handler and nothing else (route()'s signature has no room for more).
      expect(definition, "route(operation, handler)").toMatch(new RegExp(`=\\s*route\\(\\s*(\\w+\\.)?${op.operationId},`));
      for (const status of definition.matchAll(/\breply\((\d{3})/g)) {
        expect(Object.keys(op.responses)).toContain(status[1]);
      }
    },
  );
});

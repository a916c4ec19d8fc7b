// Bundles the CPU worker pool's tasks (workers/cpu.ts, run by lib/workers/pool.ts) into
// .workers/cpu.cjs: the project's own TypeScript inlined, packages left to node_modules (resvg's
// native binary, compromise). Run by `npm run dev`, `build`, `test`, `bench` and `worlds`; the
// output is generated, not committed.
//
//   node scripts/build-workers.mjs           build once
//   node scripts/build-workers.mjs --watch   rebuild on change (development)
import { build, context } from "esbuild";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** @type {import('esbuild').BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: ["workers/cpu.ts"],
  outfile: path.join(root, ".workers/cpu.cjs"),
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  sourcemap: "inline",
  logLevel: "warning",
};

if (process.argv.includes("--watch")) {
  const ctx = await context(options);
  await ctx.watch();
  console.log("watching workers/cpu.ts");
} else {
  await build(options);
}

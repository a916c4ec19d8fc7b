// Bundles the embed player (embed/player/main.ts) into public/embed/player.js: one small,
// framework-free, minified ES2020 script served by the embed and play pages. Run by
// `npm run build`, `npm run dev` and the e2e run; the output is generated, not committed.
//
//   node scripts/build-player.mjs           build once, print the size
//   node scripts/build-player.mjs --watch   rebuild on change (development)
import { build, context } from "esbuild";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, "public/embed/player.js");
// The goal is 90 kB gzipped; the player is far below it. Fail loudly long before that.
const BUDGET_GZIP_BYTES = 30 * 1024;

/** @type {import('esbuild').BuildOptions} */
const options = {
  absWorkingDir: root,
  entryPoints: ["embed/player/main.ts"],
  outfile,
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020", "chrome100", "firefox100", "safari15"],
  platform: "browser",
  tsconfig: "tsconfig.json",
  legalComments: "none",
  sourcemap: false,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
};

function report() {
  const code = readFileSync(outfile);
  const gzip = gzipSync(code, { level: 9 }).length;
  console.log(`embed player: ${path.relative(root, outfile)} ${(code.length / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzipped`);
  if (gzip > BUDGET_GZIP_BYTES) {
    console.error(`embed player is over its budget of ${BUDGET_GZIP_BYTES / 1024} kB gzipped`);
    process.exitCode = 1;
  }
}

mkdirSync(path.dirname(outfile), { recursive: true });
if (process.argv.includes("--watch")) {
  const ctx = await context({ ...options, plugins: [{ name: "report", setup: (b) => b.onEnd((r) => r.errors.length === 0 && report()) }] });
  await ctx.watch();
} else {
  await build(options);
  report();
}

// Bundles the embed scripts into public/embed/: the world player (embed/player/main.ts →
// player.js) and the character page (embed/character/main.ts → character.js). Each is one small,
// framework-free, minified ES2020 script served by its pages, with its own gzip budget. Run by
// `npm run build`, `npm run dev` and the e2e run; the output is generated, not committed.
//
//   node scripts/build-player.mjs           build once, print the sizes
//   node scripts/build-player.mjs --watch   rebuild on change (development)
import { build, context } from "esbuild";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The goal is 90 kB gzipped for the player; it is far below it. Fail loudly long before that.
// The character page is a text box and a log: it should stay a fraction of the player.
const BUNDLES = [
  { name: "embed player", entry: "embed/player/main.ts", outfile: "public/embed/player.js", budgetGzipBytes: 30 * 1024 },
  { name: "character page", entry: "embed/character/main.ts", outfile: "public/embed/character.js", budgetGzipBytes: 12 * 1024 },
];

/** @returns {import('esbuild').BuildOptions} */
const optionsFor = (bundle) => ({
  absWorkingDir: root,
  entryPoints: [bundle.entry],
  outfile: path.join(root, bundle.outfile),
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
});

function report(bundle) {
  const code = readFileSync(path.join(root, bundle.outfile));
  const gzip = gzipSync(code, { level: 9 }).length;
  console.log(`${bundle.name}: ${bundle.outfile} ${(code.length / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzipped`);
  if (gzip > bundle.budgetGzipBytes) {
    console.error(`${bundle.name} is over its budget of ${bundle.budgetGzipBytes / 1024} kB gzipped`);
    process.exitCode = 1;
  }
}

mkdirSync(path.join(root, "public/embed"), { recursive: true });
if (process.argv.includes("--watch")) {
  for (const bundle of BUNDLES) {
    const plugins = [{ name: "report", setup: (b) => b.onEnd((r) => r.errors.length === 0 && report(bundle)) }];
    const ctx = await context({ ...optionsFor(bundle), plugins });
    await ctx.watch();
  }
} else {
  await Promise.all(BUNDLES.map((bundle) => build(optionsFor(bundle))));
  BUNDLES.forEach(report);
}

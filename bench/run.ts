/** `npm run bench`: every bench/*.bench.ts in turn, each printing its own table. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts") && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const run = spawnSync(path.join(dir, "../node_modules/.bin/tsx"), [path.join(dir, file)], { stdio: "inherit" });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);

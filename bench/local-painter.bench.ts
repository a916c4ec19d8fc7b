// Local painter benchmark (issues 12 and 26): painting one 1280×720 frame (compose + rasterise to
// PNG), the motif painter beside the first painter (`sceneSvg`, the floor) on the same prompts,
// and beside itself without the lexicon (the library's words only, as before issue 26).
// `npx tsx bench/local-painter.bench.ts [rounds]`; exits 1 when the p50 goal (≤ 120 ms) is missed.
import { performance } from "node:perf_hooks";
import { composeScene } from "../lib/ai/local/paint/compose";
import { paintLocal, sceneSvg } from "../lib/ai/local/painter";
import { rasterizeSvg } from "../lib/ai/raster";

const GOAL_P50_MS = 120;

const PROMPTS = [
  "A lighthouse keeper hears a drowned bell ringing under a stormy sea",
  "A girl with a lantern climbs the stairs of an abandoned library at night",
  "Two knights ride horses across a snowy mountain pass toward a castle at dawn",
  "A detective waits on a rainy city street under a street lamp",
  "A fox and a crow argue over a key beside a river in the forest",
  "the harbor gate at dusk, featuring a lighthouse keeper",
  "a market square in a desert town at noon",
  "the throne room of a ruined castle, featuring a young witch",
  // Issue 26: nouns the library has no word for, drawn by their kinds.
  "Without a word, the child astronaut lingers at the greenhouse on the comet under a black sky, featuring the child astronaut",
  "At midnight, the two rival chefs pause at the floating night market beside the samovar, featuring the two rival chefs",
];
const rounds = Number(process.argv[2] ?? 5);
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
async function time(paint: (prompt: string) => Promise<unknown>): Promise<number[]> {
  for (const p of PROMPTS) await paint(p); // warm up
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of PROMPTS) {
      const t = performance.now();
      await paint(p);
      ms.push(performance.now() - t);
    }
  }
  return ms;
}
const floor = await time((prompt) => rasterizeSvg(sceneSvg({ prompt, aspect: "16:9" }).svg, 1280));
const library = await time((prompt) => rasterizeSvg(composeScene({ prompt, aspect: "16:9" }).svg, 1280));
const motif = await time((prompt) => paintLocal({ prompt, aspect: "16:9" }));
const pass = pct(motif, 0.5) <= GOAL_P50_MS;
console.log(
  [
    "| painter, 1280×720 frame | n | p50 ms | p90 ms | × floor | goal | result |",
    "|---|---:|---:|---:|---:|---|---|",
    `| first painter (floor) | ${floor.length} | ${pct(floor, 0.5).toFixed(1)} | ${pct(floor, 0.9).toFixed(1)} | 1.00 | | |`,
    `| motif painter, library words only (before issue 26) | ${library.length} | ${pct(library, 0.5).toFixed(1)} | ${pct(library, 0.9).toFixed(1)} | ${(pct(library, 0.5) / pct(floor, 0.5)).toFixed(2)} | | |`,
    `| motif painter with the lexicon | ${motif.length} | ${pct(motif, 0.5).toFixed(1)} | ${pct(motif, 0.9).toFixed(1)} | ${(pct(motif, 0.5) / pct(floor, 0.5)).toFixed(2)} | p50 ≤ ${GOAL_P50_MS} ms | ${pass ? "pass" : "FAIL"} |`,
  ].join("\n"),
);
if (!pass) process.exitCode = 1;

// Times painting one 1280×720 frame (compose + rasterise to PNG), today's painter beside the
// first one (`sceneSvg`), on the same prompts. Usage: npx tsx scripts/paint-bench.ts [rounds]
import { paintLocal, sceneSvg } from "@/lib/ai/local/painter";
import { rasterizeSvg } from "@/lib/ai/raster";

const PROMPTS = [
  "A lighthouse keeper hears a drowned bell ringing under a stormy sea",
  "A girl with a lantern climbs the stairs of an abandoned library at night",
  "Two knights ride horses across a snowy mountain pass toward a castle at dawn",
  "A detective waits on a rainy city street under a street lamp",
  "A fox and a crow argue over a key beside a river in the forest",
  "the harbor gate at dusk, featuring a lighthouse keeper",
  "a market square in a desert town at noon",
  "the throne room of a ruined castle, featuring a young witch",
];
const rounds = Number(process.argv[2] ?? 5);
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
async function time(name: string, paint: (prompt: string) => Promise<unknown>): Promise<void> {
  for (const p of PROMPTS) await paint(p); // warm up
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of PROMPTS) {
      const t = performance.now();
      await paint(p);
      ms.push(performance.now() - t);
    }
  }
  console.log(`${name}: n=${ms.length} p50=${pct(ms, 0.5).toFixed(1)} ms p90=${pct(ms, 0.9).toFixed(1)} ms max=${Math.max(...ms).toFixed(1)} ms`);
}
await time("first painter (sceneSvg + rasterise)", (prompt) => rasterizeSvg(sceneSvg({ prompt, aspect: "16:9" }).svg, 1280));
await time("motif painter (paintLocal)          ", (prompt) => paintLocal({ prompt, aspect: "16:9" }));

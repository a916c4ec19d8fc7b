// Stance pictures benchmark (issue 27 item 3): painting every stance of a six-stance character
// as POST /v1/characters does (lib/characters/pictures.ts: the local provider's portraits, all
// six at once, on the CPU worker pool), side by side with a floor: one plain world frame painted
// on the same pool. While the six are painted, the request thread's event-loop delay is sampled:
// the painting is off that thread, so it stays small.
// `npx tsx bench/character-pictures.bench.ts [rounds]` (builds the worker bundle first); exits 1
// when the p50 goal (all six ≤ 1000 ms) is missed.
import { execFileSync } from "node:child_process";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createLocalProvider } from "../lib/ai/local";
import { stancePaintInput } from "../lib/characters/pictures";
import { DEFAULT_CAMERA, DEFAULT_STANCES } from "../lib/characters/profile";
import { closeCpuPool, cpuPoolSize, startCpuPool } from "../lib/workers/pool";

const GOAL_P50_MS = 1000;

const CHARACTERS = [
  {
    name: "Maren Holt",
    profile: {
      subject: "Maren Holt, an old lighthouse keeper",
      scene: "the lamp room of a lighthouse at night",
      style: "storybook illustration",
    },
  },
  {
    name: "Mina the Chef",
    profile: { subject: "Mina, a grumpy street-food chef", scene: "a night market stall", style: "ink and watercolor" },
  },
  { name: "Wren", profile: { subject: "Wren, a young harbour pilot in a wool cap", scene: "", style: "" } },
  { name: "Bram", profile: { subject: "", scene: "a ferry crossing a grey river at dawn", style: "cinematic portrait" } },
];

const rounds = Number(process.argv[2] ?? 5);
const pct = (xs: number[], p: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

execFileSync("node", ["scripts/build-workers.mjs"], { stdio: "ignore" });
startCpuPool();
const provider = createLocalProvider();

const sixStances = (c: (typeof CHARACTERS)[number]) =>
  Promise.all(
    DEFAULT_STANCES.map((stance) =>
      provider.paintImage(stancePaintInput({ name: c.name, profile: c.profile, camera: DEFAULT_CAMERA }, stance)),
    ),
  );
const oneFrame = (c: (typeof CHARACTERS)[number]) =>
  provider.paintImage({
    prompt: `${c.profile.scene || "a quiet room"}, featuring ${c.profile.subject || c.name}`,
    subject: c.profile.subject || c.name,
    aspect: "16:9",
  });

async function time(paint: (c: (typeof CHARACTERS)[number]) => Promise<unknown>): Promise<{ ms: number[]; loopMaxMs: number }> {
  for (const c of CHARACTERS) await paint(c); // warm up the workers
  const ms: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  for (let r = 0; r < rounds; r++) {
    for (const c of CHARACTERS) {
      const t = performance.now();
      await paint(c);
      ms.push(performance.now() - t);
    }
  }
  loop.disable();
  return { ms, loopMaxMs: loop.max / 1e6 };
}

const floor = await time(oneFrame);
const six = await time(sixStances);
await closeCpuPool();
const pass = pct(six.ms, 0.5) <= GOAL_P50_MS;
console.log(
  [
    `CPU pool: ${cpuPoolSize()} worker thread(s)`,
    "| painting, 1280×720, CPU pool | n | p50 ms | p90 ms | × floor | request thread's max event-loop delay | goal | result |",
    "|---|---:|---:|---:|---:|---:|---|---|",
    `| one world frame (floor) | ${floor.ms.length} | ${pct(floor.ms, 0.5).toFixed(1)} | ${pct(floor.ms, 0.9).toFixed(1)} | 1.00 | ${floor.loopMaxMs.toFixed(1)} ms | | |`,
    `| six stance pictures of one character | ${six.ms.length} | ${pct(six.ms, 0.5).toFixed(1)} | ${pct(six.ms, 0.9).toFixed(1)} | ${(pct(six.ms, 0.5) / pct(floor.ms, 0.5)).toFixed(2)} | ${six.loopMaxMs.toFixed(1)} ms | p50 ≤ ${GOAL_P50_MS} ms | ${pass ? "pass" : "FAIL"} |`,
  ].join("\n"),
);
if (!pass) process.exitCode = 1;

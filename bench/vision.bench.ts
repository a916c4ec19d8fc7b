/**
 * Issue 14: vision on the built app. `POST /v1/vision/ground` on a frame the local painter
 * painted (a live world's entrance: the scene manifest answers, no pixels are read) beside the
 * bare route (the floor of this stack), in one run on the embedded engine. Goal: ≥ 0.6× the
 * floor's requests/s. The offline detector's own p50 on a 1280×720 frame (with the first call
 * timed apart) is `bench/detector.bench.ts`.
 * `npx tsx bench/vision.bench.ts` after `npm run build`; exits 1 when the goal is missed.
 */
import { cli, engines, load, startNext, table } from "./support";

const GOAL = 0.6;
const all = await engines();
const engine = all[0];
const rows: (string | number)[][] = [];
let pass = false;
// A day's quota would run out under load: this bench measures the route, not the cap.
const server = await startNext({ ...engine!.env, QUOTA_VISION_GROUND_PER_DAY: "100000000", QUOTA_GENERATION_PER_DAY: "1000" }, 3191);
try {
  const boot = await cli<{ keys: { sk_live: string } }>(server.env, ["bootstrap", "--email", `bench-vision-${Date.now()}@example.com`]);
  const headers = { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" };
  const made = await fetch(`${server.url}/v1/worlds`, {
    method: "POST",
    headers,
    body: JSON.stringify({ premise: "A lighthouse keeper hears a drowned bell ringing under a stormy sea" }),
  });
  if (made.status !== 200) throw new Error(`the world was not generated: ${made.status} ${await made.text()}`);
  const { worldId } = (await made.json()) as { worldId: string };
  const body = JSON.stringify({ frame: { worldId }, phrases: ["lighthouse", "keeper", "sea"] });
  const first = await fetch(`${server.url}/v1/vision/ground`, { method: "POST", headers, body });
  const answer = (await first.json()) as { source?: string };
  if (first.status !== 200 || answer.source !== "manifest")
    throw new Error(`ground did not answer from the manifest: ${first.status} ${JSON.stringify(answer)}`);

  await load(`${server.url}/api/live`, { seconds: 2 }); // warm-up
  await load(`${server.url}/v1/vision/ground`, { method: "POST", headers, body, seconds: 2 });
  const floor = await load(`${server.url}/api/live`);
  const ground = await load(`${server.url}/v1/vision/ground`, { method: "POST", headers, body });
  const ratio = ground.requestsPerSecond / floor.requestsPerSecond;
  pass = ratio >= GOAL && ground.non2xx === 0;
  rows.push([engine!.name, "GET /api/live (floor)", floor.requestsPerSecond.toFixed(0), floor.p50, floor.p99, "1.00", "", floor.non2xx]);
  rows.push([
    engine!.name,
    "POST /v1/vision/ground (painted frame, manifest)",
    ground.requestsPerSecond.toFixed(0),
    ground.p50,
    ground.p99,
    ratio.toFixed(2),
    `${pass ? "pass" : "FAIL"} (≥ ${GOAL})`,
    ground.non2xx,
  ]);
} finally {
  await server.stop();
  for (const e of all) await e.cleanup();
}
console.log("\n## Vision ground on a painted frame vs the floor (issue 14)\n");
console.log(table(["engine", "route", "req/s", "p50 ms", "p99 ms", "× floor", "goal", "non-2xx"], rows));
process.exit(pass ? 0 : 1);

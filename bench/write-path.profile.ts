/**
 * Where the write path's time goes (issue 30, item 7): a V8 CPU profile of the import of the
 * maximal world and of 10-op batches on it, taken in process over HTTP on the real route handlers
 * (tests/support/test-server.ts, no `next build`), summed by self time per file of the project
 * (per package under node_modules; V8's own buckets as they are). Not a bench (`npm run bench`
 * ignores it, and in-process numbers include the client): it says which part to look at, the
 * bench says whether it got faster. `npx tsx bench/write-path.profile.ts`, on PostgreSQL when
 * TEST_DATABASE_URL is set (a database of its own is created), else embedded.
 */
import { Session, type Profiler } from "node:inspector/promises";
import path from "node:path";
import { makeLargeWorld } from "@/lib/kernel/fixtures";
import { startTestServer } from "../tests/support/test-server";
import { ROOT, table } from "./support";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);

function category(url: string, functionName: string): string {
  if (!url) return functionName ? `(${functionName.replace(/^\(|\)$/g, "")})` : "(anonymous native)";
  const file = url.startsWith("file://") ? new URL(url).pathname : url;
  const modules = file.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = file.slice(modules + "/node_modules/".length).split("/");
    return `npm:${rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (file.startsWith("node:")) return file.split("/").slice(0, 2).join("/");
  return `${path.relative(ROOT, file)} ${functionName || "(anonymous)"}`;
}

function summarize(profile: Profiler.Profile): { rows: [string, number][]; total: number } {
  const self = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const byCategory = new Map<string, number>();
  let total = 0;
  const parent = new Map<number, Profiler.ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    // Idle, and the profiler's own work when it is stopped.
    if (node.callFrame.functionName === "(idle)" || (node.callFrame.functionName === "dispatch" && !node.callFrame.url)) continue;
    total += us;
    let name = category(node.callFrame.url, node.callFrame.functionName);
    // Node's and V8's own functions are named with the nearest caller of the project's (or of a package).
    if (!node.callFrame.url || name.startsWith("node:")) {
      let caller = parent.get(node.id);
      while (caller && !(caller.callFrame.url && !category(caller.callFrame.url, "").startsWith("node:"))) caller = parent.get(caller.id);
      if (caller) name += ` ← ${category(caller.callFrame.url, caller.callFrame.functionName)}`;
    }
    byCategory.set(name, (byCategory.get(name) ?? 0) + us);
  }
  return { rows: [...byCategory].sort((a, b) => b[1] - a[1]), total };
}

const server = await startTestServer({ env: { QUOTA_GENERATION_PER_DAY: "100000", LOG_LEVEL: "error" } });
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 200 });
try {
  const { runCliCommand } = await import("@/lib/cli/commands");
  const boot = (await runCliCommand("bootstrap", { email: `profile-${Date.now()}@example.com` })) as { keys: { sk_test: string } };
  const headers = { authorization: `Bearer ${boot.keys.sk_test}`, "content-type": "application/json" };
  const large = makeLargeWorld({ states: 500, events: 2000 });
  const importBody = JSON.stringify({ world: large });
  const post = async (url: string, body: string) => {
    const res = await fetch(`${server.url}${url}`, { method: "POST", headers, body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
    return text;
  };
  const target = JSON.parse(await post("/v1/worlds", importBody)) as { worldId: string };
  const stateIds = Object.keys(large.scene.states);
  const opsBody = (i: number) =>
    JSON.stringify({
      ops: Array.from({ length: 10 }, (_, j) => ({
        op: "update_state",
        id: stateIds[(i * 10 + j) % stateIds.length],
        patch: { base: `r ${i}.${j}` },
      })),
    });
  // Warm-up: plans, caches, JIT.
  for (let i = 0; i < 5; i++) await post("/v1/worlds", importBody);
  for (let i = 0; i < 10; i++) await post(`/v1/worlds/${target.worldId}/ops`, opsBody(i));

  for (const [name, send] of [
    ["import", () => post("/v1/worlds", importBody)],
    ["10 ops", (i: number) => post(`/v1/worlds/${target.worldId}/ops`, opsBody(100 + i))],
  ] as const) {
    await session.post("Profiler.start");
    const started = performance.now();
    for (let i = 0; i < SAMPLES; i++) await send(i);
    const wall = (performance.now() - started) / SAMPLES;
    const { profile } = await session.post("Profiler.stop");
    const { rows, total } = summarize(profile);
    const per = (us: number) => (us / 1000 / SAMPLES).toFixed(2);
    console.log(`\n## ${name}: ${wall.toFixed(1)} ms a request (wall), ${per(total)} ms of it on the CPU of this process\n`);
    console.log(
      table(
        ["self time of", "ms a request", "share"],
        rows.slice(0, 18).map(([c, us]) => [c, per(us), `${((100 * us) / total).toFixed(0)} %`]),
      ),
    );
  }
} finally {
  session.disconnect();
  await server.close();
}
process.exit(0);

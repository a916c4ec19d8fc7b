/**
 * Issue 27: a local say turn as a player waits for it. Two parts, one table:
 * - the brain alone (lib/ai/brain, in this process): the six sample characters' scripts, turn by
 *   turn with their history, as the embed plays them;
 * - the built server (`next start`, per engine): a live, metered character of the local provider
 *   answering one player's turns one after another (the embed sends one at a time), with the
 *   history the embed sends, beside the bare route `GET /api/live` timed the same way.
 * Goal: the server's say turn p50 ≤ 50 ms.
 */
import { performance } from "node:perf_hooks";
import { localChat } from "../lib/ai/brain";
import { CAST, scriptLines } from "../lib/ai/brain/sample-cast";
import { cli, engines, startNext, table } from "./support";

const GOAL_P50_MS = 50;
const TURNS = Number(process.env.BENCH_TURNS ?? 150);

const quantile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
};

/** The turns of every script in order, each with the history the embed would send (its last 24 lines). */
function conversation(count: number) {
  const out: { member: (typeof CAST)[number]; text: string; history: { role: string; text: string }[] }[] = [];
  for (let i = 0; out.length < count; i++) {
    const member = CAST[i % CAST.length]!;
    const history = [{ role: "character", text: member.character.greeting }];
    for (const { text } of scriptLines(member.script)) {
      out.push({ member, text, history: history.slice(-24) });
      history.push({ role: "user", text }, { role: "character", text: `(reply ${history.length})` });
    }
  }
  return out.slice(0, count);
}

const rows: (string | number)[][] = [];

// The brain alone.
{
  const turns = conversation(TURNS);
  for (const t of turns.slice(0, 30))
    localChat({
      character: t.member.character,
      text: t.text,
      currentStance: t.member.character.stances[0]!.id,
      history: t.history,
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
    });
  const samples: number[] = [];
  // Each line new to the brain (a history line is read once and remembered; a new line never is).
  for (const [i, t] of turns.entries()) {
    const t0 = performance.now();
    localChat({
      character: t.member.character,
      text: `${t.text} (${i})`,
      currentStance: t.member.character.stances[0]!.id,
      history: t.history,
      affect: { v: 0, a: 0, d: 0, rapport: 0 },
    });
    samples.push(performance.now() - t0);
  }
  rows.push(["in process", "local brain (lib/ai/brain)", quantile(samples, 0.5).toFixed(2), quantile(samples, 0.99).toFixed(2), ""]);
}

let failed = false;
for (const engine of await engines()) {
  const server = await startNext(engine.env, 3193);
  try {
    const boot = await cli<{ appId: string; keys: { sk_live: string } }>(server.env, [
      "bootstrap",
      "--email",
      `say-${Date.now()}@example.com`,
    ]);
    const key = { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" };
    const post = async (path: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(server.url + path, { method: "POST", headers, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    // One live, metered character per sample character, and a player with chat time to spend.
    const ids = new Map<string, string>();
    for (const { character } of CAST) {
      const { name, persona, lore, greeting, examples, scene, stances, speakingDetail } = character;
      ids.set(
        name,
        (await post("/v1/characters", { name, persona, lore, greeting, examples, scene, stances, speakingDetail }, key)).id as string,
      );
    }
    await cli(server.env, ["chat", "credit", "add", "--app", boot.appId, "--user", "bench-player", "--seconds", "10000000"]);
    const tokens = new Map<string, string>();
    for (const [name, id] of ids)
      tokens.set(
        name,
        (await post("/v1/sessions/token", { characterId: id, ttlSeconds: 3600, userRef: "bench-player" }, key)).token as string,
      );

    const turns = conversation(TURNS);
    let n = 0;
    const sayOnce = async (t: (typeof turns)[number]) => {
      const name = t.member.character.name;
      const t0 = performance.now();
      await post(
        `/v1/characters/${ids.get(name)}/say`,
        { text: `${t.text} (${n++})`, history: t.history },
        { authorization: `Bearer ${tokens.get(name)}`, "content-type": "application/json" },
      );
      return performance.now() - t0;
    };
    const liveOnce = async () => {
      const t0 = performance.now();
      await (await fetch(`${server.url}/api/live`)).text();
      return performance.now() - t0;
    };
    for (const t of turns.slice(0, 12)) await sayOnce(t); // warm-up: the route, the brain, each character's facts
    for (let i = 0; i < 20; i++) await liveOnce();
    const say: number[] = [];
    const live: number[] = [];
    for (const t of turns) {
      say.push(await sayOnce(t));
      live.push(await liveOnce());
    }
    const p50 = quantile(say, 0.5);
    const pass = p50 <= GOAL_P50_MS;
    if (!pass) failed = true;
    rows.push([engine.name, "GET /api/live (floor), one at a time", quantile(live, 0.5).toFixed(2), quantile(live, 0.99).toFixed(2), ""]);
    rows.push([
      engine.name,
      "POST /v1/characters/{id}/say (live, metered, local), one at a time",
      p50.toFixed(2),
      quantile(say, 0.99).toFixed(2),
      `${pass ? "pass" : "FAIL"} (p50 ≤ ${GOAL_P50_MS} ms)`,
    ]);
  } finally {
    await server.stop();
    await engine.cleanup();
  }
}
console.log("\n## A local say turn (issue 27)\n");
console.log(table(["engine", "what", "p50 ms", "p99 ms", "goal"], rows));
if (failed) process.exitCode = 1;

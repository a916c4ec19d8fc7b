/**
 * Issue 19, load: a mixed workload against the built app (`next start`) on a fresh PostgreSQL
 * database, every route at once for LOAD_SECONDS (default 60): world reads, ops writes with
 * If-Match (two writers per world, so some lose the race with 412), imports, session tokens
 * with heartbeats, talk turns, vision checks and scenario batch submits. One autocannon run a
 * route, all started together, so each route's p99 is its own. Afterwards it checks that
 * nothing answered 5xx and nothing was lost: every state a 200 ops write added is in the final
 * graph, every state a 412 refused is not (and nothing else is), every 201 import is listed and
 * every 202 batch exists.
 *
 *   npm run bench -- load                     (60 s; builds first)
 *   LOAD_SECONDS=10 npx tsx bench/load.bench.ts   (an already built app)
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres); a
 * database of its own is created and dropped. LOAD_PORT (default 3106) is where it serves.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { encode } from "fast-png";
import pg from "pg";
import { makeEvent, makeSmallWorld, makeState } from "@/lib/kernel/fixtures";
import { cli, startNext, table } from "./support";

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PORT = Number(process.env.LOAD_PORT ?? 3106);
const WORLDS = 4;
/** A small PNG frame for vision checks (the test key's mock looks at nothing else). */
const FRAME = Buffer.from(encode({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 3).fill(120), channels: 3 })).toString("base64");

// ---------------------------------------------------------------- a database of its own

const base = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `worlds_load_${randomBytes(4).toString("hex")}`;
async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
await admin(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(base);
dbUrl.pathname = `/${dbName}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-load-"));
const lifted = Object.fromEntries(
  ["GENERATION", "SEED_FRAME", "SAY", "TTS", "VISION_GROUND", "VISION_DESCRIBE", "VISION_CHECK", "EDIT"].map((k) => [
    `QUOTA_${k}_PER_DAY`,
    "10000000",
  ]),
);
const server = await startNext({ DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), ...lifted }, PORT);

/** A world the local painter draws knowably (the shape of tests/support/scenarios.ts's lighthouse). */
function lighthouse() {
  return {
    ...makeSmallWorld(),
    name: "Lighthouse",
    subject: "a lighthouse keeper",
    entrance: { image: { src: "https://example.test/a.png", label: "The shore" }, state: "shore" },
    scene: {
      states: {
        shore: makeState("shore", { base: "A lighthouse above a stormy sea at dawn" }),
        lamp: makeState("lamp", { base: "The lamp room at the top of the lighthouse, a great lamp" }),
        end: makeState("end", {
          base: "A boat on the open sea",
          ending: { isEnding: true, outcome: "good", title: "Away", text: "You sail away" },
        }),
      },
      events: [makeEvent("shore", "climb", "lamp", "1"), makeEvent("lamp", "sail", "end", "1")],
    },
  };
}

type Counts = Record<string, number>;
interface RouteRun {
  name: string;
  result: autocannon.Result;
}

let failed = false;
try {
  const boot = await cli<{ keys: { sk_test: string; sk_live: string } }>(server.env, [
    "bootstrap",
    "--email",
    `load-${Date.now()}@example.com`,
  ]);
  const live = { authorization: `Bearer ${boot.keys.sk_live}`, "content-type": "application/json" };
  const test = { authorization: `Bearer ${boot.keys.sk_test}`, "content-type": "application/json" };
  /** The fields the bench reads from a response body. */
  type Body = {
    worldId?: string;
    id?: string;
    characterId?: string;
    token?: string;
    rev?: string;
    world?: { scene: { states: Record<string, unknown> } };
    nextCursor?: string | null;
  } & Record<string, unknown>;
  const call = async (method: string, pathname: string, headers: Record<string, string>, body?: unknown): Promise<Body> => {
    const res = await fetch(server.url + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as Body;
    if (res.status >= 300) throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const listAll = async (pathname: string, key: string, headers: Record<string, string>) => {
    const out: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page = await call("GET", `${pathname}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, headers);
      out.push(...(page[key] as unknown[]));
      cursor = page.nextCursor ?? null;
    } while (cursor);
    return out;
  };

  // Setup: live worlds to read and write, a test world for vision and scenarios, a character to talk to.
  const worlds: { id: string; rev: string; states: number }[] = [];
  for (let i = 0; i < WORLDS; i++) {
    const created = await call("POST", "/v1/worlds", live, { world: makeSmallWorld() });
    const world = await call("GET", `/v1/worlds/${created.worldId}`, live);
    worlds.push({ id: created.worldId!, rev: world.rev!, states: Object.keys(world.world!.scene.states).length });
  }
  const scenarioWorld = (await call("POST", "/v1/worlds", test, { world: lighthouse() })).worldId as string;
  const character = await call("POST", "/v1/characters", test, {
    name: "Ilse",
    persona: "You are Ilse, keeper of the salt lighthouse.",
    greeting: "Mind the stairs.",
  });
  const characterId = (character.characterId ?? character.id) as string;
  const talkToken = (await call("POST", "/v1/sessions/token", test, { characterId, ttlSeconds: 3600 })).token as string;
  const importsBefore = (await listAll("/v1/worlds", "worlds", test)).length;
  const batchesBefore = (await listAll("/v1/scenario-batches", "batches", test)).length;

  // What the writers saw, to check against the final graphs.
  const revs = worlds.map((w) => w.rev);
  const added = worlds.map(() => new Set<string>());
  const refused = worlds.map(() => new Set<string>());
  const untracked: string[] = [];
  // Sent, not yet answered: a request in flight when the run ends is applied by the server, but
  // autocannon records no answer for it.
  const pending = new Set<string>();
  let sequence = 0;
  let writeTurn = 0;
  let readTurn = 0;

  const run = (name: string, options: Partial<autocannon.Options>): Promise<RouteRun> =>
    new Promise((resolve, reject) => {
      autocannon({ url: server.url, duration: SECONDS, connections: 2, timeout: 30, ...options } as autocannon.Options, (error, result) =>
        error ? reject(error) : resolve({ name, result }),
      );
    });

  const runs = await Promise.all([
    run("GET /v1/worlds/{id}", {
      connections: 4,
      requests: [
        { method: "GET", headers: live, setupRequest: (req) => ({ ...req, path: `/v1/worlds/${worlds[readTurn++ % WORLDS]!.id}` }) },
      ],
    }),
    run("POST /v1/worlds/{id}/ops (If-Match)", {
      // Two connections per world: each sends the rev it last saw, so some writes race and lose.
      connections: WORLDS * 2,
      requests: [
        {
          method: "POST",
          setupRequest: (req, context: object) => {
            const w = writeTurn++ % WORLDS;
            const stateId = `load-${++sequence}`;
            Object.assign(context, { w, stateId });
            pending.add(stateId);
            return {
              ...req,
              path: `/v1/worlds/${worlds[w]!.id}/ops`,
              headers: { ...live, "if-match": `"${revs[w]}"` },
              body: JSON.stringify({ ops: [{ op: "add_state", id: stateId, base: `Room ${sequence}` }] }),
            };
          },
          onResponse: (status, body, context: object) => {
            const { w, stateId } = context as { w?: number; stateId?: string };
            if (w === undefined || stateId === undefined) return void untracked.push(`${status}`);
            pending.delete(stateId);
            const json = JSON.parse(body) as { rev?: string; currentRev?: string };
            if (status === 200) {
              added[w]!.add(stateId);
              revs[w] = json.rev!;
            } else if (status === 412) {
              refused[w]!.add(stateId);
              if (json.currentRev) revs[w] = json.currentRev;
            } else untracked.push(`${status} ${body.slice(0, 200)}`);
          },
        },
      ],
    }),
    run("POST /v1/worlds (import)", {
      connections: 1,
      overallRate: 10,
      requests: [{ method: "POST", path: "/v1/worlds", headers: test, body: JSON.stringify({ world: makeSmallWorld() }) }],
    }),
    run("POST /v1/sessions/token + POST /v1/runtime/heartbeat", {
      connections: 2,
      overallRate: 40,
      requests: [
        {
          method: "POST",
          path: "/v1/sessions/token",
          headers: live,
          body: JSON.stringify({ worldId: worlds[0]!.id }),
          onResponse: (_status, body, context: object) => {
            const json = JSON.parse(body) as { token?: string; sessionId?: string };
            Object.assign(context, { token: json.token, sessionId: json.sessionId });
          },
        },
        {
          method: "POST",
          path: "/v1/runtime/heartbeat",
          setupRequest: (req, context: object) => {
            const { token, sessionId } = context as { token?: string; sessionId?: string };
            return {
              ...req,
              headers: { authorization: `Bearer ${String(token)}`, "content-type": "application/json" },
              body: JSON.stringify({ sessionId, seconds: 1 }),
            };
          },
        },
      ],
    }),
    run("POST /v1/characters/{id}/say", {
      connections: 1,
      overallRate: 10,
      requests: [
        {
          method: "POST",
          path: `/v1/characters/${characterId}/say`,
          headers: { authorization: `Bearer ${talkToken}`, "content-type": "application/json" },
          body: JSON.stringify({ text: "What is the lamp?" }),
        },
      ],
    }),
    run("POST /v1/vision/check", {
      connections: 1,
      overallRate: 10,
      requests: [
        {
          method: "POST",
          path: "/v1/vision/check",
          headers: test,
          body: JSON.stringify({ frame: { b64: FRAME }, expect: [{ label: "cup" }] }),
        },
      ],
    }),
    run("POST /v1/scenario-batches", {
      connections: 1,
      overallRate: 1,
      requests: [
        {
          method: "POST",
          path: "/v1/scenario-batches",
          headers: test,
          body: JSON.stringify({
            worldId: scenarioWorld,
            clips: [{ kind: "variation", from: "shore", path: ["climb"], apply: { weather: "fog" }, expect: { reach: "lamp" } }],
          }),
        },
      ],
    }),
  ]);

  // ---------------------------------------------------------------- the checks
  const problems: string[] = [];
  const rows = runs.map(({ name, result }) => {
    const codes: Counts = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) codes[code] = Number(count);
    const fivexx = Object.entries(codes)
      .filter(([code]) => code.startsWith("5"))
      .reduce((n, [, c]) => n + c, 0);
    if (fivexx > 0) problems.push(`${name}: ${fivexx} responses 5xx`);
    if (result.errors > 0 || result.timeouts > 0) problems.push(`${name}: ${result.errors} connection errors, ${result.timeouts} timeouts`);
    return [
      name,
      result.requests.total,
      result.requests.average.toFixed(1),
      result.latency.p50,
      result.latency.p99,
      result.latency.max,
      Object.entries(codes)
        .map(([c, n]) => `${c}×${n}`)
        .join(" "),
      fivexx,
    ];
  });
  if (untracked.length > 0) problems.push(`ops writes with an unexpected answer: ${untracked.slice(0, 5).join("; ")}`);

  let kept = 0;
  let lost = 0;
  let inFlightApplied = 0;
  let leaked = 0;
  for (let w = 0; w < WORLDS; w++) {
    const final = await call("GET", `/v1/worlds/${worlds[w]!.id}`, live);
    const states = new Set(Object.keys(final.world!.scene.states));
    for (const id of added[w]!) {
      if (states.has(id)) kept++;
      else lost++;
    }
    for (const id of refused[w]!) if (states.has(id)) leaked++;
    // Nothing else was written: a state beyond the initial ones and the 200s is one in flight at the end.
    const extra = [...states].filter((id) => id.startsWith("load-") && !added[w]!.has(id));
    inFlightApplied += extra.length;
    for (const id of extra)
      if (!pending.has(id)) problems.push(`world ${w}: state ${id} is in the graph but was neither answered 200 nor in flight`);
    const expected = worlds[w]!.states + added[w]!.size + extra.length;
    if (states.size !== expected) problems.push(`world ${w}: ${states.size} states, expected ${expected} (initial + every 200 write)`);
  }
  if (lost > 0) problems.push(`${lost} states a 200 write added are missing from the final graph`);
  if (leaked > 0) problems.push(`${leaked} states a 412 refused are in the final graph`);
  const importStatus = Number(runs.find((r) => r.name.startsWith("POST /v1/worlds (import)"))!.result.statusCodeStats?.["201"]?.count ?? 0);
  const imports = (await listAll("/v1/worlds", "worlds", test)).length - importsBefore;
  // At most one request a connection is in flight when the run ends (applied, unanswered).
  if (imports < importStatus || imports > importStatus + 1)
    problems.push(`${importStatus} imports answered 201 but ${imports} new worlds are listed`);
  const batchStatus = Number(runs.find((r) => r.name === "POST /v1/scenario-batches")!.result.statusCodeStats?.["202"]?.count ?? 0);
  const batches = (await listAll("/v1/scenario-batches", "batches", test)).length - batchesBefore;
  if (batches < batchStatus || batches > batchStatus + 1)
    problems.push(`${batchStatus} batch submits answered 202 but ${batches} new batches are listed`);
  const refusedCount = refused.reduce((n, s) => n + s.size, 0);

  console.log(`\n## Mixed load on PostgreSQL, ${SECONDS} s, all routes at once (issue 19)\n`);
  console.log(table(["route", "requests", "req/s", "p50 ms", "p99 ms", "max ms", "statuses", "5xx"], rows));
  console.log(
    `\nops writes: ${kept} answered 200, all ${kept} in the final graphs (lost: ${lost}); ${refusedCount} answered 412, none applied (applied: ${leaked}); ${inFlightApplied} sent as the run ended, applied without an answer. Imports: ${importStatus} answered 201, ${imports} listed. Batches: ${batchStatus} answered 202, ${batches} listed.`,
  );
  if (problems.length > 0) {
    failed = true;
    console.log(`\nFAIL:\n- ${problems.join("\n- ")}`);
  } else console.log("\npass: zero 5xx, zero lost writes");
} finally {
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

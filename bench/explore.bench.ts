/**
 * Issue 28: Explore over 100,000 public worlds and likes under load, on PostgreSQL, beside the
 * bare route (`GET /api/live`, the floor of this stack) in the same run.
 * Goals: Explore's first page p50 ≤ 20 ms; a like ≥ 0.7× the floor's requests/s.
 * Also prints the query plan of each Explore statement (docs/explore.md "Indexes and query plans").
 *
 *   flock /work/heavy.lock npm run bench -- explore
 */
import autocannon from "autocannon";
import pg from "pg";
import { cli, engines, load, startNext, table } from "./support";

const WORLDS = Number(process.env.BENCH_EXPLORE_WORLDS ?? 100_000);
const PLAYERS = Number(process.env.BENCH_LIKE_PLAYERS ?? 4000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);

const WORDS =
  "lighthouse bell storm comet greenhouse market chef orchard samurai diver ship compass tower garden harbor lantern forest desert castle station river".split(
    " ",
  );

/** Seeds `WORLDS` public live worlds (and a fifth as many private and test ones that must never show) straight into the table. */
async function seed(url: string, appId: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}]`;
  await db.query(
    `INSERT INTO worlds (id, app_id, mode, kind, slug, name, description, visibility, graph_pieces, rev, session_count, like_count, created_at, updated_at)
     SELECT gen_random_uuid(), $1::uuid, CASE WHEN i % 12 = 0 THEN 'test' ELSE 'live' END, CASE WHEN i % 20 = 0 THEN 'character' ELSE 'world' END,
       CASE WHEN i % 12 = 0 THEN NULL ELSE 'bench-' || i END,
       initcap((${words})[1 + i % 21]) || ' of the ' || (${words})[1 + (i / 21) % 21] || ' ' || i,
       'A ' || (${words})[1 + (i / 7) % 21] || ' and a ' || (${words})[1 + (i / 3) % 21] || ' under a ' || (${words})[1 + (i / 11) % 21] || ' sky.',
       CASE WHEN i % 12 = 0 THEN 'private' WHEN i % 6 = 1 THEN 'private' WHEN i % 6 = 5 THEN 'unlisted' ELSE 'public' END,
       ARRAY[]::text[], 'bench', (random() * 5000)::int, (random() * 800)::int, now() - i * interval '7 seconds', now()
     FROM generate_series(1, $2::int) AS i`,
    [appId, Math.round(WORLDS * 1.72)],
  );
  // Settled as autovacuum leaves a table: statistics, and the visibility map an index-only read uses.
  await db.query("VACUUM ANALYZE worlds");
  const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM worlds WHERE visibility = 'public' AND mode = 'live'`)).rows as [
    { n: number },
  ];
  console.log(`seeded ${n} public live worlds (${Math.round(WORLDS * 1.72)} rows in all)`);
  await db.end();
}

async function plans(url: string): Promise<void> {
  const { exploreStatement, searchQuery } = await import("../lib/explore/explore");
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const [last] = (
    await db.query(
      `SELECT id, like_count FROM worlds WHERE visibility = 'public' AND mode = 'live' ORDER BY like_count DESC, id DESC OFFSET 23 LIMIT 1`,
    )
  ).rows as [{ id: string; like_count: number }];
  const cases = [
    ["first page, newest", exploreStatement({ sort: "new", limit: 24 }, null, null)],
    ["first page, most played", exploreStatement({ sort: "plays", limit: 24 }, null, null)],
    ["first page, most liked", exploreStatement({ sort: "likes", limit: 24 }, null, null)],
    ["next page, most liked", exploreStatement({ sort: "likes", limit: 24 }, null, { sort: "likes", value: last.like_count, id: last.id })],
    ["search `light bell`, newest", exploreStatement({ sort: "new", limit: 24 }, searchQuery("light bell"), null)],
    ["search `samurai`, most liked", exploreStatement({ sort: "likes", limit: 24 }, searchQuery("samurai"), null)],
    ["characters, most played", exploreStatement({ sort: "plays", kind: "character", limit: 24 }, null, null)],
  ] as const;
  for (const [name, statement] of cases) {
    const { rows } = await db.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING ON, SUMMARY ON) ${statement.sql}`, statement.params);
    console.log(`\n### ${name}\n\n\`\`\`\n${rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}\n\`\`\``);
  }
  await db.end();
}

/** Like (and unlike, alternately, so every request writes) under load: each request a player of `ids` on a world of `worlds`. */
async function likeLoad(base: string, ids: string[], worlds: string[]) {
  let n = 0;
  const result = await autocannon({
    url: base,
    duration: SECONDS,
    connections: 10,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const world = worlds[i % worlds.length]!;
          const player = ids[Math.floor(i / worlds.length) % ids.length]!;
          return {
            ...req,
            method: Math.floor(i / (worlds.length * ids.length)) % 2 === 0 ? "PUT" : "DELETE",
            path: `/v1/likes/${world}`,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ playerId: player }),
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    non2xx: result.non2xx,
  };
}

const rows: (string | number)[][] = [];
const engine = (await engines()).find((e) => e.name === "postgres");
if (!engine) {
  console.error("Explore's bench runs on PostgreSQL only (BENCH_DATABASE_URL).");
  process.exit(0);
}
const limits = {
  LIKES_PER_MINUTE_PER_PLAYER: "1000000",
  LIKES_BURST_PER_PLAYER: "1000000",
  LIKES_PER_MINUTE_PER_ADDRESS: "100000000",
  LIKES_BURST_PER_ADDRESS: "1000000",
  PLAYER_IDS_PER_HOUR_PER_ADDRESS: "100000000",
};
const server = await startNext({ ...engine.env, ...limits }, 3193);
try {
  const boot = await cli<{ appId: string }>(server.env, ["bootstrap", "--email", `bench-${Date.now()}@example.com`]);
  await seed(engine.env.DATABASE_URL!, boot.appId);
  await plans(engine.env.DATABASE_URL!);

  await load(`${server.url}/api/live`, { seconds: 2 }); // warm-up
  const floor = await load(`${server.url}/api/live`);
  const floor1 = await load(`${server.url}/api/live`, { connections: 1 });
  rows.push([
    "GET /api/live (floor)",
    10,
    floor.requestsPerSecond.toFixed(0),
    floor.mean.toFixed(2),
    floor.p50,
    floor.p99,
    "1.00",
    "",
    floor.non2xx,
  ]);
  rows.push([
    "GET /api/live (floor)",
    1,
    floor1.requestsPerSecond.toFixed(0),
    floor1.mean.toFixed(2),
    floor1.p50,
    floor1.p99,
    "",
    "",
    floor1.non2xx,
  ]);

  const first = await (await fetch(`${server.url}/v1/explore?sort=likes`)).json();
  for (const [name, path] of [
    ["Explore first page (newest)", "/v1/explore"],
    ["Explore first page (most played)", "/v1/explore?sort=plays"],
    ["Explore first page (most liked)", "/v1/explore?sort=likes"],
    ["Explore next page (most liked)", `/v1/explore?sort=likes&cursor=${first.nextCursor}`],
    ["Explore search `light bell`", "/v1/explore?q=light%20bell"],
  ] as const) {
    await load(`${server.url}${path}`, { seconds: 1, connections: 1 });
    const one = await load(`${server.url}${path}`, { connections: 1 });
    rows.push([
      name,
      1,
      one.requestsPerSecond.toFixed(0),
      one.mean.toFixed(2),
      one.p50,
      one.p99,
      "",
      one.p50 <= 20 ? "pass (p50 ≤ 20 ms)" : "FAIL (p50 ≤ 20 ms)",
      one.non2xx,
    ]);
    const many = await load(`${server.url}${path}`);
    rows.push([
      name,
      10,
      many.requestsPerSecond.toFixed(0),
      many.mean.toFixed(2),
      many.p50,
      many.p99,
      (many.requestsPerSecond / floor.requestsPerSecond).toFixed(2),
      "",
      many.non2xx,
    ]);
  }

  // Likes: anonymous players (minted first), on 1,000 worlds and on one hot world.
  const ids: string[] = [];
  for (let i = 0; i < PLAYERS; i += 50)
    ids.push(
      ...(await Promise.all(
        Array.from(
          { length: 50 },
          async () => ((await (await fetch(`${server.url}/v1/players`, { method: "POST" })).json()) as { playerId: string }).playerId,
        ),
      )),
    );
  const { rows: spread } = await (async () => {
    const db = new pg.Client({ connectionString: engine.env.DATABASE_URL });
    await db.connect();
    const found = await db.query(`SELECT id FROM worlds WHERE visibility = 'public' AND mode = 'live' ORDER BY created_at DESC LIMIT 1000`);
    await db.end();
    return found;
  })();
  const worlds = spread.map((r: { id: string }) => r.id);
  for (const [name, targets] of [
    ["PUT/DELETE /v1/likes/{id}, 1,000 worlds", worlds],
    ["PUT/DELETE /v1/likes/{id}, one hot world", worlds.slice(0, 1)],
  ] as const) {
    const r = await likeLoad(server.url, ids, [...targets]);
    const ratio = r.requestsPerSecond / floor.requestsPerSecond;
    rows.push([
      name,
      10,
      r.requestsPerSecond.toFixed(0),
      r.mean.toFixed(2),
      r.p50,
      r.p99,
      ratio.toFixed(2),
      ratio >= 0.7 ? "pass (≥ 0.7)" : "FAIL (≥ 0.7)",
      r.non2xx,
    ]);
  }
} finally {
  await server.stop();
  await engine.cleanup();
}
console.log(`\n## Explore over ${WORLDS.toLocaleString("en-US")} public worlds and likes, PostgreSQL (issue 28)\n`);
console.log(table(["route", "connections", "req/s", "mean ms", "p50 ms", "p99 ms", "× floor", "goal", "non-2xx"], rows));

/**
 * Issue 2: the cost of key resolution and the route wrapper. Side by side in one run, per
 * engine: the bare route (the floor of this stack) and an authenticated GET /v1/apps/{id}/keys.
 * Goal: the authenticated route serves ≥ 0.7× the floor's requests/s.
 */
import { cli, engines, load, startNext, table } from "./support";

const rows: (string | number)[][] = [];
for (const engine of await engines()) {
  const server = await startNext(engine.env, 3190);
  try {
    const boot = await cli<{ userToken: string; appId: string }>(server.env, ["bootstrap", "--email", `bench-${Date.now()}@example.com`]);
    const auth = { authorization: `Bearer ${boot.userToken}` };
    await load(`${server.url}/api/live`, { seconds: 2 }); // warm-up
    await load(`${server.url}/v1/apps/${boot.appId}/keys`, { headers: auth, seconds: 2 });
    const floor = await load(`${server.url}/api/live`);
    const keys = await load(`${server.url}/v1/apps/${boot.appId}/keys`, { headers: auth });
    const ratio = keys.requestsPerSecond / floor.requestsPerSecond;
    rows.push([engine.name, "GET /api/live (floor)", floor.requestsPerSecond.toFixed(0), floor.p50, floor.p99, "1.00", "", floor.non2xx]);
    rows.push([
      engine.name,
      "GET /v1/apps/{id}/keys (USER)",
      keys.requestsPerSecond.toFixed(0),
      keys.p50,
      keys.p99,
      ratio.toFixed(2),
      ratio >= 0.7 ? "pass (≥ 0.7)" : "FAIL (≥ 0.7)",
      keys.non2xx,
    ]);
  } finally {
    await server.stop();
    await engine.cleanup();
  }
}
console.log("\n## API wrapper vs floor (issue 2)\n");
console.log(table(["engine", "route", "req/s", "p50 ms", "p99 ms", "× floor", "goal", "non-2xx"], rows));

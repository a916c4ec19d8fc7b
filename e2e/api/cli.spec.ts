import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";

// The operator's CLI against the running server of this e2e run (DATA_DIR=.data-e2e): while a
// server owns the embedded database, the CLI must go through it, twice in a row.
function bootstrap(email: string) {
  const out = execFileSync("node_modules/.bin/tsx", ["scripts/worlds.ts", "bootstrap", "--email", email, "--json"], {
    env: { ...process.env, DATA_DIR: ".data-e2e", DATABASE_URL: "" },
    encoding: "utf8",
  });
  expect(out.trim().split("\n")).toHaveLength(1);
  return JSON.parse(out) as { userToken: string; appId: string; keys: Record<string, string> };
}

test("bootstrap twice while the server runs; the printed keys work against it", async ({ request }) => {
  const email = `cli-${Date.now()}@example.com`;
  const first = bootstrap(email);
  const second = bootstrap(email);
  expect(second.appId).not.toBe(first.appId);
  for (const boot of [first, second]) {
    for (const key of Object.values(boot.keys)) {
      const res = await request.get("/v1/usage", { headers: { authorization: `Bearer ${key}` } });
      expect(res.status(), key.slice(0, 8)).toBe(200);
    }
    const keys = await request.get(`/v1/apps/${boot.appId}/keys`, { headers: { authorization: `Bearer ${boot.userToken}` } });
    expect((await keys.json()).keys).toHaveLength(4);
  }
  const created = await request.post("/v1/worlds", {
    headers: { authorization: `Bearer ${second.keys.sk_test}` },
    data: { premise: "A city of bells" },
  });
  expect(created.status()).toBe(200);
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import type { Bootstrap } from "./support/fixtures";
import { bootstrapThrough, startServerProcess, type ServerProcess } from "./support/server-process";
import { startReceiver } from "./support/webhooks";
import { waitFor } from "@/lib/jobs/executor/testing";

// Issue 19, secrets at rest: after a full run (keys made and revoked, a webhook endpoint and its
// deliveries, worlds, session tokens, heartbeats and talk turns), no key secret, webhook secret
// or session token appears in clear in the database (every table's rows as text), in the
// server's logs (its stdout and stderr, at debug level) or in any response, except the one
// creation response that hands it out.

interface Recorded {
  label: string;
  text: string;
}

describe("secrets at rest", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "worlds-secrets-"));
  let child: ServerProcess | undefined;

  afterAll(async () => {
    await child?.kill();
    const { closeDb } = await import("@/lib/db");
    await closeDb();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every secret out of the database, the logs and every response but its creation", async () => {
    child = await startServerProcess(
      dataDir,
      { LOG_LEVEL: "debug", WEBHOOK_ALLOW_HTTP_LOOPBACK: "1", WEBHOOK_RETRY_BASE_MS: "50" },
      { captureLogs: true },
    );
    const url = child.url;
    const responses: Recorded[] = [];
    /** Every response, headers and body, is kept for the scan; `creation` marks the one that may hand out a secret. */
    const call = async (method: string, pathname: string, token: string | undefined, body?: unknown, label = `${method} ${pathname}`) => {
      const res = await fetch(url + pathname, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      responses.push({ label, text: `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${text}` });
      let json: any = {};
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        // not JSON: scanned as text all the same
      }
      return { status: res.status, body: json };
    };

    const boot = (await bootstrapThrough(url, dataDir)) as Bootstrap;
    const secrets = new Map<string, string>(); // secret -> label of the response allowed to carry it
    for (const [name, value] of Object.entries(boot.keys)) if (name.startsWith("sk_")) secrets.set(value, "bootstrap");
    const { userToken, appId } = boot;
    const key = boot.keys.sk_live;

    // Keys: one made, listed, used, revoked, used again.
    const made = await call("POST", `/v1/apps/${appId}/keys`, userToken, { kind: "secret", mode: "live", name: "ci" }, "create key");
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    secrets.set(made.body.secret, "create key");
    expect((await call("GET", `/v1/apps/${appId}/keys`, userToken)).status).toBe(200);
    expect((await call("GET", "/v1/usage", made.body.secret)).status).toBe(200);
    expect((await call("DELETE", `/v1/apps/${appId}/keys/${made.body.id}`, userToken)).status).toBe(200);
    expect((await call("GET", "/v1/usage", made.body.secret)).status).toBe(401);
    // A near miss of a real key must not be echoed either.
    expect((await call("GET", "/v1/usage", `${key}x`)).status).toBe(401);

    // A webhook endpoint, listed, sent a test event that a receiver acknowledges.
    const receiver = await startReceiver(() => 200);
    try {
      const endpoint = await call("POST", `/v1/apps/${appId}/webhooks`, userToken, { url: receiver.url, events: ["*"] }, "create webhook");
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      secrets.set(endpoint.body.secret, "create webhook");
      expect((await call("GET", `/v1/apps/${appId}/webhooks`, userToken)).status).toBe(200);
      const sent = await call("POST", `/v1/apps/${appId}/webhooks/${endpoint.body.id}/test`, userToken, {});
      expect(sent.status).toBe(202);
      const delivered = async () =>
        (await call("GET", `/v1/apps/${appId}/webhooks/${endpoint.body.id}/deliveries`, userToken)).body.deliveries?.[0]?.state ===
        "succeeded";
      await waitFor(delivered, { timeoutMs: 60_000, what: "the test event's delivery" });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }

    // A world, its session token, heartbeats; a character (test mode: offline mocks), its session and talk turns.
    const world = await call("POST", "/v1/worlds", key, { world: makeSmallWorld() });
    expect(world.status).toBe(201);
    const worldId = world.body.worldId as string;
    const minted = await call("POST", "/v1/sessions/token", key, { worldId }, "world token");
    expect(minted.status).toBe(200);
    secrets.set(minted.body.token, "world token");
    expect((await call("GET", "/v1/runtime/world", minted.body.token)).status).toBe(200);
    expect((await call("POST", "/v1/runtime/heartbeat", minted.body.token, { sessionId: minted.body.sessionId, seconds: 5 })).status).toBe(
      200,
    );
    expect((await call("GET", `/v1/worlds/${worldId}`, key)).status).toBe(200);

    const testKey = boot.keys.sk_test;
    const character = await call("POST", "/v1/characters", testKey, {
      name: "Ilse",
      persona: "You are Ilse, keeper of the salt lighthouse.",
    });
    expect(character.status, JSON.stringify(character.body)).toBe(201);
    const characterId = (character.body.characterId ?? character.body.id) as string;
    const talk = await call("POST", "/v1/sessions/token", testKey, { characterId, userRef: "player-1" }, "character token");
    expect(talk.status).toBe(200);
    secrets.set(talk.body.token, "character token");
    for (const text of ["Hello", "What is the lamp?"])
      expect((await call("POST", `/v1/characters/${characterId}/say`, talk.body.token, { text })).status).toBe(200);
    expect((await call("GET", `/v1/characters/${characterId}/transcript?userRef=player-1`, testKey)).status).toBeLessThan(500);
    // A session token of another subject is refused without being echoed.
    expect((await call("POST", `/v1/characters/${characterId}/say`, minted.body.token, { text: "hi" })).status).toBe(401);

    const logs = child.logs();
    await child.kill();
    child = undefined;

    // The database, every public table's rows as text (opened here once the server is gone).
    Object.assign(process.env, { DATA_DIR: dataDir, LOG_LEVEL: "warn" });
    delete process.env.DATABASE_URL;
    const { resetEnvCache } = await import("@/lib/config/env");
    const { resetSecretsCache } = await import("@/lib/config/secrets");
    resetEnvCache();
    resetSecretsCache();
    const { getDb } = await import("@/lib/db");
    const db = await getDb();
    const tables = await db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    const rows: Recorded[] = [];
    for (const { name } of tables) {
      const found = await db.$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM "${name}" t`);
      rows.push({ label: `table ${name}`, text: found.map((r) => r.row).join("\n") });
    }
    // The run did reach the tables: the revoked key and the endpoint are there (as hashes and ciphertext).
    expect(rows.find((r) => r.label === "table webhook_endpoints")?.text).toContain(receiverHost(responses));

    const places: Recorded[] = [...rows, { label: "server logs", text: logs }, ...responses];
    expect(logs.length).toBeGreaterThan(0);
    const leaks: string[] = [];
    for (const [secret, allowed] of secrets) {
      // The whole secret, and its random part alone (a log might cut the prefix off).
      const needles = [secret, secret.replace(/^(sk|pk)_(live|test)_|^whsec_/, "").slice(-24)];
      for (const place of places) {
        if (place.label === allowed) continue;
        if (needles.some((n) => place.text.includes(n))) leaks.push(`${allowed} secret found in ${place.label}`);
      }
    }
    expect(leaks).toEqual([]);
    // The creation responses did carry them (the scan can see a secret where one is).
    for (const [secret, allowed] of secrets)
      if (allowed !== "bootstrap") expect(responses.find((r) => r.label === allowed)?.text).toContain(secret);
  }, 180_000);
});

/** The webhook URL's host:port, as the endpoints table stores it. */
function receiverHost(responses: Recorded[]): string {
  const created = responses.find((r) => r.label === "create webhook")!;
  return /"url":"http:\/\/(127\.0\.0\.1:\d+)/.exec(created.text)![1]!;
}

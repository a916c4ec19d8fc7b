/**
 * What the worlds test files (tests/worlds*.test.ts) share: their server with two users, and
 * the helpers that make and count worlds. `withWorldsServer()` at the top of a file sets the
 * bindings below before its tests run.
 */
import { expect } from "vitest";
import { makeSmallWorld } from "@/lib/kernel/fixtures";
import { bootstrap, type Bootstrap } from "./fixtures";
import { withTestServer, type ApiClient } from "./suite";
import type { TestServer } from "./test-server";

export let server: TestServer;
export let api: ApiClient;
export let me: Bootstrap;
export let other: Bootstrap;

export function withWorldsServer(): void {
  withTestServer(async (started, client) => {
    server = started;
    api = client;
    me = await bootstrap();
    other = await bootstrap();
  });
}

export const sk = () => me.keys.sk_test;

export async function importSmall(token = sk(), overrides: Record<string, unknown> = {}) {
  const res = await api.post("/v1/worlds", { world: makeSmallWorld(), ...overrides }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.worldId as string;
}

export async function countWorlds(token = sk()): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const res: any = await api.get(`/v1/worlds?limit=100${cursor ? `&cursor=${cursor}` : ""}`, token);
    total += res.body.worlds.length;
    cursor = res.body.nextCursor;
  } while (cursor);
  return total;
}

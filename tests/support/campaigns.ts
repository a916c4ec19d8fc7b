/** What the campaign test files share: the fixture book, a webhook receiver, polling and graph checks. */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { expect } from "vitest";
import { buildGraphIndex, checkWorld, type World } from "@/lib/kernel";
import { waitFor } from "@/lib/jobs/executor/testing";
import type { Bootstrap } from "./fixtures";
import type { ApiClient } from "./suite";

/** An original four-chapter story (tests/fixtures), about 22,000 characters. */
export const BOOK = fs.readFileSync(path.resolve(import.meta.dirname, "../fixtures/the-lamplighter-of-vell.md"), "utf8");

/** The book's own people and places, as it spells them. */
export const BOOK_PEOPLE = ["Ines", "Pell", "Tobias Fenn", "Orrin Vask", "Hollis Dane", "Amalia Cray", "Abel Crouch"];
export const BOOK_PLACES = [
  "Vell",
  "Harrow Quay",
  "Chandler Street",
  "Copperline Bridge",
  "Greyfen Marsh",
  "Saltworks",
  "Dunmere",
  "Skerry Point",
  "Widow's Lantern",
  "Mermaid's Rest",
  "Tollhouse",
];
export const BOOK_NAMES = [...BOOK_PEOPLE, ...BOOK_PLACES];

export const namesIn = (text: string, names = BOOK_NAMES): string[] => names.filter((n) => text.includes(n));

/** A loopback webhook receiver that records every delivery body. */
export async function startReceiver() {
  const bodies: { type: string; data: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      bodies.push(JSON.parse(raw) as { type: string; data: Record<string, unknown> });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hooks`, bodies, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls the campaign until `until` holds; returns it. */
export async function pollCampaign(api: ApiClient, key: string, id: string, until: (c: any) => boolean, timeoutMs = 120_000) {
  return waitFor(
    async () => {
      const res = await api.get(`/v1/campaigns/${id}`, key);
      expect(res.status).toBe(200);
      return until(res.body) ? res.body : undefined;
    },
    { timeoutMs, intervalMs: 25, what: `campaign ${id}` },
  );
}

export async function generationsUsed(api: ApiClient, app: Bootstrap): Promise<number> {
  return (await api.get("/v1/usage", app.keys.sk_live)).body.quotas.generation.used as number;
}

/** The gate passes, and every state is reachable from the entrance. */
export function expectPlayable(graph: unknown): World {
  const verdict = checkWorld(graph);
  expect(verdict.ok, JSON.stringify(verdict.diagnostics.filter((d) => d.severity === "error"))).toBe(true);
  const world = verdict.world as World;
  const index = buildGraphIndex(world);
  expect([...index.reachable].sort()).toEqual(Object.keys(world.scene.states).sort());
  return world;
}

/** The ending states that lead on to another chapter: `[stateId, ending.next]`. */
export function chapterLinks(world: World): [string, { campaignId: string; chapter: number; worldId: string }][] {
  return Object.entries(world.scene.states)
    .filter(([, s]) => (s.ending as { next?: unknown }).next !== undefined)
    .map(([id, s]) => [id, (s.ending as { next: { campaignId: string; chapter: number; worldId: string } }).next]);
}

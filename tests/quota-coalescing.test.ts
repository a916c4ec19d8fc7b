/**
 * Reservations of one quota counter that arrive together share one statement (lib/quota/quota.ts):
 * the counter stays exact, the cap is never passed, and those that fit still get in when a batch
 * as a whole would pass it. On a real database; the statements are counted at `querySql`.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import * as db from "@/lib/db";
import { reserveQuota, setQuotaCap, type Reservation } from "@/lib/quota/quota";
import { bootstrap } from "./support/fixtures";
import { withTestServer, type ApiClient } from "./support/suite";

vi.mock("@/lib/db", async (actual) => {
  const real = await actual<typeof import("@/lib/db")>();
  return { ...real, querySql: vi.fn(real.querySql) };
});

let api: ApiClient;
withTestServer(async (_server, client) => {
  api = client;
});

const reserveStatements = () => vi.mocked(db.querySql).mock.calls.filter(([, , options]) => options?.name === "quota_reserve").length;

async function settle(calls: Promise<Reservation>[]) {
  const results = await Promise.allSettled(calls);
  return {
    granted: results.filter((r) => r.status === "fulfilled").length,
    refused: results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { code?: string }).code] : [])),
  };
}

const used = async (key: string, kind: string) =>
  ((await api.get("/v1/usage", key)).body.quotas as Record<string, { used: number }>)[kind]!.used;

describe("reservations of one counter, arriving together", () => {
  // A block, not an arrow's value: a function returned from beforeEach runs as its cleanup.
  beforeEach(() => {
    vi.mocked(db.querySql).mockClear();
  });

  it("go in one statement, each reserved, the counter exact", async () => {
    const app = await bootstrap();
    const { granted, refused } = await settle(Array.from({ length: 40 }, () => reserveQuota(app.appId, "vision_ground")));
    expect({ granted, refused }).toEqual({ granted: 40, refused: [] });
    // All 40 came in the same turn of the event loop: one statement reserved them all.
    expect(reserveStatements()).toBe(1);
    expect(await used(app.keys.sk_test, "vision_ground")).toBe(40);
  });

  it("never pass the cap: a batch the cap cannot take whole is tried one by one, and those that fit get in", async () => {
    const app = await bootstrap();
    await setQuotaCap(app.appId, "vision_check", 7);
    const { granted, refused } = await settle([
      ...Array.from({ length: 12 }, () => reserveQuota(app.appId, "vision_check")),
      reserveQuota(app.appId, "vision_check", 3),
    ]);
    expect(granted).toBe(7);
    expect(refused).toHaveLength(6);
    expect(new Set(refused)).toEqual(new Set(["quota_exceeded"]));
    expect(await used(app.keys.sk_test, "vision_check")).toBe(7);
  });

  it("that come after a statement was sent go together in the next one", async () => {
    const app = await bootstrap();
    const first = reserveQuota(app.appId, "edit");
    // Wait until the first statement has been sent, then ask for ten more.
    await vi.waitFor(() => expect(reserveStatements()).toBe(1));
    const { granted } = await settle([first, ...Array.from({ length: 10 }, () => reserveQuota(app.appId, "edit"))]);
    expect(granted).toBe(11);
    expect(reserveStatements()).toBe(2);
    expect(await used(app.keys.sk_test, "edit")).toBe(11);
  });

  it("keep counters apart: apps and kinds do not share a batch", async () => {
    const [a, b] = [await bootstrap(), await bootstrap()];
    await setQuotaCap(b.appId, "say", 2);
    const { granted } = await settle([
      ...Array.from({ length: 5 }, () => reserveQuota(a.appId, "say")),
      ...Array.from({ length: 5 }, () => reserveQuota(b.appId, "say")),
      ...Array.from({ length: 5 }, () => reserveQuota(a.appId, "tts")),
    ]);
    expect(granted).toBe(12);
    expect([await used(a.keys.sk_test, "say"), await used(b.keys.sk_test, "say"), await used(a.keys.sk_test, "tts")]).toEqual([5, 2, 5]);
  });

  it("a failed statement refuses its batch (503, nothing counted); the next reservation starts afresh", async () => {
    const app = await bootstrap();
    vi.mocked(db.querySql).mockRejectedValueOnce(new Error("the store went away"));
    const { granted, refused } = await settle(Array.from({ length: 3 }, () => reserveQuota(app.appId, "tts")));
    expect({ granted, refused }).toEqual({ granted: 0, refused: ["unavailable", "unavailable", "unavailable"] });
    expect(await used(app.keys.sk_test, "tts")).toBe(0);
    await expect(reserveQuota(app.appId, "tts")).resolves.toMatchObject({ units: 1 });
    expect(await used(app.keys.sk_test, "tts")).toBe(1);
  });
});

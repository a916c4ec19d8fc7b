import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keepPlayer, keptPlayer } from "./player";

/** A token whose payload claims `appId` and `mode` (the signature is never read here). */
const tokenOf = (appId: string, mode: string) => `h.${Buffer.from(JSON.stringify({ appId, mode })).toString("base64url")}.s`;
const PLAYER = `ply_${"a".repeat(39)}.${"b".repeat(22)}`;

describe("the kept player", () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it("is kept per app and mode, and read back by any token of that app and mode", () => {
    keepPlayer(tokenOf("app-1", "live"), PLAYER);
    expect(keptPlayer(tokenOf("app-1", "live"))).toBe(PLAYER);
    expect(keptPlayer(tokenOf("app-1", "test"))).toBeUndefined();
    expect(keptPlayer(tokenOf("app-2", "live"))).toBeUndefined();
  });

  it("keeps only player ids, and survives a token it cannot read or storage that throws", () => {
    keepPlayer(tokenOf("app-1", "live"), "ses_not-a-player");
    expect(store.size).toBe(0);
    expect(keptPlayer("not-a-token")).toBeUndefined();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => keepPlayer(tokenOf("app-1", "live"), PLAYER)).not.toThrow();
    expect(keptPlayer(tokenOf("app-1", "live"))).toBeUndefined();
  });
});

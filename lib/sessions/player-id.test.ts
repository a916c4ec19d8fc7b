import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/config/env";
import { resetSecretsCache } from "@/lib/config/secrets";
import { isPlayerIdOf, looksLikePlayerId, newPlayerId, signPlayerId, verifyPlayerId } from "./player-id";

/*
 * The two kinds of `ply_` id (docs/explore.md "Who is a player", docs/runtime.md): a chat
 * player's, scoped to one app and mode, and a browser's for likes, of no app. They share the
 * prefix and the HMAC but never pass for one another: each verifier refuses the other kind, so a
 * like id cannot open a chat account and a chat id cannot like.
 */
const APP = "0b6f0c1e-5d4a-4c3b-9a2f-1e2d3c4b5a69";
const OTHER_APP = "7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";
const ONE = "first-session-token-secret-of-32-chars-or-more";
const TWO = "second-session-token-secret-of-32-chars-or-more";
let dir: string;

function useSecrets(current: string, previous = ""): void {
  process.env.SESSION_TOKEN_SECRET = current;
  process.env.SESSION_TOKEN_PREVIOUS_SECRETS = previous;
  resetEnvCache();
  resetSecretsCache();
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "player-id-"));
  process.env.DATA_DIR = dir;
});
beforeEach(() => useSecrets(ONE));
afterAll(() => {
  delete process.env.SESSION_TOKEN_SECRET;
  delete process.env.SESSION_TOKEN_PREVIOUS_SECRETS;
  resetEnvCache();
  resetSecretsCache();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The id with the first character of its tag changed (every bit of it is signed). */
function tampered(id: string): string {
  const at = id.indexOf(".") + 1;
  return id.slice(0, at) + (id[at] === "A" ? "B" : "A") + id.slice(at + 1);
}

/**
 * The id with its tag's last character changed in the four padding bits only: the same bytes to
 * a lenient base64 decoder (a 16-byte tag ends in one of A, Q, g, w), a different string to a
 * client. Each id has one spelling, so it must not verify.
 */
const respelled = (id: string) => id.slice(0, -1) + String.fromCharCode(id.charCodeAt(id.length - 1) + 1);

describe("a chat player's id (app and mode)", () => {
  it("verifies for its app and mode only", () => {
    const id = newPlayerId(APP, "live");
    expect(looksLikePlayerId(id)).toBe(true);
    expect(isPlayerIdOf(id, APP, "live")).toBe(true);
    expect(isPlayerIdOf(id, APP, "test")).toBe(false);
    expect(isPlayerIdOf(id, OTHER_APP, "live")).toBe(false);
    expect(isPlayerIdOf(tampered(id), APP, "live")).toBe(false);
    expect(isPlayerIdOf(respelled(id), APP, "live")).toBe(false);
  });

  it("is not a like id", () => {
    expect(verifyPlayerId(newPlayerId(APP, "live"))).toBeNull();
  });
});

describe("a browser's like id (no app)", () => {
  it("verifies to its stored identity, not tampered", () => {
    const id = signPlayerId();
    const stored = verifyPlayerId(id);
    expect(stored).toBe(`ply:${id.slice(4, 26)}`);
    expect(verifyPlayerId(tampered(id))).toBeNull();
    expect(verifyPlayerId(respelled(id))).toBeNull();
  });

  it("is not a chat player of any app", () => {
    const id = signPlayerId();
    expect(isPlayerIdOf(id, APP, "live")).toBe(false);
    expect(isPlayerIdOf(id, APP, "test")).toBe(false);
  });

  it("still verifies after the secret is rotated (a like is for a world's lifetime), not once the old secret is dropped", () => {
    const id = signPlayerId();
    const chat = newPlayerId(APP, "live");
    useSecrets(TWO, ONE);
    expect(verifyPlayerId(id)).not.toBeNull();
    expect(isPlayerIdOf(chat, APP, "live")).toBe(true);
    useSecrets(TWO);
    expect(verifyPlayerId(id)).toBeNull();
    expect(isPlayerIdOf(chat, APP, "live")).toBe(false);
  });
});

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getKeyring } from "./keyring";

/**
 * Anonymous player ids (`ply_…`): what POST /v1/players issues to a browser that plays or browses
 * without an account, kept by the play page and Explore (localStorage) so that a like counts once
 * per player (docs/explore.md). Self-verifying like public session ids: 16 random bytes and an
 * HMAC under the session-token keyring (any current or previous key verifies it). They do not
 * expire: a like is for a world's lifetime. The server stores `ply:<random part>` only.
 */
const PREFIX = "ply_";
const PATTERN = /^ply_([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

function mac(key: Uint8Array, id: string): Buffer {
  return createHmac("sha256", key).update(`pw-player|${id}`).digest().subarray(0, 16);
}

export function signPlayerId(): string {
  const id = randomBytes(16).toString("base64url");
  return `${PREFIX}${id}.${mac(getKeyring().current.key, id).toString("base64url")}`;
}

/** The stored identity (`ply:<id>`) of a genuine player id, or null. */
export function verifyPlayerId(value: string): string | null {
  const match = PATTERN.exec(value);
  if (!match) return null;
  const [, id, tag] = match as unknown as [string, string, string];
  const given = Buffer.from(tag, "base64url");
  const genuine = [...getKeyring().byKid.values()].some((k) => {
    const expected = mac(k.key, id);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return genuine ? `ply:${id}` : null;
}

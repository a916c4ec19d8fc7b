import { randomBytes } from "node:crypto";
import type { Mode } from "@/lib/shared/caller";
import { tagOf, tagVerifies } from "./keyring";

/**
 * Anonymous player ids (`ply_…`, docs/runtime.md "Who is a player"): who a player is when the
 * developer names no `userRef`. A session token minted without `userRef` carries one (the
 * `playerId` given to the mint, else a new one); the embed keeps the one it was given and
 * presents it on its next sessions, so a new token is not a new player and its chat time (the
 * free taste, Plus time, credit) is the same player's. Self-verifying: the app, the mode and a
 * random part under an HMAC of the session-token keyring (any current or previous key verifies
 * it), so a client can neither forge one nor carry one to another app or mode.
 */
const PREFIX = "ply_";
const MODES: Mode[] = ["test", "live"];
const PATTERN = /^ply_([A-Za-z0-9_-]{39})\.([A-Za-z0-9_-]{22})$/;

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");

const LABEL = "pw-player";

/** A new anonymous player of `appId` in `mode`. */
export function newPlayerId(appId: string, mode: Mode): string {
  const body = Buffer.alloc(16 + 1 + 12);
  uuidBytes(appId).copy(body, 0);
  body.writeUInt8(MODES.indexOf(mode), 16);
  randomBytes(12).copy(body, 17);
  const payload = body.toString("base64url");
  return `${PREFIX}${payload}.${tagOf(LABEL, payload)}`;
}

export function looksLikePlayerId(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(PREFIX);
}

/** Whether `id` is a genuine player id of this app and mode. */
export function isPlayerIdOf(id: string, appId: string, mode: Mode): boolean {
  const match = PATTERN.exec(id);
  if (!match) return false;
  const [, payload, tag] = match as unknown as [string, string, string];
  if (!tagVerifies(LABEL, payload, tag)) return false;
  const body = Buffer.from(payload, "base64url");
  return body.length === 29 && body.subarray(0, 16).equals(uuidBytes(appId)) && MODES[body.readUInt8(16)] === mode;
}

/**
 * Browser player ids (`ply_…` with a shorter body, of no app): what POST /v1/players issues to a browser that plays or browses
 * without an account, kept by the play page and Explore (localStorage) so that a like counts once
 * per player (docs/explore.md). Self-verifying like public session ids: 16 random bytes and an
 * HMAC under the session-token keyring (any current or previous key verifies it). They do not
 * expire: a like is for a world's lifetime. The server stores `ply:<random part>` only.
 */
const BROWSER_PATTERN = /^ply_([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

export function signPlayerId(): string {
  const id = randomBytes(16).toString("base64url");
  return `${PREFIX}${id}.${tagOf(LABEL, id)}`;
}

/** The stored identity (`ply:<id>`) of a genuine player id, or null. */
export function verifyPlayerId(value: string): string | null {
  const match = BROWSER_PATTERN.exec(value);
  if (!match) return null;
  const [, id, tag] = match as unknown as [string, string, string];
  return tagVerifies(LABEL, id, tag) ? `ply:${id}` : null;
}

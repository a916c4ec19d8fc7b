import { randomBytes } from "node:crypto";
import { tagOf, tagVerifies } from "./keyring";
import type { SessionClaims, SessionKind } from "./token";

/**
 * Public session ids (`pub_…`): what GET /v1/runtime/public/{slug} issues for an anonymous
 * player of a public live world. Self-verifying, so a heartbeat may present the id alone (no
 * token): it carries the world, its app, the kind, the issue and expiry times and a nonce, and
 * an HMAC under the session-token keyring (any current or previous key verifies it). The public
 * session token the route also returns carries the same id as its `sid`.
 */
const PREFIX = "pub_";
const KINDS: SessionKind[] = ["world", "character"];

const uuidBytes = (id: string) => Buffer.from(id.replaceAll("-", ""), "hex");
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const LABEL = "pw-public-session";

export function signPublicSessionId(input: { worldId: string; appId: string; kind: SessionKind; issuedAt: Date; expiresAt: Date }): string {
  const body = Buffer.alloc(16 + 16 + 1 + 4 + 4 + 6);
  uuidBytes(input.worldId).copy(body, 0);
  uuidBytes(input.appId).copy(body, 16);
  body.writeUInt8(KINDS.indexOf(input.kind), 32);
  body.writeUInt32BE(Math.floor(input.issuedAt.getTime() / 1000), 33);
  body.writeUInt32BE(Math.floor(input.expiresAt.getTime() / 1000), 37);
  randomBytes(6).copy(body, 41);
  const payload = body.toString("base64url");
  return `${PREFIX}${payload}.${tagOf(LABEL, payload)}`;
}

export function looksLikePublicSessionId(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(PREFIX) && value.length < 200;
}

/** The claims of a valid, unexpired public session id, or null. */
export function verifyPublicSessionId(id: string, now: Date = new Date()): SessionClaims | null {
  const match = /^pub_([A-Za-z0-9_-]{63,64})\.([A-Za-z0-9_-]{22})$/.exec(id);
  if (!match) return null;
  const [, payload, tag] = match as unknown as [string, string, string];
  if (!tagVerifies(LABEL, payload, tag)) return null;
  const body = Buffer.from(payload, "base64url");
  if (body.length !== 47) return null;
  const kind = KINDS[body.readUInt8(32)];
  const issuedAt = new Date(body.readUInt32BE(33) * 1000);
  const expiresAt = new Date(body.readUInt32BE(37) * 1000);
  if (!kind || expiresAt.getTime() <= now.getTime()) return null;
  return {
    sessionId: id,
    subjectId: uuidOf(body.subarray(0, 16)),
    kind,
    appId: uuidOf(body.subarray(16, 32)),
    mode: "live",
    public: true,
    issuedAt,
    expiresAt,
  };
}

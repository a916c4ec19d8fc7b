import { randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT, type JWTHeaderParameters } from "jose";
import { z } from "zod";
import type { Mode } from "@/lib/shared/caller";
import { getKeyring } from "./keyring";
import { newPlayerId } from "./player-id";

/**
 * Runtime session tokens (docs/runtime.md "Session tokens"): compact JWS, HS256, header `{alg, typ: "JWT",
 * kid}`, scoped to one world or character of one app and mode. Claims:
 *
 *   iss "programmable-worlds", aud "runtime",
 *   sub     the world or character id
 *   kind    "world" | "character"
 *   appId   the owning app
 *   mode    "test" | "live" (a test key mints test tokens)
 *   userRef the developer's id for the end user (optional)
 *   ply     the anonymous player (ply_…, player-id.ts) of a token minted without userRef
 *   sid     the session id: ses_… (one per token), or the pub_… id of a public session
 *   pub     true for an anonymous session of a public world (GET /v1/runtime/public/{slug})
 *   iat, exp
 */
export const TOKEN_ISSUER = "programmable-worlds";
export const TOKEN_AUDIENCE = "runtime";
export const SESSION_KINDS = ["world", "character"] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export interface SessionClaims {
  sessionId: string;
  /** The world or character the token is scoped to. */
  subjectId: string;
  kind: SessionKind;
  appId: string;
  mode: Mode;
  userRef?: string;
  /** Without `userRef`: the anonymous player whose chat time this is (player-id.ts). */
  playerId?: string;
  /** An anonymous session of a public live world. */
  public: boolean;
  issuedAt: Date;
  expiresAt: Date;
}

const ZPayload = z.object({
  sub: z.uuid(),
  kind: z.enum(SESSION_KINDS),
  appId: z.uuid(),
  mode: z.enum(["test", "live"]),
  userRef: z.string().min(1).max(200).optional(),
  ply: z
    .string()
    .regex(/^ply_[A-Za-z0-9_-]{39}\.[A-Za-z0-9_-]{22}$/)
    .optional(),
  sid: z.string().regex(/^(ses_[0-9A-Za-z_-]{16,64}|pub_[0-9A-Za-z_-]{60,70}\.[0-9A-Za-z_-]{22})$/),
  pub: z.boolean().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});

export function newSessionId(): string {
  return `ses_${randomBytes(18).toString("base64url")}`;
}

export interface SignInput {
  subjectId: string;
  kind: SessionKind;
  appId: string;
  mode: Mode;
  userRef?: string;
  /** Without `userRef`: the anonymous player (checked by the caller); default a new one. */
  playerId?: string;
  public?: boolean;
  /** Default: a new one. */
  sessionId?: string;
  ttlSeconds: number;
  /** Default: now. Tests move it to mint expired tokens. */
  now?: Date;
}

/** Signs a token with the current key. */
export async function signSessionToken(input: SignInput): Promise<{ token: string; claims: SessionClaims }> {
  const { current } = getKeyring();
  const iat = Math.floor((input.now ?? new Date()).getTime() / 1000);
  const exp = iat + input.ttlSeconds;
  const sessionId = input.sessionId ?? newSessionId();
  const payload: Record<string, unknown> = { kind: input.kind, appId: input.appId, mode: input.mode, sid: sessionId };
  if (input.userRef !== undefined) payload.userRef = input.userRef;
  // A token without userRef always names its anonymous player: chat time is the player's, not the token's.
  const playerId = input.userRef === undefined ? (input.playerId ?? newPlayerId(input.appId, input.mode)) : undefined;
  if (playerId !== undefined) payload.ply = playerId;
  if (input.public) payload.pub = true;
  const header: JWTHeaderParameters = { alg: "HS256", typ: "JWT", kid: current.kid };
  const token = await new SignJWT(payload)
    .setProtectedHeader(header)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(input.subjectId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(current.key);
  return {
    token,
    claims: {
      sessionId,
      subjectId: input.subjectId,
      kind: input.kind,
      appId: input.appId,
      mode: input.mode,
      ...(input.userRef !== undefined ? { userRef: input.userRef } : {}),
      ...(playerId !== undefined ? { playerId } : {}),
      public: input.public ?? false,
      issuedAt: new Date(iat * 1000),
      expiresAt: new Date(exp * 1000),
    },
  };
}

/** Looks like a compact JWS at all (three base64url parts). */
export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);
}

/**
 * The `appId` a token claims, unverified: only for deciding whether an error response about a
 * bad token may be read by an embedding origin of that app (CORS), never for authorization.
 */
export function peekAppId(token: string | undefined): string | undefined {
  if (!token || token.length > 4096 || !looksLikeJwt(token)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { appId?: unknown };
    return typeof payload.appId === "string" && /^[0-9a-f-]{36}$/i.test(payload.appId) ? payload.appId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The claims of a valid token, or null when it is malformed, signed by no key of the keyring
 * (tampered, or a retired secret), expired, not yet valid, or not a session token of ours.
 */
export async function verifySessionToken(token: string, now: Date = new Date()): Promise<SessionClaims | null> {
  if (token.length > 4096 || !looksLikeJwt(token)) return null;
  const { byKid } = getKeyring();
  try {
    const { payload } = await jwtVerify(
      token,
      (header) => {
        const key = typeof header.kid === "string" ? byKid.get(header.kid) : undefined;
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key.key;
      },
      { algorithms: ["HS256"], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, currentDate: now, requiredClaims: ["sub", "exp", "iat"] },
    );
    const claims = ZPayload.safeParse(payload);
    if (!claims.success) return null;
    const c = claims.data;
    return {
      sessionId: c.sid,
      subjectId: c.sub,
      kind: c.kind,
      appId: c.appId,
      mode: c.mode,
      ...(c.userRef !== undefined ? { userRef: c.userRef } : {}),
      ...(c.ply !== undefined ? { playerId: c.ply } : {}),
      public: c.pub ?? false,
      issuedAt: new Date(c.iat * 1000),
      expiresAt: new Date(c.exp * 1000),
    };
  } catch {
    return null;
  }
}

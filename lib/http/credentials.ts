import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { getSecrets } from "@/lib/config/secrets";
import { decodeUserToken, type UserIdentity } from "@/lib/auth/session";
import { resolveKey, type ResolvedKey } from "@/lib/keys/keys";
import { looksLikeKey, parseKeyString } from "@/lib/keys/key-string";
import { assertAppOwner, defaultModeOf } from "@/lib/apps/apps";
import { looksLikePublicSessionId, verifyPublicSessionId } from "@/lib/sessions/public-id";
import type { SessionCredential } from "@/lib/sessions/credential";
import { verifySessionToken } from "@/lib/sessions/token";
import { badRequest, forbidden, notFound, unauthorized } from "@/lib/errors";

/**
 * The credential a route accepts (docs/api.md "Credentials"). `session` is a runtime session token
 * (lib/sessions); `keyOrSession` takes a secret key or a session token (POST /v1/tts). A
 * session route checks the token's scope itself (`assertSessionScope`): the wrapper only knows
 * the token is genuine and unexpired.
 */
export type AuthKind = "none" | "key" | "secretKey" | "user" | "session" | "keyOrSession";

export type { SessionCredential };

export type Credential = { type: "none" } | ({ type: "key" } & ResolvedKey) | ({ type: "user" } & UserIdentity) | SessionCredential;

export type CredentialFor<A extends AuthKind> = A extends "key" | "secretKey"
  ? { type: "key" } & ResolvedKey
  : A extends "user"
    ? { type: "user" } & UserIdentity
    : A extends "session"
      ? SessionCredential
      : A extends "keyOrSession"
        ? ({ type: "key" } & ResolvedKey) | SessionCredential
        : { type: "none" };

const READ_METHODS = new Set(["GET", "HEAD"]);

function bearer(req: Request): string | null {
  const header = req.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized("The Authorization header must be `Bearer <credential>`.");
  return match[1];
}

/**
 * The Studio acting for one of its user's apps on a KEY route: the user's session plus
 * `X-App-Id` (and `X-App-Mode`, default the app's `defaultMode`) stand in for that app's secret
 * key, as Stripe's dashboard acts for an account. Another user's app: 404, as for any resource.
 */
async function resolveUserActingForApp(req: NextRequest, appId: string): Promise<Credential> {
  const user = (await resolveUser(req)) as { type: "user" } & UserIdentity;
  const named = req.headers.get("x-app-mode");
  if (named !== null && named !== "live" && named !== "test")
    throw badRequest("X-App-Mode must be live or test.", ["X-App-Mode: must be live or test"]);
  if (!/^[0-9a-f-]{36}$/i.test(appId)) throw notFound("App");
  const mode = named ?? (await defaultModeOf(user.userId, appId));
  if (named !== null) await assertAppOwner(user.userId, appId);
  return { type: "key", keyId: `user:${user.userId}`, appId, kind: "secret", mode, scopes: [] };
}

async function resolveApiKey(req: NextRequest, secretOnly: boolean): Promise<Credential> {
  const actingFor = req.headers.get("x-app-id");
  if (actingFor) return resolveUserActingForApp(req, actingFor);
  const token = bearer(req);
  if (!token) throw unauthorized("An API key is required: `Authorization: Bearer sk_…`.");
  if (!parseKeyString(token)) throw unauthorized("The credential is not an API key of this service.");
  const key = await resolveKey(token);
  if (!key) throw unauthorized("This API key is unknown or has been revoked.");
  if (key.kind === "publishable" && (secretOnly || !READ_METHODS.has(req.method))) {
    throw forbidden("Publishable keys (pk_…) may only read; use a secret key (sk_…) from your server.");
  }
  return { type: "key", ...key };
}

/**
 * The Studio's session: `Authorization: Bearer <session token>` when present (a stale cookie
 * must not win over an explicit header), else the next-auth cookie. API keys are refused.
 */
async function resolveUser(req: NextRequest): Promise<Credential> {
  const token = bearer(req);
  if (token) {
    if (looksLikeKey(token)) throw unauthorized("API keys are not accepted on /v1/apps; use a user session token.");
    const user = await decodeUserToken(token);
    if (!user) throw unauthorized("The user session token is invalid or expired.");
    return { type: "user", ...user };
  }
  const payload = await getToken({ req, secret: getSecrets().authSecret }).catch(() => null);
  if (!payload?.sub || typeof payload.email !== "string") throw unauthorized("Sign in, or send a user session token as a bearer.");
  // A cookie rides along on cross-site requests; writes must come from our own pages.
  if (!READ_METHODS.has(req.method)) {
    // Next rewrites 127.0.0.1 to localhost in req.url, so compare with the Host the browser used.
    const origin = req.headers.get("origin");
    const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
    const proto = req.headers.get("x-forwarded-proto") ?? new URL(req.url).protocol.replace(/:$/, "");
    if (origin && origin !== `${proto}://${host}` && origin !== new URL(req.url).origin) {
      throw forbidden("Cross-origin requests with a session cookie are not allowed.");
    }
  }
  return { type: "user", userId: payload.sub, email: payload.email };
}

/** Credentials a `tokenInBody` route may carry in its body. */
export interface BodyCredentials {
  /** The `token` field: a session token. */
  token?: string;
  /** The `sessionId` field: a public session id (`pub_…`) stands in for a token on heartbeats. */
  sessionId?: string;
}

/**
 * A runtime session token from `Authorization: Bearer` or, on routes that allow it, the `token`
 * body field; without either, a public session id (`pub_…`, issued by the public runtime route)
 * in the `sessionId` body field. API keys, user tokens, tampered, expired and retired-key
 * tokens: 401.
 */
async function resolveSession(req: NextRequest, fromBody: BodyCredentials = {}): Promise<Credential> {
  const header = bearer(req);
  const bodyToken = fromBody.token;
  if (header && bodyToken !== undefined && header !== bodyToken) {
    throw badRequest("Two different session tokens were sent (header and body); send one.", [
      "token: differs from the Authorization header",
    ]);
  }
  const token = header ?? bodyToken;
  if (!token && looksLikePublicSessionId(fromBody.sessionId)) {
    const claims = verifyPublicSessionId(fromBody.sessionId);
    if (!claims) throw unauthorized("The public session id is invalid or expired; load the world again.");
    return { type: "session", ...claims };
  }
  if (!token) throw unauthorized("A session token is required: `Authorization: Bearer <token>` or the `token` body field.");
  if (looksLikeKey(token))
    throw unauthorized("API keys are not accepted here; mint a session token with POST /v1/sessions/token on your server.");
  const claims = await verifySessionToken(token);
  if (!claims) throw unauthorized("The session token is invalid, tampered with or expired.");
  return { type: "session", ...claims };
}

/** A secret key (server-side callers) or a session token (the embed's browser). */
async function resolveKeyOrSession(req: NextRequest, fromBody: BodyCredentials = {}): Promise<Credential> {
  const header = req.headers.get("x-app-id") ? null : bearer(req);
  if (req.headers.get("x-app-id") || (header && looksLikeKey(header))) return resolveApiKey(req, true);
  if (!header && fromBody.token === undefined)
    throw unauthorized("A secret API key or a session token is required as `Authorization: Bearer …`.");
  return resolveSession(req, { token: fromBody.token });
}

/**
 * The token's subject must be the route's resource: a token for another world or character, or
 * of another kind, is a 401 (docs/api.md "Credentials": wrongly scoped).
 */

export async function resolveCredential(req: NextRequest, auth: AuthKind, fromBody?: BodyCredentials): Promise<Credential> {
  switch (auth) {
    case "session":
      return resolveSession(req, fromBody);
    case "keyOrSession":
      return resolveKeyOrSession(req, fromBody);
    case "none":
      return { type: "none" };
    case "key":
      return resolveApiKey(req, false);
    case "secretKey":
      return resolveApiKey(req, true);
    case "user":
      return resolveUser(req);
  }
}

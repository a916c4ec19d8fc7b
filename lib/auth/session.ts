import type { AuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode, encode } from "next-auth/jwt";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { getSecrets } from "@/lib/config/secrets";
import { allowSignIn, clientAddress, recordSignInFailure, recordSignInSuccess } from "./throttle";
import { SIGN_IN_THROTTLED } from "@/lib/shared/sign-in-errors";
import { verifyCredentials } from "./users";

/** Studio sessions last 30 days; the same token is the USER bearer on /v1/apps*. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

// next-auth 4 takes its base URL from NEXTAUTH_URL or, with AUTH_TRUST_HOST, from the request's
// Host. A self-hosted app may run on any host and port, so trust the host unless a URL is set.
process.env.AUTH_TRUST_HOST ??= "true";

export function getAuthOptions(): AuthOptions {
  return {
    secret: getSecrets().authSecret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/sign-in" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          // Refused before the (expensive) password check; the form maps the error to a message.
          const address = clientAddress(req.headers ?? {});
          if (!(await allowSignIn(credentials.email, address)).ok) throw new Error(SIGN_IN_THROTTLED);
          const user = await verifyCredentials(credentials.email, credentials.password);
          if (!user) {
            await recordSignInFailure(credentials.email, address);
            return null;
          }
          await recordSignInSuccess(credentials.email);
          return { id: user.id, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}

export interface UserIdentity {
  userId: string;
  email: string;
}

/** Mints a user session token, the same kind the Studio's sign-in sets as its cookie. */
export function mintUserToken(user: { id: string; email: string; name?: string | null }): Promise<string> {
  return encode({
    token: { sub: user.id, email: user.email, name: user.name ?? null },
    secret: getSecrets().authSecret,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

// Decrypting a session token (HKDF + AES-GCM) costs more than the rest of a cached request;
// a token decodes to the same identity until it expires, so remember it for a minute at most.
const decodedTokens = new TtlCache<string, UserIdentity & { exp: number }>(10_000);
const DECODED_TTL_MS = 60_000;

export async function decodeUserToken(token: string): Promise<UserIdentity | null> {
  const now = Date.now();
  const hit = decodedTokens.get(token, now);
  if (hit) return { userId: hit.userId, email: hit.email };
  try {
    const payload = await decode({ token, secret: getSecrets().authSecret });
    if (!payload?.sub || typeof payload.email !== "string") return null;
    const exp = typeof payload.exp === "number" ? payload.exp * 1000 : now;
    decodedTokens.set(token, { userId: payload.sub, email: payload.email, exp }, Math.min(DECODED_TTL_MS, exp - now), now);
    return { userId: payload.sub, email: payload.email };
  } catch {
    return null;
  }
}

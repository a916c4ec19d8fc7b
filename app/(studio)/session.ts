import { getServerSession, type Session } from "next-auth";
import { connection } from "next/server";
import { cache } from "react";
import { getAuthOptions } from "@/lib/auth/session";

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/**
 * The next-auth session of this request. Server-only; memoized per request so that layouts and
 * pages share one cookie decode. `connection()` first: the auth secret lives in DATA_DIR and
 * must never be read while `next build` prerenders.
 */
export const getSession = cache(async (): Promise<Session | null> => {
  await connection();
  return getServerSession(getAuthOptions());
});

/** The signed-in Studio user, or null. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getSession();
  const user = session?.user as { id?: unknown; email?: unknown; name?: unknown } | undefined;
  if (typeof user?.id !== "string" || typeof user.email !== "string") return null;
  return { id: user.id, email: user.email, name: typeof user.name === "string" && user.name ? user.name : null };
}

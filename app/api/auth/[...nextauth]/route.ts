import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { getAuthOptions } from "@/lib/auth/session";

// Options are built per request so the auth secret can come from DATA_DIR, read at run time.
type NextAuthContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: NextRequest, context: NextAuthContext) {
  return NextAuth(req, { params: await context.params }, getAuthOptions());
}

export { handler as GET, handler as POST };

import { z } from "zod";
import { getDb, Prisma } from "@/lib/db";
import type { User } from "@/lib/db/generated/client";
import { createApp } from "@/lib/apps/apps";
import { ApiError } from "@/lib/errors";
import { hashPassword, verifyPassword } from "./password";

export const ZEmail = z.string().trim().toLowerCase().email("must be an email address").max(254);
export const ZPassword = z.string().min(8, "must be at least 8 characters").max(200);
export const ZSignUp = z.strictObject({
  email: ZEmail,
  password: ZPassword,
  name: z.string().trim().max(100).optional(),
});
export type SignUpInput = z.infer<typeof ZSignUp>;

export const DEFAULT_APP_NAME = "My first app";

/** Creates the user and their default app in one transaction. */
export async function signUp(input: SignUpInput): Promise<User> {
  const db = await getDb();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { email: input.email, name: input.name || null, passwordHash } });
      await createApp(user.id, DEFAULT_APP_NAME, tx);
      return user;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ApiError("conflict", "An account with this email already exists.");
    }
    throw error;
  }
}

export async function findUserByEmail(email: string): Promise<User | null> {
  const db = await getDb();
  return db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
}

// Verifying against a fixed hash when the user is unknown keeps the response time from
// telling which emails have accounts.
let decoyHash: Promise<string> | undefined;

export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(email);
  if (!user) {
    decoyHash ??= hashPassword("decoy password that never matches");
    await verifyPassword(await decoyHash, password);
    return null;
  }
  return (await verifyPassword(user.passwordHash, password)) ? user : null;
}

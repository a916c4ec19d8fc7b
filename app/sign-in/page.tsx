import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/auth/auth-shell";
import { safeCallbackUrl } from "@/components/auth/safe-callback";
import { SignInForm } from "@/components/auth/sign-in-form";
import { getSessionUser } from "../(studio)/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [params, h] = await Promise.all([searchParams, headers()]);
  const host = h.get("x-forwarded-host") ?? h.get("host");
  const proto = h.get("x-forwarded-proto") ?? "http";
  const callbackUrl = safeCallbackUrl(params.callbackUrl, { sameOrigin: host ? `${proto}://${host}` : undefined });
  if (await getSessionUser()) redirect(callbackUrl);
  const error = typeof params.error === "string" ? params.error : undefined;

  return (
    <AuthShell
      title="Sign in"
      description="Welcome back. Sign in to open the Studio."
      footer={
        <>
          New to Programmable Worlds?{" "}
          <Link href="/sign-up" className="rounded font-medium text-accent-text hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <SignInForm callbackUrl={callbackUrl} initialError={error} />
    </AuthShell>
  );
}

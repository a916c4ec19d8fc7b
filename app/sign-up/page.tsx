import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AuthShell } from "@/components/auth/auth-shell";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { getSessionUser } from "../(studio)/session";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await getSessionUser()) redirect("/creations");

  return (
    <AuthShell
      title="Create your account"
      description="Free during the developer preview. You start with an app, ready for test and live keys."
      footer={
        <>
          Already have an account?{" "}
          <Link href="/sign-in" className="rounded font-medium text-accent-text hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthShell>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SIGN_IN_THROTTLED } from "@/lib/shared/sign-in-errors";

const NEXT_AUTH_ERRORS: Record<string, string> = {
  CredentialsSignin: "Incorrect email or password.",
  SessionRequired: "Sign in to continue.",
  [SIGN_IN_THROTTLED]: "Too many sign-in attempts. Wait a few minutes, then try again.",
};

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(initialError ? (NEXT_AUTH_ERRORS[initialError] ?? "Sign-in failed. Try again.") : null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors = {
      email: email.trim() ? undefined : "Enter your email address.",
      password: password ? undefined : "Enter your password.",
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setPending(true);
    setError(null);
    try {
      const result = await signIn("credentials", { email: email.trim(), password, redirect: false });
      if (!result || result.error || !result.ok) {
        setError(NEXT_AUTH_ERRORS[result?.error ?? ""] ?? "Sign-in failed. Try again in a moment.");
        setPending(false);
        return;
      }
      // Fresh server components for the signed-in account (the router may hold signed-out ones).
      router.replace(callbackUrl);
      router.refresh();
    } catch {
      setError("Could not reach the server. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error ? <Alert>{error}</Alert> : null}
      <Field label="Email" error={fieldErrors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus
          />
        )}
      </Field>
      <Field label="Password" error={fieldErrors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" loading={pending}>
        Sign in
      </Button>
    </form>
  );
}

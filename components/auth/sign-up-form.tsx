"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { apiFetch, ApiRequestError, errorMessage } from "@/components/api/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type FieldName = "name" | "email" | "password";
type FieldErrors = Partial<Record<FieldName, string>>;

const MIN_PASSWORD = 8;

function sentence(message: string): string {
  const text = message.trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".") : text;
}

/** The API's `errors` ("password: must be at least 8 characters") attached to their fields. */
function fieldErrorsFrom(error: ApiRequestError): FieldErrors {
  const out: FieldErrors = {};
  for (const line of error.errors) {
    const match = /^(name|email|password)\s*:\s*(.+)$/.exec(line);
    if (match) out[match[1] as FieldName] ??= sentence(match[2]!);
  }
  return out;
}

export function SignUpForm() {
  const router = useRouter();
  const [values, setValues] = useState({ name: "", email: "", password: "" });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<{ message: string; existingAccount?: boolean } | null>(null);
  const [pending, setPending] = useState(false);

  const set = (field: FieldName) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = values.email.trim();
    const errors: FieldErrors = {
      email: !email ? "Enter your email address." : !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? "Enter a valid email address." : undefined,
      password: values.password.length < MIN_PASSWORD ? `Use at least ${MIN_PASSWORD} characters.` : undefined,
    };
    setFieldErrors(errors);
    if (errors.email || errors.password) return;

    setPending(true);
    setError(null);
    try {
      await apiFetch("/api/auth/sign-up", {
        method: "POST",
        body: { email, password: values.password, ...(values.name.trim() ? { name: values.name.trim() } : {}) },
      });
    } catch (caught) {
      setPending(false);
      if (caught instanceof ApiRequestError && caught.code === "conflict") {
        setError({ message: caught.detail, existingAccount: true });
      } else if (caught instanceof ApiRequestError && caught.errors.length) {
        const mapped = fieldErrorsFrom(caught);
        setFieldErrors(mapped);
        if (!Object.keys(mapped).length) setError({ message: `${caught.detail} ${caught.errors.join("; ")}` });
      } else {
        setError({ message: errorMessage(caught) });
      }
      return;
    }

    const result = await signIn("credentials", { email, password: values.password, redirect: false }).catch(() => undefined);
    if (!result?.ok || result.error) {
      // The account exists; only the automatic sign-in failed.
      router.replace("/sign-in");
      return;
    }
    router.replace("/creations");
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error ? (
        <Alert>
          {error.message}{" "}
          {error.existingAccount ? (
            <Link href="/sign-in" className="font-medium underline underline-offset-2">
              Sign in instead
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <Field label="Name" hint="Optional. Shown in the Studio." error={fieldErrors.name}>
        {(control) => <Input {...control} name="name" autoComplete="name" value={values.name} onChange={set("name")} autoFocus />}
      </Field>
      <Field label="Email" error={fieldErrors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={set("email")}
          />
        )}
      </Field>
      <Field label="Password" hint={`At least ${MIN_PASSWORD} characters.`} error={fieldErrors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set("password")}
          />
        )}
      </Field>
      <Button type="submit" className="w-full" loading={pending}>
        Create account
      </Button>
    </form>
  );
}

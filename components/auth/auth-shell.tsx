import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/brand/logo";

interface AuthShellProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer: ReactNode;
}

/** The frame of the sign-in and sign-up pages: logo, a centred card, a link to the other page. */
export function AuthShell({ title, description, children, footer }: AuthShellProps) {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-96 bg-[radial-gradient(ellipse_at_top,var(--accent-soft),transparent_70%)]"
      />
      <header className="relative mx-auto flex h-16 w-full max-w-6xl items-center px-5 sm:px-8">
        <Link href="/" aria-label="Programmable Worlds home" className="rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="relative flex flex-1 items-start justify-center px-5 pt-10 pb-16 sm:pt-16">
        <div className="w-full max-w-[400px]">
          <div className="rounded-2xl border border-line bg-surface p-7 shadow-sm sm:p-8">
            <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
            <p className="mt-1.5 text-sm text-fg-muted">{description}</p>
            <div className="mt-7">{children}</div>
          </div>
          <p className="mt-6 text-center text-sm text-fg-muted">{footer}</p>
        </div>
      </main>
    </div>
  );
}

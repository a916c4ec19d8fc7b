import Link from "next/link";
import { Logo } from "@/components/brand/logo";
import { ButtonLink } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-5 sm:px-8">
        <Link href="/" aria-label="Programmable Worlds home" className="rounded-md">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-5 pb-24 text-center">
        <p className="font-mono text-sm text-accent-text">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-fg">This page doesn&apos;t exist</h1>
        <p className="mt-2 max-w-sm text-sm text-fg-muted">The link may be broken, or the page may have moved.</p>
        <div className="mt-6 flex gap-2">
          <ButtonLink href="/">Go home</ButtonLink>
          <ButtonLink href="/creations" variant="secondary">
            Open Studio
          </ButtonLink>
        </div>
      </main>
    </div>
  );
}

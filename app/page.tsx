import Link from "next/link";
import type { ReactNode } from "react";
import { Logo } from "@/components/brand/logo";
import { PREVIEW_PREMISE, WorldGraphPreview } from "@/components/marketing/world-graph-preview";
import { ButtonLink } from "@/components/ui/button";
import { ArrowRightIcon, CodeIcon, GamepadIcon, LayersIcon } from "@/components/ui/icons";
import { getSessionUser } from "./(studio)/session";

function Audience({
  icon,
  eyebrow,
  title,
  children,
  footer,
}: {
  icon: ReactNode;
  eyebrow: string;
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <article className="flex flex-col rounded-2xl border border-line bg-surface p-6 shadow-xs">
      <div className="flex items-center gap-2.5">
        <span className="grid size-8 place-items-center rounded-lg bg-accent-soft text-accent-text [&_svg]:size-4">{icon}</span>
        <span className="text-[13px] font-medium text-fg-muted">{eyebrow}</span>
      </div>
      <h3 className="mt-4 text-lg font-semibold tracking-tight text-fg">{title}</h3>
      <div className="mt-2 flex-1 text-sm leading-relaxed text-fg-muted">{children}</div>
      <div className="mt-5">{footer}</div>
    </article>
  );
}

export default async function LandingPage() {
  const user = await getSessionUser();
  // "Generate" opens the Studio's create dialog with the preview's premise; signed out, after sign-in.
  const createFlow = `/creations?${new URLSearchParams({ create: "premise", premise: PREVIEW_PREMISE })}`;
  const generateHref = user ? createFlow : `/sign-in?${new URLSearchParams({ callbackUrl: createFlow })}`;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-line/70 bg-canvas/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-8">
          <Link href="/" aria-label="Programmable Worlds home" className="rounded-md">
            <Logo compact />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            <ButtonLink href="/explore" variant="ghost" size="sm">
              Explore
            </ButtonLink>
            {user ? (
              <ButtonLink href="/creations" size="sm">
                Open Studio <ArrowRightIcon />
              </ButtonLink>
            ) : (
              <>
                <ButtonLink href="/sign-in" variant="ghost" size="sm">
                  Sign in
                </ButtonLink>
                <ButtonLink href="/sign-up" size="sm">
                  Sign up
                </ButtonLink>
              </>
            )}
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--accent-soft),transparent_65%)]"
          />
          <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-5 pt-16 pb-20 sm:px-8 lg:grid-cols-[1fr_1.15fr] lg:pt-24">
            <div>
              <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-fg-muted shadow-xs">
                <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
                Developer preview
              </p>
              <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance text-fg sm:text-5xl">
                Turn a premise, an image or a book into a world you can play.
              </h1>
              <p className="mt-5 max-w-xl text-[17px] leading-relaxed text-pretty text-fg-muted">
                Programmable Worlds generates a playable, AI-rendered world graph: scenes you can stand in, events that move you between
                them, and an entrance to begin from. Shape it in the Studio, drive it through the API, embed it for your players.
              </p>
              <div className="mt-8 flex flex-wrap items-center gap-3">
                {user ? (
                  <ButtonLink href="/creations" size="lg">
                    Open Studio <ArrowRightIcon />
                  </ButtonLink>
                ) : (
                  <>
                    <ButtonLink href="/sign-up" size="lg">
                      Create an account <ArrowRightIcon />
                    </ButtonLink>
                    <ButtonLink href="/sign-in" size="lg" variant="secondary">
                      Sign in
                    </ButtonLink>
                  </>
                )}
              </div>
              <p className="mt-4 text-[13px] text-fg-subtle">
                Test keys return deterministic mocks: build and integrate without spending a GPU second.
              </p>
            </div>
            <WorldGraphPreview generateHref={generateHref} />
          </div>
        </section>

        <section aria-labelledby="audiences" className="border-t border-line bg-surface/40">
          <div className="mx-auto max-w-6xl px-5 py-20 sm:px-8">
            <h2 id="audiences" className="max-w-2xl text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
              One world graph, three ways in.
            </h2>
            <p className="mt-3 max-w-2xl text-[15px] leading-relaxed text-fg-muted">
              The same world is a project in the Studio, a resource in the API and a player in a web page. Edits anywhere are versioned in
              one place.
            </p>
            <div className="mt-10 grid gap-5 md:grid-cols-3">
              <Audience
                icon={<LayersIcon />}
                eyebrow="For creators"
                title="The Studio"
                footer={
                  <Link
                    href={user ? "/creations" : "/sign-up"}
                    className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-accent-text hover:underline"
                  >
                    {user ? "Open My Creations" : "Start creating"} <ArrowRightIcon className="size-3.5" />
                  </Link>
                }
              >
                Generate a world from a premise, a seed image or a chapter, watch it render, then edit its graph visually: add scenes, wire
                events to hotkeys, snapshot versions and play it.
              </Audience>
              <Audience
                icon={<CodeIcon />}
                eyebrow="For developers"
                title="The /v1 API"
                footer={
                  <pre className="overflow-x-auto rounded-lg border border-line bg-subtle/70 px-3 py-2.5 font-mono text-[12px] leading-relaxed text-fg-muted">
                    <code>
                      <span className="text-accent-text">POST</span> /v1/worlds{"\n"}
                      Authorization: Bearer sk_test_…{"\n"}
                      {`{ "premise": "What if…" }`}
                    </code>
                  </pre>
                }
              >
                Create, read, fork and edit worlds with secret keys; batch graph operations with optimistic concurrency; get signed webhooks
                when long generations finish.
              </Audience>
              <Audience
                icon={<GamepadIcon />}
                eyebrow="For players"
                title="Embeds"
                footer={
                  <p className="text-[13px] text-fg-subtle">Allow your site&apos;s origin in the app settings, then drop in the iframe.</p>
                }
              >
                Put a world on any page. Your server mints a short-lived session token with its secret key; the player&apos;s browser never
                sees the key, and plays by clicking or by hotkey.
              </Audience>
            </div>
          </div>
        </section>
      </main>

      <footer className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-5 py-6 text-[13px] text-fg-subtle sm:px-8">
          <span>Programmable Worlds · developer preview</span>
          <span>Test usage is never billed.</span>
        </div>
      </footer>
    </div>
  );
}

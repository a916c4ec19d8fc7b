import Link from "next/link";
import type { ReactNode } from "react";
import { Logo, LogoMark } from "@/components/brand/logo";
import { buttonClasses } from "@/components/ui/button";
import { CodeIcon } from "@/components/ui/icons";
import { MethodBadge } from "./method-badge";
import { operationAnchor, OperationSection } from "./operation-section";
import { InlineText, RichText } from "./rich-text";
import { SchemaSection } from "./schema-section";
import type { ApiReference } from "./types";

const OPENAPI_URL = "/v1/openapi.json";
const groupAnchor = (name: string) => `group-${name.toLowerCase()}`;

function Nav({ reference }: { reference: ApiReference }) {
  const link = "block rounded-md px-2 py-1 text-[13px] text-fg-muted hover:bg-subtle hover:text-fg";
  return (
    <nav aria-label="API reference" className="space-y-6">
      <ul className="space-y-0.5">
        <li>
          <a href="#introduction" className={link}>
            Introduction
          </a>
        </li>
        <li>
          <a href="#authentication" className={link}>
            Authentication
          </a>
        </li>
        <li>
          <a href="#errors" className={link}>
            Errors
          </a>
        </li>
      </ul>
      {reference.groups.map((group) => (
        <div key={group.name}>
          <a href={`#${groupAnchor(group.name)}`} className="px-2 text-[11px] font-semibold tracking-wider text-fg-subtle uppercase hover:text-fg">
            {group.name}
          </a>
          <ul className="mt-1.5 space-y-0.5">
            {group.operations.map((op) => (
              <li key={op.id}>
                <a href={`#${operationAnchor(op.id)}`} className={`${link} flex items-center gap-2`}>
                  <MethodBadge method={op.method} size="sm" />
                  <span className="truncate">{op.summary}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div>
        <a href="#objects" className="px-2 text-[11px] font-semibold tracking-wider text-fg-subtle uppercase hover:text-fg">
          Objects
        </a>
      </div>
    </nav>
  );
}

function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div id={id} className="scroll-mt-24 space-y-2">
      <h2 className="text-2xl font-semibold tracking-tight text-fg">{title}</h2>
      {children}
    </div>
  );
}

/** The API reference page: a sticky table of contents beside every operation and object. */
export function ApiReferenceView({ reference }: { reference: ApiReference }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-line/70 bg-canvas/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-5 sm:px-8">
          <div className="flex items-center gap-3">
            <Link href="/" aria-label="Programmable Worlds home" className="flex rounded-md">
              <span className="sm:hidden">
                <LogoMark />
              </span>
              <span className="hidden sm:block">
                <Logo />
              </span>
            </Link>
            <span className="h-5 w-px bg-line-strong" aria-hidden="true" />
            <span className="text-[14px] font-medium text-fg-muted">API reference</span>
          </div>
          <a href={OPENAPI_URL} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <CodeIcon /> OpenAPI JSON
          </a>
        </div>
      </header>

      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-10 px-5 sm:px-8">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-line py-8 pr-4 lg:block">
          <Nav reference={reference} />
        </aside>

        <main className="min-w-0 flex-1 py-10">
          <details className="mb-8 rounded-lg border border-line bg-surface px-4 py-2 lg:hidden">
            <summary className="py-1 text-[14px] font-medium text-fg">Contents</summary>
            <div className="pt-3 pb-2">
              <Nav reference={reference} />
            </div>
          </details>

          <div className="max-w-4xl space-y-16">
            <section id="introduction" className="scroll-mt-24 space-y-5">
              <div className="space-y-3">
                <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-fg-muted shadow-xs">
                  <span className="size-1.5 rounded-full bg-accent" aria-hidden="true" />
                  Version {reference.version} · developer preview
                </p>
                <h1 className="text-4xl font-semibold tracking-tight text-fg">{reference.title}</h1>
              </div>
              <RichText text={reference.description} className="text-[15px]" />
              <div className="rounded-xl border border-line bg-surface p-4 shadow-xs">
                <p className="text-[12px] font-medium text-fg-subtle">A request</p>
                <pre className="mt-2 overflow-x-auto font-mono text-[12.5px] leading-relaxed text-fg-muted">
                  <code>
                    <span className="text-accent-text">POST</span> /v1/worlds{"\n"}
                    Authorization: Bearer sk_test_…{"\n"}
                    Content-Type: application/json{"\n"}
                    {"\n"}
                    {`{ "premise": "What if the tide kept secrets?" }`}
                  </code>
                </pre>
              </div>
              <p className="text-[14px] text-fg-muted">
                The machine-readable reference is{" "}
                <a href={OPENAPI_URL} className="font-mono text-[13px] text-accent-text underline-offset-2 hover:underline">
                  {OPENAPI_URL}
                </a>{" "}
                (OpenAPI 3.1), generated from the same schemas the server validates with.
              </p>
            </section>

            <section className="space-y-5">
              <SectionHeading id="authentication" title="Authentication" />
              <ul className="divide-y divide-line rounded-xl border border-line bg-surface shadow-xs">
                {reference.auth.map((scheme) => (
                  <li key={scheme.name} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4">
                    <span className="w-40 shrink-0 text-[13px] font-semibold text-fg">{scheme.label}</span>
                    <span className="text-[13px] leading-relaxed text-fg-muted">
                      <InlineText text={scheme.description} />
                    </span>
                  </li>
                ))}
              </ul>
            </section>

            <section className="space-y-5">
              <SectionHeading id="errors" title="Errors">
                <p className="text-[14px] text-fg-muted">
                  Every error is <code className="font-mono text-[13px] text-fg">{"{detail, code, errors?, diagnostics?, schemaVersion}"}</code>; each{" "}
                  <code className="font-mono text-[13px] text-fg">code</code> always comes with the same status.
                </p>
              </SectionHeading>
              <div className="overflow-x-auto rounded-xl border border-line bg-surface shadow-xs">
                <table className="w-full text-left text-[13px]">
                  <thead className="border-b border-line bg-subtle/50 text-[12px] text-fg-subtle">
                    <tr>
                      <th scope="col" className="px-4 py-2 font-medium">Status</th>
                      <th scope="col" className="px-4 py-2 font-medium">Code</th>
                      <th scope="col" className="px-4 py-2 font-medium">Meaning</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {reference.errors.map((error) => (
                      <tr key={error.code} className="align-top">
                        <td className="px-4 py-2.5 font-mono text-fg">{error.status}</td>
                        <td className="px-4 py-2.5">
                          <code className="font-mono text-fg">{error.code}</code>
                        </td>
                        <td className="px-4 py-2.5 leading-relaxed text-fg-muted">
                          <InlineText text={error.description} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>

            {reference.groups.map((group) => (
              <section key={group.name} className="space-y-4">
                <SectionHeading id={groupAnchor(group.name)} title={group.name}>
                  <p className="text-[14px] text-fg-muted">
                    <InlineText text={group.description} />
                  </p>
                </SectionHeading>
                <div>
                  {group.operations.map((op) => (
                    <OperationSection key={op.id} op={op} />
                  ))}
                </div>
              </section>
            ))}

            <section className="space-y-5">
              <SectionHeading id="objects" title="Objects">
                <p className="text-[14px] text-fg-muted">Every named schema of the requests and responses above. Responses may gain optional fields; ignore fields you do not know.</p>
              </SectionHeading>
              <div className="grid gap-4">
                {reference.schemas.map((schema) => (
                  <SchemaSection key={schema.name} schema={schema} />
                ))}
              </div>
            </section>
          </div>
        </main>
      </div>
    </div>
  );
}

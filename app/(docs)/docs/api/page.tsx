import type { Metadata } from "next";
import Link from "next/link";
import { Logo, LogoMark } from "@/components/brand/logo";
import { ApiReference } from "@/components/docs/api-reference";
import { OPENAPI_PATH } from "@/components/docs/scalar-configuration";
import { buttonClasses } from "@/components/ui/button";
import { CodeIcon, KeyIcon } from "@/components/ui/icons";

export const metadata: Metadata = {
  title: "API reference",
  description:
    "Every /v1 operation, its credentials, request fields and responses, read from the OpenAPI document; requests can be tried against this server.",
};

const code = "rounded bg-subtle px-1 py-0.5 font-mono text-[12px] text-fg";

/** The API reference: Scalar renders /v1/openapi.json below a header of the app's own. */
export default function ApiReferencePage() {
  return (
    <div className="min-h-dvh">
      {/* Not sticky: Scalar's sidebar sticks to the top, and its request modal must cover the page. */}
      <header className="border-b border-line bg-canvas">
        <div className="flex h-14 items-center justify-between gap-4 px-5 sm:px-8">
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
          <a href={OPENAPI_PATH} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <CodeIcon /> OpenAPI JSON
          </a>
        </div>
      </header>

      <aside aria-label="Trying requests" className="border-b border-line bg-surface">
        <div className="flex max-w-5xl gap-3 px-5 py-3 text-[13px] leading-relaxed text-fg-muted sm:px-8">
          <KeyIcon className="mt-0.5 size-4 shrink-0 text-accent-text" />
          <p>
            <strong className="font-medium text-fg">Test Request</strong> sends an operation to this server. Authenticate with a test secret
            key (<code className={code}>sk_test_…</code>): in{" "}
            <Link href="/creations" className="text-accent-text underline underline-offset-2">
              the Studio
            </Link>
            , open your app and choose Create key (Secret, Test), or run <code className={code}>npm run worlds -- bootstrap</code>; then
            paste it over the placeholder under Authentication. The key stays in this tab. Test keys see only your app&rsquo;s test data and
            get deterministic mocks.
          </p>
        </div>
      </aside>

      <ApiReference />
    </div>
  );
}

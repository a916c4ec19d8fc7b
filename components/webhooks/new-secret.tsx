"use client";

import { useEffect, useRef } from "react";
import type { CreatedWebhookEndpoint } from "@/components/api/webhooks";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { AlertTriangleIcon } from "@/components/ui/icons";

/** The signing secret of an endpoint just added, shown this once; focus moves to it so a screen reader announces it. */
export function NewSecret({ endpoint, onDismiss }: { endpoint: CreatedWebhookEndpoint; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="webhook-secret-title" className="rounded-xl border border-warning-text/30 bg-warning-soft/60 p-5">
      <div className="flex gap-3">
        <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-warning-text" />
        <div className="min-w-0 flex-1">
          <h3
            id="webhook-secret-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-[15px] font-semibold tracking-tight text-fg focus:outline-none"
          >
            Copy the signing secret now
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            <strong className="font-semibold text-fg">You won&apos;t see it again.</strong> Your server verifies each delivery&apos;s{" "}
            <code className="font-mono text-[13px]">Service-Signature</code> with it. If it is lost, delete the endpoint and add it again.
          </p>
          <p className="mt-3 truncate font-mono text-[13px] text-fg-muted">{endpoint.url}</p>
          <div className="mt-1.5 flex items-center gap-2">
            <code
              data-testid="webhook-secret"
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 font-mono text-[13px] break-all text-fg select-all"
            >
              {endpoint.secret}
            </code>
            <CopyButton value={endpoint.secret} text="Copy" label="Copy signing secret" />
          </div>
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={onDismiss}>
              I&apos;ve saved this secret
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

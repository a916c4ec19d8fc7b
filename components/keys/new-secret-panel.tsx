"use client";

import { useEffect, useRef } from "react";
import type { CreatedApiKey } from "@/components/api/types";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { AlertTriangleIcon } from "@/components/ui/icons";
import { KindBadge, ModeBadge } from "./key-badges";

/**
 * The one place a full key is ever shown. It lives in this component's props only: once the
 * panel is dismissed, the secret is gone from the page and from every cache.
 */
export function NewSecretPanel({ keys, onDismiss }: { keys: CreatedApiKey[]; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const plural = keys.length > 1;

  // Move focus here when it appears, so that keyboard and screen-reader users land on the key.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="new-secret-title" className="rounded-xl border border-warning-text/30 bg-warning-soft/60 p-5">
      <div className="flex gap-3">
        <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-warning-text" />
        <div className="min-w-0 flex-1">
          <h3
            id="new-secret-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-[15px] font-semibold tracking-tight text-fg focus:outline-none"
          >
            {plural ? "Copy your new keys now" : "Copy your new key now"}
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            <strong className="font-semibold text-fg">You won&apos;t see {plural ? "these keys" : "this key"} again.</strong> Only a hash is
            stored. Keep {plural ? "them" : "it"} in your server&apos;s secret store; if {plural ? "one is" : "it is"} lost, revoke it and
            create another.
          </p>
          <ul className="mt-4 space-y-3">
            {keys.map((key) => (
              <li key={key.id} className="rounded-lg border border-line bg-surface p-3 shadow-xs">
                <div className="mb-2 flex flex-wrap items-center gap-2 text-[13px] text-fg-muted">
                  <span className="font-medium text-fg">{key.name || "Unnamed key"}</span>
                  <KindBadge kind={key.kind} />
                  <ModeBadge mode={key.mode} />
                </div>
                <div className="flex items-center gap-2">
                  <code
                    data-testid="new-secret"
                    className="min-w-0 flex-1 rounded-md border border-line bg-subtle/70 px-3 py-2 font-mono text-[13px] break-all text-fg select-all"
                  >
                    {key.secret}
                  </code>
                  <CopyButton value={key.secret} text="Copy" label={`Copy ${key.kind} key`} />
                </div>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={onDismiss}>
              {plural ? "I’ve saved these keys" : "I’ve saved this key"}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

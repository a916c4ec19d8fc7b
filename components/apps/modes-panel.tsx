"use client";

import type { App } from "@/components/api/types";
import { useKeys } from "@/components/api/hooks";
import { ModeBadge } from "@/components/keys/key-badges";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { KEY_ACCESS, MODE_WORDS, STUDIO_CREATION_MODE } from "./mode-words";

/**
 * "Test and live": the app's default mode and what it decides, the mode Studio creations use,
 * and which keys see what (with how many active keys of each kind this app has).
 */
export function ModesPanel({ app }: { app: App }) {
  const keys = useKeys(app.id);
  const active = (kind: string, mode: string) =>
    keys.data?.filter((k) => k.kind === kind && k.mode === mode && k.revoked_at === null).length;

  return (
    <Card id="modes" aria-labelledby="modes-title" className="scroll-mt-6 overflow-hidden">
      <CardHeader
        titleId="modes-title"
        title="Test and live"
        description="Every world lives in one mode, and only keys of that mode can see it. Here is what decides the mode of each thing."
      />
      <CardBody className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-line p-4" data-testid="modes-default">
            <dt className="flex items-center gap-2 text-[13px] font-medium text-fg">
              This app&apos;s default mode <ModeBadge mode={app.defaultMode} />
            </dt>
            <dd className="mt-1.5 text-[13px] text-fg-muted">
              New keys start in this mode unless you pick another, and the Players page opens in it. An API request always runs in the mode
              of its key. Change it under General.
            </dd>
          </div>
          <div className="rounded-lg border border-line p-4" data-testid="modes-studio">
            <dt className="flex items-center gap-2 text-[13px] font-medium text-fg">
              Studio creations <ModeBadge mode={STUDIO_CREATION_MODE} />
            </dt>
            <dd className="mt-1.5 text-[13px] text-fg-muted">
              Worlds and campaigns you create in the Studio are {MODE_WORDS[STUDIO_CREATION_MODE].label.toLowerCase()}.{" "}
              {MODE_WORDS[STUDIO_CREATION_MODE].summary}
            </dd>
          </div>
        </dl>
        <div className="overflow-x-auto rounded-lg border border-line">
          <table className="w-full text-left text-[13px]" aria-label="Which keys see what">
            <thead className="bg-subtle/60 text-xs text-fg-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Key
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Mode
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Can
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Belongs in
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Active
                </th>
              </tr>
            </thead>
            <tbody>
              {KEY_ACCESS.map((k) => (
                <tr key={k.prefix} className="border-t border-line">
                  <th scope="row" className="px-3 py-2 font-mono text-[12.5px] font-normal text-fg">
                    {k.prefix}…
                  </th>
                  <td className="px-3 py-2">
                    <ModeBadge mode={k.mode} />
                  </td>
                  <td className="px-3 py-2 text-fg">{k.can}</td>
                  <td className="px-3 py-2 text-fg-muted">{k.where}</td>
                  <td className="px-3 py-2 text-right tabular-nums text-fg-muted">{active(k.kind, k.mode) ?? "…"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-[13px] text-fg-muted">
          {MODE_WORDS.test.badge}: {MODE_WORDS.test.summary} {MODE_WORDS.test.seenBy}
        </p>
      </CardBody>
    </Card>
  );
}

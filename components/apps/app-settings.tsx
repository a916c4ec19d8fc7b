"use client";

import Link from "next/link";
import type { App } from "@/components/api/types";
import { useApp } from "@/components/api/hooks";
import { KeysSection } from "@/components/keys/keys-section";
import { ModeBadge } from "@/components/keys/key-badges";
import { CopyButton } from "@/components/ui/copy-button";
import { PageContainer, PageHeader } from "@/components/ui/page-header";
import { UsageSection } from "@/components/usage/usage-section";
import { WebhooksSection } from "@/components/webhooks/webhooks-section";
import { EmbedOriginsSettings } from "./embed-origins-settings";
import { GeneralSettings } from "./general-settings";
import { ModesPanel } from "./modes-panel";

const SECTIONS = [
  { id: "general", label: "General" },
  { id: "modes", label: "Test and live" },
  { id: "usage", label: "Usage" },
  { id: "keys", label: "API keys" },
  { id: "webhooks", label: "Webhooks" },
  { id: "origins", label: "Embedding" },
];

/**
 * The settings page of one app: general, today's usage, keys, webhooks, embedding origins.
 * `webhookEventTypes` comes from the server (lib/webhooks), so the picker never restates it.
 */
export function AppSettings({ initialApp, webhookEventTypes }: { initialApp: App; webhookEventTypes: string[] }) {
  const { data: app = initialApp } = useApp(initialApp.id, initialApp);

  return (
    <PageContainer>
      <PageHeader
        eyebrow="App settings"
        title={app.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1">
              <span>ID</span>
              <code className="font-mono text-[13px] text-fg">{app.id}</code>
              <CopyButton value={app.id} label="Copy app ID" variant="ghost" size="icon-sm" />
            </span>
            <span aria-hidden="true" className="hidden text-fg-subtle sm:inline">
              ·
            </span>
            <span className="inline-flex items-center gap-1.5">
              Default mode <ModeBadge mode={app.defaultMode} />
            </span>
          </span>
        }
      />
      <nav aria-label="On this page" className="-mt-3 flex flex-wrap gap-1 border-b border-line pb-3">
        {SECTIONS.map((section) => (
          <a
            key={section.id}
            href={`#${section.id}`}
            className="rounded-md px-2.5 py-1 text-[13px] font-medium text-fg-muted transition-colors hover:bg-subtle hover:text-fg"
          >
            {section.label}
          </a>
        ))}
        <Link
          href={`/apps/${app.id}/players`}
          className="rounded-md px-2.5 py-1 text-[13px] font-medium text-fg-muted transition-colors hover:bg-subtle hover:text-fg"
        >
          Players →
        </Link>
      </nav>
      <GeneralSettings key={`${app.id}:general`} app={app} />
      <ModesPanel key={`${app.id}:modes`} app={app} />
      <UsageSection key={`${app.id}:usage`} appId={app.id} />
      <KeysSection key={`${app.id}:keys`} appId={app.id} defaultMode={app.defaultMode} />
      <WebhooksSection key={`${app.id}:webhooks`} appId={app.id} eventTypes={webhookEventTypes} />
      <EmbedOriginsSettings key={`${app.id}:origins`} app={app} />
    </PageContainer>
  );
}

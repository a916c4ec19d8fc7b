"use client";

import Link from "next/link";
import { useCampaign, type Campaign } from "@/components/api/campaigns";
import { EmbedSnippet } from "@/components/embed/embed-snippet";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/components/ui/dates";
import { BoxIcon } from "@/components/ui/icons";
import { PageContainer, PageHeader } from "@/components/ui/page-header";
import { CampaignPreview, type PreviewToken } from "./campaign-preview";
import { CampaignProgress } from "./campaign-progress";
import { CAMPAIGN_STATUS } from "./campaign-status";
import { ChapterList } from "./chapter-list";

interface CampaignWorkspaceProps {
  appId: string;
  appName: string;
  initialCampaign: Campaign;
  /** This service's public origin, for the embed snippet. */
  origin: string;
  /** A token the server minted for chapter 1, once chapter 1 is authored. */
  preview: PreviewToken | null;
}

/**
 * A campaign's page: its status and live progress (polled while authoring), the quota stop with
 * Resume, the story spine with each chapter's world, a preview that plays chapter after chapter,
 * and the embed snippet (one token for chapter 1 plays them all).
 */
export function CampaignWorkspace({ appId, appName, initialCampaign, origin, preview }: CampaignWorkspaceProps) {
  const scope = { appId, mode: initialCampaign.mode };
  const { data } = useCampaign(scope, initialCampaign);
  const campaign = data ?? initialCampaign;
  const status = CAMPAIGN_STATUS[campaign.status];
  const name = campaign.name || "Untitled campaign";
  const first = campaign.chapters[0]?.worldId ?? null;

  return (
    <PageContainer>
      <PageHeader
        breadcrumbs={[{ label: "My Creations", href: "/creations" }, { label: name }]}
        title={name}
        description={
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <Badge tone={status.tone} dot={campaign.status === "authoring"}>
              <span data-testid="campaign-status">{status.label}</span>
            </Badge>
            <Badge tone={campaign.mode === "live" ? "success" : "warning"}>{campaign.mode === "live" ? "Live" : "Test"}</Badge>
            <Badge>{campaign.fidelity === "faithful" ? "Faithful to the book" : "In the book's spirit"}</Badge>
            <Link href={`/apps/${appId}`} className="inline-flex items-center gap-1 text-[13px] text-fg-muted hover:text-fg">
              <BoxIcon className="size-3.5" /> {appName}
            </Link>
            <span className="text-[13px] text-fg-subtle">Started {formatDateTime(campaign.createdAt)}</span>
          </div>
        }
      />
      <CampaignProgress scope={scope} campaign={campaign} />
      <ChapterList chapters={campaign.chapters} planning={campaign.status === "authoring"} />
      <CampaignPreview name={name} preview={preview} playable={first !== null} />
      {first ? (
        <section aria-label="Embed the campaign" className="space-y-3">
          <p className="text-sm text-fg-muted">
            Embed chapter 1: a session token minted for it plays the whole campaign, since each winning ending opens the next chapter in the
            same session.
          </p>
          <EmbedSnippet appId={appId} origin={origin} worldId={first} />
        </section>
      ) : null}
    </PageContainer>
  );
}

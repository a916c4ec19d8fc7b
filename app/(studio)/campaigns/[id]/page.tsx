import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { Campaign } from "@/components/api/campaigns";
import { CampaignWorkspace } from "@/components/campaigns/campaign-workspace";
import { findUserCampaign, mintCampaignPreviewToken } from "@/lib/campaigns/studio";
import { studioBaseUrl } from "../../base-url";
import { getSessionUser } from "../../session";

/** The signed-in user's campaign (memoized per request: metadata and page share one read). */
const loadCampaign = cache((userId: string, id: string) => findUserCampaign(userId, id));

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, user] = await Promise.all([params, getSessionUser()]);
  const found = user ? await loadCampaign(user.id, id) : null;
  return { title: found ? found.campaign.name || "Untitled campaign" : "Campaign not found" };
}

export default async function CampaignPage({ params }: Props) {
  const { id } = await params;
  const user = await getSessionUser();
  if (!user) redirect("/sign-in");
  const found = await loadCampaign(user.id, id);
  if (!found) notFound();
  const { campaign, app } = found;
  const first = campaign.chapters[0]?.worldId ?? null;
  // The preview's token: minted for chapter 1, it plays every chapter (docs/campaigns.md).
  const minted = first ? await mintCampaignPreviewToken(user.id, app, campaign.mode, first) : null;
  return (
    <CampaignWorkspace
      key={campaign.id}
      appId={app.id}
      appName={app.name}
      initialCampaign={campaign as Campaign}
      origin={await studioBaseUrl()}
      preview={minted ? { worldId: first!, token: minted.token, expiresAt: minted.expiresAt } : null}
    />
  );
}

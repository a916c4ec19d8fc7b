"use client";

import Link from "next/link";
import { errorMessage } from "@/components/api/client";
import { useCampaignJob, useResumeCampaign, type Campaign, type CampaignScope } from "@/components/api/campaigns";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { CheckIcon, RotateCcwIcon } from "@/components/ui/icons";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { chaptersLine, isQuotaStop } from "./campaign-status";

/** What the running job is doing, in words. */
function doing(campaign: Campaign): string {
  if (campaign.actsTotal === null) return "Reading the book and planning its chapters";
  const now = campaign.chapters.find((c) => c.status === "authoring");
  return now ? `Authoring chapter ${now.index}: ${now.title}` : "Finishing";
}

/**
 * The campaign's state while it is authored and after: a live bar of `actsDone / actsTotal`
 * (polled), the quota stop (or another stop) with Resume, or the finished campaign.
 */
export function CampaignProgress({ scope, campaign }: { scope: CampaignScope; campaign: Campaign }) {
  const authoring = campaign.status === "authoring";
  const job = useCampaignJob(scope, campaign.jobId, authoring);
  const resume = useResumeCampaign(scope, campaign.id);
  const error = authoring ? null : (job.data?.error ?? null);
  const resumable = campaign.status === "partial" || campaign.status === "failed";
  const total = campaign.actsTotal ?? 0;
  const line = chaptersLine(campaign.actsDone, campaign.actsTotal);
  const tone =
    campaign.status === "complete"
      ? "success"
      : resumable
        ? isQuotaStop(error)
          ? "warning"
          : "danger"
        : campaign.status === "cancelled"
          ? "danger"
          : "accent";

  const resumeButton = (
    <Button size="sm" onClick={() => resume.mutate()} loading={resume.isPending}>
      <RotateCcwIcon /> Resume
    </Button>
  );

  return (
    <Card aria-labelledby="progress-title">
      <CardBody className="space-y-4">
        <div className="space-y-2">
          <div className="flex items-baseline justify-between gap-3">
            <h2 id="progress-title" className="flex items-center gap-2 text-sm font-medium text-fg" aria-live="polite">
              {authoring ? (
                <Spinner className="text-accent-text" />
              ) : campaign.status === "complete" ? (
                <CheckIcon className="size-4 text-success-text" />
              ) : null}
              {authoring
                ? doing(campaign)
                : campaign.status === "complete"
                  ? `All ${total} chapters are authored`
                  : `Stopped after ${line.replace(/ chapters$/, "")} chapters`}
            </h2>
            <span className="font-mono text-[13px] text-fg-muted tabular-nums" data-testid="acts">
              {campaign.actsDone} / {campaign.actsTotal ?? "–"}
            </span>
          </div>
          <ProgressBar value={total ? campaign.actsDone / total : 0} label="Campaign progress" valueText={line} tone={tone} />
        </div>

        {resumable && isQuotaStop(error) ? (
          <Alert tone="warning" title="Today's generation quota is used up" action={resumeButton}>
            Each chapter costs one generation. The chapters authored so far are kept; resume when the quota allows (it resets at 00:00 UTC)
            or after{" "}
            <Link href={`/apps/${scope.appId}#usage`} className="font-medium underline underline-offset-2">
              raising this app&apos;s cap
            </Link>
            . Nothing is authored or charged twice.
          </Alert>
        ) : resumable ? (
          <Alert
            title={campaign.status === "partial" ? "The campaign stopped before its last chapter" : "The campaign failed"}
            action={resumeButton}
          >
            {error ?? "The job stopped."} Resume goes on from the first chapter not yet authored.
          </Alert>
        ) : campaign.status === "cancelled" ? (
          <Alert tone="info" title="Cancelled">
            The job was cancelled between chapters; the chapters authored before it are kept.
          </Alert>
        ) : null}
        {resume.isError ? <Alert title="The campaign was not resumed">{errorMessage(resume.error)}</Alert> : null}
      </CardBody>
    </Card>
  );
}

"use client";

import Link from "next/link";
import { useState } from "react";
import { errorMessage } from "@/components/api/client";
import { isBatchLive, useBatch, useCancelBatch, useReviewClip, type Batch, type ScenarioScope } from "@/components/api/scenarios";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatRelative } from "@/components/ui/dates";
import { BanIcon, XIcon } from "@/components/ui/icons";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { ClipCard } from "./clip-card";
import { BATCH_STATUS, REVIEW_LABEL } from "./scenario-words";

interface BatchViewProps {
  scope: ScenarioScope;
  batchId: string;
  /** The world whose tab this is: a batch of another world links to it. */
  worldId: string;
  onClose: () => void;
}

/** A batch as it runs and after: a live progress bar, its counts, and its clips as a grid of previews. */
export function BatchView({ scope, batchId, worldId, onClose }: BatchViewProps) {
  const query = useBatch(scope, batchId);
  const cancel = useCancelBatch(scope);
  const review = useReviewClip(scope, batchId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const batch = query.data;

  const close = (
    <Button variant="ghost" size="icon-sm" onClick={onClose} aria-label="Close this batch" title="Close">
      <XIcon />
    </Button>
  );

  if (!batch) {
    return (
      <Card aria-label="Batch" aria-busy={query.isPending || undefined}>
        <CardHeader title="Batch" actions={close} />
        <CardBody>
          {query.isError ? (
            <Alert title="The batch could not be read">{errorMessage(query.error)}</Alert>
          ) : (
            <p className="flex items-center gap-2 text-sm text-fg-muted">
              <Spinner /> Reading the batch…
            </p>
          )}
        </CardBody>
      </Card>
    );
  }

  const status = BATCH_STATUS[batch.status];
  const live = isBatchLive(batch.status);
  const reviewing = (clipId: string) => (review.isPending && review.variables?.clipId === clipId ? review.variables.verdict : null);

  return (
    <Card aria-labelledby="batch-title" data-testid="batch-view" data-status={batch.status}>
      <CardHeader
        titleId="batch-title"
        title={
          <span className="flex flex-wrap items-center gap-2">
            {batch.name ?? "Untitled batch"}
            <Badge tone={status.tone} dot={live}>
              {status.label}
            </Badge>
          </span>
        }
        description={
          <>
            {REVIEW_LABEL[batch.review]} · sent {formatRelative(batch.createdAt)} · against rev{" "}
            <span className="font-mono" title={batch.rev}>
              {batch.rev.slice(0, 7)}
            </span>{" "}
            of the graph
            {batch.worldId !== worldId ? (
              <>
                {" "}
                ·{" "}
                <Link
                  href={`/worlds/${batch.worldId}?tab=scenarios`}
                  className="font-medium text-accent-text underline-offset-2 hover:underline"
                >
                  another world
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          <>
            {live ? (
              confirmCancel ? (
                <>
                  <Button
                    size="sm"
                    variant="danger"
                    loading={cancel.isPending}
                    onClick={() => cancel.mutate(batch.batchId, { onSettled: () => setConfirmCancel(false) })}
                  >
                    Cancel the rest
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirmCancel(false)}>
                    Keep going
                  </Button>
                </>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => setConfirmCancel(true)}>
                  <BanIcon /> Cancel batch
                </Button>
              )
            ) : null}
            {close}
          </>
        }
      />
      <CardBody className="space-y-5">
        <Progress batch={batch} />
        {cancel.isError ? <Alert title="The batch was not cancelled">{errorMessage(cancel.error)}</Alert> : null}
        {review.isError ? <Alert title="The verdict was not recorded">{errorMessage(review.error)}</Alert> : null}
        {batch.status === "failed" ? <Alert title="The batch could not run">None of its clips were charged.</Alert> : null}
        <ul aria-label="Clips of the batch" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {batch.clips.map((clip) => (
            <ClipCard
              key={clip.clipId}
              clip={clip}
              mode={scope.mode}
              reviewing={reviewing(clip.clipId)}
              onReview={batch.review === "manual" ? (verdict) => review.mutate({ clipId: clip.clipId, verdict }) : undefined}
            />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function Progress({ batch }: { batch: Batch }) {
  const { counts } = batch;
  const live = isBatchLive(batch.status);
  const charged = batch.clips.filter((c) => c.charged).length;
  const line = `${batch.itemsDone} of ${batch.itemsTotal} clips finished`;
  const tone = batch.status === "failed" ? "danger" : batch.status === "completed" && counts.pendingReview === 0 ? "success" : "accent";
  const parts: [string, number][] = [
    ["accepted", counts.accepted],
    ["need your review", counts.pendingReview],
    ["rejected", counts.rejected],
    ["failed", counts.failed],
    ["cancelled", counts.cancelled],
  ];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="flex items-center gap-2 text-sm font-medium text-fg" aria-live="polite">
          {live ? <Spinner className="text-accent-text" /> : null}
          {batch.status === "queued" ? "Waiting for a free slot to start" : line}
        </p>
        <p data-testid="batch-counts" className="text-[13px] text-fg-muted">
          {parts
            .filter(([, n]) => n > 0)
            .map(([label, n]) => `${n} ${label}`)
            .join(" · ") || "No clip finished yet"}
          {charged > 0 ? ` · ${charged} charged` : ""}
        </p>
      </div>
      <ProgressBar value={batch.itemsTotal ? batch.itemsDone / batch.itemsTotal : 0} label="Batch progress" valueText={line} tone={tone} />
    </div>
  );
}

"use client";

import { errorMessage } from "@/components/api/client";
import { isBatchLive, useBatches, type ScenarioScope } from "@/components/api/scenarios";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { LayersIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { BATCH_STATUS } from "./scenario-words";

interface BatchListProps {
  scope: ScenarioScope;
  worldId: string;
  selected: string | null;
  onSelect: (batchId: string) => void;
}

/** Every batch of the app (and mode), newest first, a page at a time. */
export function BatchList({ scope, worldId, selected, onSelect }: BatchListProps) {
  const query = useBatches(scope);
  const batches = query.data?.pages.flatMap((p) => p.batches) ?? [];

  return (
    <Card aria-labelledby="batches-title">
      <CardHeader
        titleId="batches-title"
        title="Batches"
        description={`Every batch of this app${scope.mode === "test" ? " in test mode" : ""}, newest first.`}
      />
      <CardBody className="pt-3">
        {query.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : query.isError ? (
          <Alert title="The batches could not be listed">{errorMessage(query.error)}</Alert>
        ) : batches.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-fg-muted">
            <LayersIcon className="size-5" />
            No batches yet. A plan sent from here shows up in this list.
          </div>
        ) : (
          <ul aria-label="Batches" className="-mx-2 space-y-0.5">
            {batches.map((batch) => {
              const status = BATCH_STATUS[batch.status];
              const current = batch.batchId === selected;
              return (
                <li key={batch.batchId}>
                  <button
                    type="button"
                    onClick={() => onSelect(batch.batchId)}
                    aria-current={current || undefined}
                    className={cn(
                      "w-full rounded-lg px-2 py-2 text-left transition-colors",
                      current ? "bg-accent-soft/60" : "hover:bg-subtle",
                    )}
                  >
                    <span className="flex items-center gap-2">
                      <span className="min-w-0 flex-1 truncate text-[13px] font-medium text-fg">{batch.name ?? "Untitled batch"}</span>
                      <Badge tone={status.tone} dot={isBatchLive(batch.status)}>
                        {status.label}
                      </Badge>
                    </span>
                    <span className="mt-0.5 block text-[12px] text-fg-muted">
                      {batch.itemsDone}/{batch.itemsTotal} clips · {batch.counts.accepted} accepted
                      {batch.counts.pendingReview > 0 ? ` · ${batch.counts.pendingReview} to review` : ""}
                      {" · "}
                      <time dateTime={batch.createdAt} title={formatDateTime(batch.createdAt)}>
                        {formatRelative(batch.createdAt)}
                      </time>
                      {batch.worldId !== worldId ? " · another world" : ""}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {query.hasNextPage ? (
          <Button
            variant="secondary"
            size="sm"
            className="mt-3 w-full"
            loading={query.isFetchingNextPage}
            onClick={() => query.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </CardBody>
    </Card>
  );
}

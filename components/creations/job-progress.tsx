"use client";

import { useEffect, useRef } from "react";
import { errorMessage } from "@/components/api/client";
import { isJobDone, useCancelJob, useJob, type GenerationJob } from "@/components/api/jobs";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { DialogFooter } from "@/components/ui/dialog";
import { CheckIcon, RefreshIcon, XIcon } from "@/components/ui/icons";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { STUDIO_CREATION_MODE } from "@/components/apps/mode-words";
import { phaseLabel, stageIndex, STAGES } from "./create-world-model";

/** A running generation: polled progress, its four stages, cancel; Retry or Edit request once it failed. */
export function JobProgress({
  appId,
  job,
  onRetry,
  onEdit,
  onDone,
}: {
  appId: string;
  job: GenerationJob;
  onRetry: () => void;
  onEdit: () => void;
  onDone: (worldId: string) => void;
}) {
  const scope = { appId, mode: STUDIO_CREATION_MODE };
  const polled = useJob(scope, job);
  const cancel = useCancelJob(scope);
  const current = polled.data ?? job;
  const done = isJobDone(current.status);
  const stage = stageIndex(current);

  // Open the world once, when the job reports it.
  const opened = useRef(false);
  useEffect(() => {
    if (current.status !== "succeeded" || !current.worldId || opened.current) return;
    opened.current = true;
    onDone(current.worldId);
  }, [current.status, current.worldId, onDone]);

  return (
    <div className="space-y-5" data-testid="generation-progress">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-3">
          <p className="flex items-center gap-2 text-sm font-medium text-fg" aria-live="polite">
            {done ? null : <Spinner className="text-accent-text" />}
            {phaseLabel(current)}
          </p>
          <span className="font-mono text-[13px] text-fg-muted tabular-nums">{Math.round(current.progress * 100)}%</span>
        </div>
        <ProgressBar
          value={current.progress}
          label="Generation progress"
          valueText={phaseLabel(current)}
          tone={
            current.status === "failed" || current.status === "cancelled" ? "danger" : current.status === "succeeded" ? "success" : "accent"
          }
        />
      </div>

      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Stages">
        {STAGES.map((s, i) => {
          const state =
            current.status === "failed" || current.status === "cancelled"
              ? i < stage
                ? "done"
                : i === stage
                  ? "stopped"
                  : "todo"
              : i < stage
                ? "done"
                : i === stage
                  ? "now"
                  : "todo";
          return (
            <li
              key={s.phase}
              className={cn(
                "flex items-center gap-1.5 rounded-md border px-2 py-1.5 text-xs",
                state === "done" && "border-line text-fg-muted",
                state === "now" && "border-accent/40 bg-accent-soft/60 font-medium text-accent-text",
                state === "stopped" && "border-danger/30 bg-danger-soft text-danger-text",
                state === "todo" && "border-line text-fg-subtle",
              )}
            >
              {state === "done" ? (
                <CheckIcon className="size-3.5 text-success-text" />
              ) : state === "now" ? (
                <Spinner className="size-3" />
              ) : state === "stopped" ? (
                <XIcon className="size-3.5" />
              ) : (
                <span className="size-3.5 rounded-full border border-line-strong" />
              )}
              <span className="truncate">{s.short}</span>
            </li>
          );
        })}
      </ol>

      {current.status === "failed" || current.status === "cancelled" ? (
        <Alert title={current.status === "failed" ? "The world could not be generated" : "Generation cancelled"}>
          {current.error ??
            (current.status === "cancelled" ? "Nothing was kept, and the quota unit was given back." : "The job stopped without a reason.")}
        </Alert>
      ) : polled.isError ? (
        <Alert tone="warning" title="Lost track of the job">
          {errorMessage(polled.error)} It may still finish; it will appear in My Creations.
        </Alert>
      ) : (
        <p className="text-[13px] text-fg-muted">
          {current.status === "succeeded"
            ? "Opening your world…"
            : "You can close this dialog: the world keeps generating and appears in My Creations when it is ready."}
        </p>
      )}
      {cancel.isError ? <Alert>{errorMessage(cancel.error)}</Alert> : null}

      <DialogFooter>
        {done ? (
          current.status === "succeeded" ? null : (
            <>
              <Button variant="secondary" onClick={onEdit}>
                Edit request
              </Button>
              <Button onClick={onRetry}>
                <RefreshIcon /> Retry
              </Button>
            </>
          )
        ) : (
          <Button variant="secondary" onClick={() => cancel.mutate(current.jobId)} loading={cancel.isPending}>
            Cancel generation
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

"use client";

import { ApiRequestError, errorMessage } from "@/components/api/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";

/** True for 412 `rev_mismatch`: someone wrote to the world since this view read it. */
export const isRevMismatch = (error: unknown) => error instanceof ApiRequestError && error.code === "rev_mismatch";

/**
 * A failed write, as a person should read it: the API's `detail` and field `errors`, or, for a
 * stale rev, what happened and a way to reload.
 */
export function WriteError({
  error,
  title,
  onReload,
  reloading,
}: {
  error: unknown;
  title: string;
  onReload?: () => void;
  reloading?: boolean;
}) {
  if (isRevMismatch(error)) {
    return (
      <Alert
        tone="warning"
        title="This world changed elsewhere"
        action={
          onReload ? (
            <Button variant="secondary" size="sm" onClick={onReload} loading={reloading}>
              <RefreshIcon /> Reload
            </Button>
          ) : undefined
        }
      >
        Someone (or another tab) saved a newer version while you were here. Reload to get it, then apply your change again.
      </Alert>
    );
  }
  const fieldErrors = error instanceof ApiRequestError ? error.errors : [];
  return (
    <Alert title={title} lines={fieldErrors}>
      {errorMessage(error)}
    </Alert>
  );
}

/** A world that could not be loaded, with a retry. */
export function WorldLoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const missing = error instanceof ApiRequestError && error.status === 404;
  return (
    <Alert
      title={missing ? "World not found" : "The world could not be loaded"}
      action={
        missing ? undefined : (
          <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
            <RefreshIcon /> Retry
          </Button>
        )
      }
    >
      {missing ? "It was deleted, or it belongs to another app or mode." : errorMessage(error)}
    </Alert>
  );
}

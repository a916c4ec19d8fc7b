"use client";

import { errorMessage } from "@/components/api/client";
import { useUsage } from "@/components/api/usage";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { RefreshIcon } from "@/components/ui/icons";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSeconds, humanizeKind, QUOTA_LABELS, shortDay } from "./format";
import { UsageHistorySection } from "./usage-history";

export { formatSeconds } from "./format";

const count = (n: number) => n.toLocaleString("en");

function Meter({ kind, used, cap }: { kind: string; used: number; cap: number }) {
  const meta = QUOTA_LABELS[kind];
  const ratio = cap > 0 ? used / cap : used > 0 ? 1 : 0;
  const tone = ratio >= 1 ? "danger" : ratio >= 0.8 ? "warning" : "accent";
  return (
    <li className="min-w-0 space-y-1.5 rounded-lg border border-line p-3 sm:p-3.5" data-quota={kind} title={meta?.meters}>
      <span className="block truncate text-[13px] font-medium text-fg">{humanizeKind(kind)}</span>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="hidden min-w-0 truncate text-fg-subtle sm:block">{meta?.hint ?? kind}</span>
        <span className={cn("ml-auto shrink-0 font-mono tabular-nums", ratio >= 1 ? "font-semibold text-danger-text" : "text-fg")}>
          {count(used)}
          <span className="text-fg-subtle"> / {cap > 0 ? count(cap) : "off"}</span>
        </span>
      </div>
      <ProgressBar
        value={Math.min(ratio, 1)}
        size="sm"
        tone={tone}
        label={`${humanizeKind(kind)} used today`}
        valueText={`${used} of ${cap}`}
      />
      {meta ? (
        <p className="text-[11px] leading-snug text-fg-subtle" data-testid="quota-meters">
          Counts {meta.meters}
        </p>
      ) : null}
    </li>
  );
}

/** Today's use of the app's daily quotas against its caps, and billable runtime of live mode. */
export function UsageSection({ appId }: { appId: string }) {
  const usage = useUsage(appId, "live");
  const day = usage.data ? shortDay(usage.data.day) : null;

  return (
    <>
      <Card id="usage" aria-labelledby="usage-title" className="scroll-mt-6">
        <CardHeader
          titleId="usage-title"
          title="Usage today"
          description="This app's use of its daily quotas. A request over a cap is refused with 402; counters reset at 00:00 UTC."
          actions={
            <Button
              variant="ghost"
              size="sm"
              onClick={() => usage.refetch()}
              loading={usage.isFetching && !usage.isPending}
              aria-label="Refresh usage"
            >
              {usage.isFetching && !usage.isPending ? null : <RefreshIcon />} Refresh
            </Button>
          }
        />
        <CardBody>
          {usage.isPending ? (
            <div className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4" aria-busy="true" aria-label="Loading usage">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-20 rounded-lg" />
              ))}
            </div>
          ) : usage.isError ? (
            <Alert
              title="Usage could not be loaded"
              action={
                <Button variant="secondary" size="sm" onClick={() => usage.refetch()}>
                  <RefreshIcon /> Retry
                </Button>
              }
            >
              {errorMessage(usage.error)}
            </Alert>
          ) : (
            <ul aria-label="Quotas" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
              {Object.entries(usage.data.quotas).map(([kind, quota]) => (
                <Meter key={kind} kind={kind} used={quota.used} cap={quota.cap} />
              ))}
            </ul>
          )}
        </CardBody>
        <CardFooter>
          {usage.data ? (
            <>
              <span data-billing={usage.data.billing.enabled ? "on" : "off"}>
                {day} (UTC) · live play{" "}
                <span className="font-medium text-fg tabular-nums">{formatSeconds(usage.data.runtime.sessionSeconds)}</span>
                {usage.data.billing.enabled ? (
                  <>
                    {" "}
                    (billed <span className="font-medium text-fg tabular-nums">{formatSeconds(usage.data.billing.sessionSeconds)}</span>)
                  </>
                ) : (
                  " (billing is off: not billed)"
                )}
                , chat <span className="font-medium text-fg tabular-nums">{formatSeconds(usage.data.billing.chatSeconds)}</span>
              </span>
              <span className="text-fg-subtle">Test mode is never billed.</span>
            </>
          ) : (
            <span>Billable runtime appears here once loaded.</span>
          )}
        </CardFooter>
      </Card>
      <UsageHistorySection appId={appId} />
    </>
  );
}

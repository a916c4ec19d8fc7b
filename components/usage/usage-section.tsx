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

/** How each quota kind reads in the Studio; a kind the API adds later shows under its own name. */
const KINDS: Record<string, { label: string; hint: string }> = {
  generation: { label: "World generations", hint: "Generate and import" },
  seed_frame: { label: "Seed frames", hint: "Painted frames" },
  say: { label: "Say", hint: "Character dialogue" },
  tts: { label: "Text to speech", hint: "Voiced lines" },
  vision_ground: { label: "Vision: ground", hint: "Finding things" },
  vision_describe: { label: "Vision: describe", hint: "Describing a frame" },
  vision_check: { label: "Vision: check", hint: "Checking a frame" },
  edit: { label: "Edits", hint: "AI edits of a world" },
};

const humanize = (kind: string) => kind.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
const count = (n: number) => n.toLocaleString("en");

/** Seconds as "0 s", "42 s", "3 min 12 s", "1 h 4 min". */
export function formatSeconds(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ""}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ""}`;
}

function Meter({ kind, used, cap }: { kind: string; used: number; cap: number }) {
  const meta = KINDS[kind];
  const ratio = cap > 0 ? used / cap : used > 0 ? 1 : 0;
  const tone = ratio >= 1 ? "danger" : ratio >= 0.8 ? "warning" : "accent";
  return (
    <li className="min-w-0 space-y-1.5 rounded-lg border border-line p-3 sm:p-3.5" data-quota={kind}>
      <span className="block truncate text-[13px] font-medium text-fg">{meta?.label ?? humanize(kind)}</span>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="hidden min-w-0 truncate text-fg-subtle sm:block">{meta?.hint ?? kind}</span>
        <span className={cn("ml-auto shrink-0 font-mono tabular-nums", ratio >= 1 ? "font-semibold text-danger-text" : "text-fg")}>
          {count(used)}
          <span className="text-fg-subtle"> / {cap > 0 ? count(cap) : "off"}</span>
        </span>
      </div>
      <ProgressBar value={Math.min(ratio, 1)} size="sm" tone={tone} label={`${meta?.label ?? humanize(kind)} used today`} valueText={`${used} of ${cap}`} />
    </li>
  );
}

/** Today's use of the app's daily quotas against its caps, and billable runtime of live mode. */
export function UsageSection({ appId }: { appId: string }) {
  const usage = useUsage(appId, "live");
  const day = usage.data ? new Date(`${usage.data.day}T00:00:00Z`).toLocaleDateString("en", { month: "short", day: "numeric", timeZone: "UTC" }) : null;

  return (
    <Card id="usage" aria-labelledby="usage-title" className="scroll-mt-6">
      <CardHeader
        titleId="usage-title"
        title="Usage today"
        description="This app's use of its daily quotas. A request over a cap is refused with 402; counters reset at 00:00 UTC."
        actions={
          <Button variant="ghost" size="sm" onClick={() => usage.refetch()} loading={usage.isFetching && !usage.isPending} aria-label="Refresh usage">
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
            <span>
              {day} (UTC) · billable runtime in live mode: sessions{" "}
              <span className="font-medium text-fg tabular-nums">{formatSeconds(usage.data.billing.sessionSeconds)}</span>, chat{" "}
              <span className="font-medium text-fg tabular-nums">{formatSeconds(usage.data.billing.chatSeconds)}</span>
            </span>
            <span className="text-fg-subtle">Test mode is never billed.</span>
          </>
        ) : (
          <span>Billable runtime appears here once loaded.</span>
        )}
      </CardFooter>
    </Card>
  );
}

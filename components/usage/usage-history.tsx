"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { errorMessage } from "@/components/api/client";
import type { UsageHistory } from "@/components/api/types";
import { useUsageHistory } from "@/components/api/usage";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { icon, RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { formatSeconds, isOfKind } from "./format";
import { ledgerCsv, ledgerFileName } from "./ledger-csv";

const DownloadIcon = icon(<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />, "DownloadIcon");

const DAYS = 30;
const chartSkeleton = () => <Skeleton className="h-[220px] rounded-lg" />;
// recharts loads with the first chart, not with the app page.
const QuotaChart = dynamic(() => import("./usage-charts").then((m) => m.QuotaChart), { ssr: false, loading: chartSkeleton });
const WorldTimeChart = dynamic(() => import("./usage-charts").then((m) => m.WorldTimeChart), { ssr: false, loading: chartSkeleton });

/** Saves the ledger rows of the window as a CSV file, built in the browser from the history. */
function downloadLedger(history: UsageHistory) {
  const url = URL.createObjectURL(new Blob([ledgerCsv(history)], { type: "text/csv;charset=utf-8" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: ledgerFileName(history) });
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: the download has read the URL by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function ChartFigure({
  id,
  title,
  summary,
  empty,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} data-chart={id} className="min-w-0 space-y-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span id={`${id}-title`} className="text-[13px] font-medium text-fg">
          {title}
        </span>
        <span id={`${id}-summary`} className="text-xs text-fg-muted tabular-nums">
          {summary}
        </span>
      </figcaption>
      {empty ? (
        <p className="grid h-[220px] place-items-center rounded-lg border border-dashed border-line-strong text-[13px] text-fg-muted">
          {empty}
        </p>
      ) : (
        children
      )}
    </figure>
  );
}

/** The last 30 UTC days of the app's live usage: quotas, play time per world, chat time; and the ledger as CSV. */
export function UsageHistorySection({ appId }: { appId: string }) {
  const history = useUsageHistory(appId, "live", DAYS);
  const data = history.data;
  const sum = (pick: (d: UsageHistory["days"][number]) => number) => (data ? data.days.reduce((total, d) => total + pick(d), 0) : 0);
  const quotaUnits = sum((d) => Object.values(d.quotas).reduce((a, b) => a + b, 0));
  // Per world and per character apart: a character's open embed is not play time of a world.
  const secondsOf = (kind: "world" | "character", metric: "sessionSeconds" | "chatSeconds") =>
    data ? data.worlds.filter((w) => isOfKind(w, kind)).reduce((total, w) => total + w[metric], 0) : 0;
  const playSeconds = secondsOf("world", "sessionSeconds");
  const characterSeconds = secondsOf("character", "sessionSeconds");
  const billedPlay = sum((d) => d.billing.sessionSeconds);
  const chatSeconds = secondsOf("character", "chatSeconds");

  return (
    <Card id="usage-history" aria-labelledby="usage-history-title" className="scroll-mt-6">
      <CardHeader
        titleId="usage-history-title"
        title="Last 30 days"
        description="Daily use of each quota, live play time per world, and per character the time its embed was open and the time spent chatting (UTC days)."
        actions={
          <>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => history.refetch()}
              loading={history.isFetching && !history.isPending}
              aria-label="Refresh usage history"
            >
              {history.isFetching && !history.isPending ? null : <RefreshIcon />} Refresh
            </Button>
            <Button variant="secondary" size="sm" disabled={!data} onClick={() => data && downloadLedger(data)}>
              <DownloadIcon /> Ledger CSV
            </Button>
          </>
        }
      />
      <CardBody>
        {history.isPending ? (
          <div className="grid gap-6 md:grid-cols-2" aria-busy="true" aria-label="Loading usage history">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-[248px] rounded-lg" />
            ))}
          </div>
        ) : history.isError ? (
          <Alert
            title="Usage history could not be loaded"
            action={
              <Button variant="secondary" size="sm" onClick={() => history.refetch()}>
                <RefreshIcon /> Retry
              </Button>
            }
          >
            {errorMessage(history.error)}
          </Alert>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <ChartFigure
              id="quotas"
              title="Quota use"
              summary={`${quotaUnits.toLocaleString("en")} ${quotaUnits === 1 ? "unit" : "units"}`}
              empty={quotaUnits ? null : "No quota used in these 30 days."}
            >
              <QuotaChart history={history.data} />
            </ChartFigure>
            <ChartFigure
              id="play"
              title="Live play time per world"
              summary={formatSeconds(playSeconds)}
              empty={playSeconds ? null : "No live play of a world in these 30 days."}
            >
              <WorldTimeChart history={history.data} metric="sessionSeconds" kind="world" />
            </ChartFigure>
            <ChartFigure
              id="character-time"
              title="Live time per character"
              summary={formatSeconds(characterSeconds)}
              empty={characterSeconds ? null : "No character embed open live in these 30 days."}
            >
              <WorldTimeChart history={history.data} metric="sessionSeconds" kind="character" />
            </ChartFigure>
            <ChartFigure
              id="chat"
              title="Chat time per character"
              summary={formatSeconds(chatSeconds)}
              empty={chatSeconds ? null : "No live chat in these 30 days."}
            >
              <WorldTimeChart history={history.data} metric="chatSeconds" kind="character" />
            </ChartFigure>
          </div>
        )}
      </CardBody>
      <CardFooter>
        {data ? (
          <span data-billing={data.billingEnabled ? "on" : "off"}>
            {data.billingEnabled ? (
              <>
                Billing is on: <span className="font-medium text-fg tabular-nums">{formatSeconds(billedPlay)}</span> of live play billed in
                these 30 days.
              </>
            ) : (
              "Billing is off on this server: live play time is metered, not billed."
            )}
          </span>
        ) : (
          <span>Billing appears here once loaded.</span>
        )}
        <span className="text-fg-subtle">The CSV holds the billing ledger&apos;s rows. Test mode is never billed.</span>
      </CardFooter>
    </Card>
  );
}

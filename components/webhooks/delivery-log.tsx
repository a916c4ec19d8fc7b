"use client";

import { errorMessage } from "@/components/api/client";
import { useWebhookDeliveries, type WebhookDelivery, type WebhookDeliveryAttempt } from "@/components/api/webhooks";
import { formatDateTime, formatRelative } from "@/components/ui/dates";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";

const STATE = {
  succeeded: { label: "Delivered", tone: "success" },
  pending: { label: "Retrying", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
} as const;

function AttemptChip({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  const ok = attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;
  const title = `Attempt ${attempt.attempt} · ${formatDateTime(attempt.attempted_at)} · ${attempt.duration_ms} ms${attempt.error ? ` · ${attempt.error}` : ""}`;
  return (
    <span
      title={title}
      className={cn(
        "inline-flex items-center gap-1 rounded px-1.5 py-px font-mono text-[11px] ring-1 ring-inset",
        ok ? "bg-success-soft text-success-text ring-success-text/20" : "bg-danger-soft text-danger-text ring-danger/20",
      )}
    >
      <span className="text-[10px] opacity-70">#{attempt.attempt}</span>
      {attempt.status_code ?? "—"}
      <span className="sr-only">{attempt.error ? ` (${attempt.error})` : ""}</span>
    </span>
  );
}

function DeliveryRow({ delivery }: { delivery: WebhookDelivery }) {
  const state = STATE[delivery.state];
  return (
    <tr className="align-top">
      <td className="py-2.5 pr-3 pl-4">
        <span className="block font-mono text-[12px] text-fg">{delivery.event_type}</span>
        <span className="block font-mono text-[11px] text-fg-subtle" title={delivery.event_id}>
          {delivery.event_id.slice(0, 16)}…
        </span>
      </td>
      <td className="px-3 py-2.5">
        <Badge tone={state.tone} dot>
          {state.label}
        </Badge>
      </td>
      <td className="px-3 py-2.5">
        <span className="flex flex-wrap items-center gap-1">
          {delivery.attempt_log.map((attempt) => (
            <AttemptChip key={attempt.attempt} attempt={attempt} />
          ))}
          <span className="text-xs text-fg-subtle tabular-nums">{delivery.attempts}/3</span>
        </span>
        {delivery.last_error ? <span className="mt-1 block max-w-72 truncate text-xs text-danger-text" title={delivery.last_error}>{delivery.last_error}</span> : null}
      </td>
      <td className="py-2.5 pr-4 pl-3 text-right text-xs whitespace-nowrap text-fg-muted">
        <time dateTime={delivery.created_at} title={formatDateTime(delivery.created_at)}>
          {formatRelative(delivery.created_at)}
        </time>
        {delivery.next_retry_at ? (
          <span className="block text-fg-subtle">
            next <time dateTime={delivery.next_retry_at}>{formatRelative(delivery.next_retry_at)}</time>
          </span>
        ) : null}
      </td>
    </tr>
  );
}

/** The delivery log of one endpoint: each delivery with its attempts and their status codes. */
export function DeliveryLog({ appId, webhookId }: { appId: string; webhookId: string }) {
  const log = useWebhookDeliveries(appId, webhookId);
  const deliveries = log.data?.pages.flatMap((p) => p.deliveries) ?? [];

  return (
    <div className="rounded-lg border border-line bg-canvas/60" aria-label="Delivery log" role="region">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2">
        <h4 className="text-xs font-medium text-fg-muted">Recent deliveries</h4>
        <Button variant="ghost" size="sm" onClick={() => log.refetch()} loading={log.isRefetching} aria-label="Refresh deliveries">
          {log.isRefetching ? null : <RefreshIcon />} Refresh
        </Button>
      </div>
      {log.isPending ? (
        <div className="space-y-2 p-4" aria-busy="true" aria-label="Loading deliveries">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : log.isError ? (
        <div className="p-4">
          <Alert title="The delivery log could not be loaded">{errorMessage(log.error)}</Alert>
        </div>
      ) : deliveries.length === 0 ? (
        <p className="px-4 py-5 text-center text-[13px] text-fg-muted">No deliveries yet. Events this endpoint listens to will show up here, with every attempt.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">Deliveries, newest first</caption>
            <thead>
              <tr className="text-left text-xs text-fg-subtle">
                <th scope="col" className="py-2 pr-3 pl-4 font-medium">Event</th>
                <th scope="col" className="px-3 py-2 font-medium">Status</th>
                <th scope="col" className="px-3 py-2 font-medium">Attempts</th>
                <th scope="col" className="py-2 pr-4 pl-3 text-right font-medium">When</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line border-t border-line">
              {deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage ? (
        <div className="border-t border-line px-4 py-2 text-center">
          <Button variant="ghost" size="sm" onClick={() => log.fetchNextPage()} loading={log.isFetchingNextPage}>
            Load older deliveries
          </Button>
        </div>
      ) : null}
    </div>
  );
}

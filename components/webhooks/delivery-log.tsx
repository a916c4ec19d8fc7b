"use client";

import { errorMessage } from "@/components/api/client";
import { useSendTestEvent, useWebhookDeliveries } from "@/components/api/webhooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { DeliveryRow } from "./delivery-row";

/** The delivery log of one endpoint: each delivery with its attempts, and a test event on demand. */
export function DeliveryLog({ appId, webhookId }: { appId: string; webhookId: string }) {
  const log = useWebhookDeliveries(appId, webhookId);
  const sendTest = useSendTestEvent(appId, webhookId);
  const deliveries = log.data?.pages.flatMap((p) => p.deliveries) ?? [];

  return (
    <div className="rounded-lg border border-line bg-canvas/60" aria-label="Delivery log" role="region">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2">
        <h4 className="text-xs font-medium text-fg-muted">Recent deliveries</h4>
        <span className="flex items-center gap-1">
          <Button variant="secondary" size="sm" onClick={() => sendTest.mutate()} loading={sendTest.isPending}>
            Send test event
          </Button>
          <Button variant="ghost" size="sm" onClick={() => log.refetch()} loading={log.isRefetching} aria-label="Refresh deliveries">
            {log.isRefetching ? null : <RefreshIcon />} Refresh
          </Button>
        </span>
      </div>
      {sendTest.isError ? (
        <div className="px-4 pt-3">
          <Alert title="The test event could not be sent">{errorMessage(sendTest.error)}</Alert>
        </div>
      ) : null}
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
        <p className="px-4 py-5 text-center text-[13px] text-fg-muted">
          No deliveries yet. Events this endpoint listens to will show up here, with every attempt. Send a test event to try it.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">Deliveries, newest first</caption>
            <thead>
              <tr className="text-left text-xs text-fg-subtle">
                <th scope="col" className="py-2 pr-3 pl-4 font-medium">
                  Event
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Attempts
                </th>
                <th scope="col" className="py-2 pr-4 pl-3 text-right font-medium">
                  When
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line border-t border-line">
              {deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} appId={appId} webhookId={webhookId} delivery={delivery} />
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

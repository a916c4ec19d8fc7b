"use client";

import { useState } from "react";
import { errorMessage } from "@/components/api/client";
import { useUpdateWebhook, type WebhookEndpoint } from "@/components/api/webhooks";
import { formatDate, formatDateTime } from "@/components/ui/dates";
import { Button } from "@/components/ui/button";
import { ChevronDownIcon, TrashIcon, WebhookIcon } from "@/components/ui/icons";
import { Switch } from "@/components/ui/switch";
import { DeliveryLog } from "./delivery-log";

/** `*`: every present and future event type (docs/webhooks.md). */
export const WILDCARD = "*";

function EventChips({ events }: { events: string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {events.map((event) => (
        <span key={event} className="rounded bg-subtle px-1.5 py-px font-mono text-[11px] text-fg-muted ring-1 ring-line ring-inset">
          {event === WILDCARD ? "* (all events)" : event}
        </span>
      ))}
    </span>
  );
}

/** On or off: an endpoint switched off receives nothing, and its pending retries stop. */
function EnabledSwitch({ appId, endpoint }: { appId: string; endpoint: WebhookEndpoint }) {
  const update = useUpdateWebhook(appId);
  const labelId = `enabled-${endpoint.id}`;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={endpoint.enabled}
        disabled={update.isPending}
        aria-labelledby={labelId}
        onCheckedChange={(enabled) => update.mutate({ webhookId: endpoint.id, enabled })}
      />
      <span id={labelId} className="text-[13px] text-fg-muted">
        {endpoint.enabled ? "Receiving events" : "Switched off"}
      </span>
      {update.isError ? (
        <span role="alert" className="text-[13px] text-danger-text">
          {errorMessage(update.error)}
        </span>
      ) : null}
    </div>
  );
}

/** One endpoint in the list: URL, events, on/off, delete, and its delivery log behind a toggle. */
export function EndpointRow({ appId, endpoint, onDelete }: { appId: string; endpoint: WebhookEndpoint; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  const logId = `deliveries-${endpoint.id}`;
  return (
    <li className="px-6 py-4" data-webhook-id={endpoint.id}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="grid size-8 shrink-0 place-items-center rounded-lg border border-line bg-subtle text-fg-muted">
          <WebhookIcon className="size-4" />
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="truncate font-mono text-[13px] font-medium text-fg" title={endpoint.url}>
            {endpoint.url}
          </p>
          <EventChips events={endpoint.events} />
          <p className="text-xs text-fg-muted">
            Added{" "}
            <time dateTime={endpoint.created_at} title={formatDateTime(endpoint.created_at)}>
              {formatDate(endpoint.created_at)}
            </time>
          </p>
          <EnabledSwitch appId={appId} endpoint={endpoint} />
          {endpoint.enabled ? null : (
            <p className="text-xs text-fg-muted">
              Events sent while it is off are not delivered to it; failed deliveries can be resent once it is back on.
            </p>
          )}
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
            Deliveries <ChevronDownIcon className={open ? "rotate-180 transition-transform" : "transition-transform"} />
          </Button>
          <Button variant="danger-ghost" size="sm" aria-label={`Delete endpoint ${endpoint.url}`} onClick={onDelete}>
            <TrashIcon /> Delete
          </Button>
        </div>
      </div>
      {open ? (
        <div id={logId} className="mt-3 sm:pl-12">
          <DeliveryLog appId={appId} webhookId={endpoint.id} />
        </div>
      ) : null}
    </li>
  );
}

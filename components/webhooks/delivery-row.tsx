"use client";

import { useState } from "react";
import { errorMessage } from "@/components/api/client";
import { useResendDelivery, type WebhookDelivery, type WebhookDeliveryAttempt } from "@/components/api/webhooks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatDateTime, formatRelative, formatUntil } from "@/components/ui/dates";
import { useNow } from "@/components/ui/use-now";

const STATE = {
  succeeded: { label: "Delivered", tone: "success" },
  pending: { label: "Retrying", tone: "warning" },
  failed: { label: "Failed", tone: "danger" },
} as const;

const answered = (attempt: WebhookDeliveryAttempt) =>
  attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;

function AttemptChip({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  const title = `Attempt ${attempt.attempt} · ${formatDateTime(attempt.attempted_at)} · ${attempt.duration_ms} ms${attempt.error ? ` · ${attempt.error}` : ""}`;
  return (
    <span
      title={title}
      className={cn(
        "inline-flex items-center gap-1 rounded px-1.5 py-px font-mono text-[11px] ring-1 ring-inset",
        answered(attempt) ? "bg-success-soft text-success-text ring-success-text/20" : "bg-danger-soft text-danger-text ring-danger/20",
      )}
    >
      <span className="text-[10px] opacity-70">#{attempt.attempt}</span>
      {attempt.status_code ?? "—"}
      <span className="sr-only">{attempt.error ? ` (${attempt.error})` : ""}</span>
    </span>
  );
}

/** Every attempt of a delivery as Stripe's dashboard shows it: status, time, duration, and what the receiver answered. */
function AttemptDetails({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempt_log.length === 0) return <p className="text-[13px] text-fg-muted">No attempt yet: the first one is on its way.</p>;
  return (
    <ol className="space-y-2" aria-label={`Attempts of ${delivery.event_type}`}>
      {delivery.attempt_log.map((attempt) => (
        <li key={attempt.attempt} className="rounded-md border border-line bg-surface px-3 py-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
            <span className="font-medium text-fg">Attempt {attempt.attempt}</span>
            <span className={cn("font-mono", answered(attempt) ? "text-success-text" : "text-danger-text")}>
              {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : "No response"}
            </span>
            <time dateTime={attempt.attempted_at} className="text-fg-muted">
              {formatDateTime(attempt.attempted_at)}
            </time>
            <span className="text-fg-subtle tabular-nums">{attempt.duration_ms} ms</span>
          </div>
          {attempt.error ? <p className="mt-1 text-xs break-words text-danger-text">{attempt.error}</p> : null}
          {attempt.response_excerpt !== null ? (
            <pre
              className="mt-1.5 max-h-32 overflow-auto rounded bg-canvas px-2 py-1.5 font-mono text-[11px] break-all whitespace-pre-wrap text-fg-muted"
              aria-label={`Response body of attempt ${attempt.attempt}`}
            >
              {attempt.response_excerpt}
            </pre>
          ) : attempt.status_code !== null ? (
            <p className="mt-1 text-xs text-fg-subtle">Empty response body.</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** One delivery of the log: its state and attempts; opens to each attempt's response; a failed one can be resent. */
export function DeliveryRow({ appId, webhookId, delivery }: { appId: string; webhookId: string; delivery: WebhookDelivery }) {
  const [open, setOpen] = useState(false);
  const resend = useResendDelivery(appId, webhookId);
  const state = STATE[delivery.state];
  const detailsId = `delivery-${delivery.id}`;
  // The next attempt's time comes from the delivery's schedule (`next_retry_at`), counted down on screen.
  const now = useNow(delivery.next_retry_at !== null);
  return (
    <>
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
            <span className="text-xs text-fg-subtle tabular-nums" title={`${delivery.attempts} of ${delivery.attempt_limit} attempts made`}>
              {delivery.attempts} of {delivery.attempt_limit} attempts
            </span>
          </span>
          {delivery.last_error ? (
            <span className="mt-1 block max-w-72 truncate text-xs text-danger-text" title={delivery.last_error}>
              {delivery.last_error}
            </span>
          ) : null}
          {resend.isError ? <span className="mt-1 block text-xs text-danger-text">{errorMessage(resend.error)}</span> : null}
        </td>
        <td className="py-2.5 pr-4 pl-3 text-right text-xs whitespace-nowrap text-fg-muted">
          <time dateTime={delivery.created_at} title={formatDateTime(delivery.created_at)}>
            {formatRelative(delivery.created_at)}
          </time>
          {delivery.next_retry_at ? (
            <span className="block text-fg-subtle" data-testid="next-retry">
              attempt {delivery.attempts + 1}{" "}
              <time dateTime={delivery.next_retry_at} title={formatDateTime(delivery.next_retry_at)}>
                {formatUntil(delivery.next_retry_at, now)}
              </time>
            </span>
          ) : null}
          <span className="mt-1 flex justify-end gap-1">
            {delivery.state === "failed" ? (
              <Button
                variant="secondary"
                size="sm"
                loading={resend.isPending}
                onClick={() => resend.mutate(delivery.id)}
                aria-label={`Resend ${delivery.event_type} ${delivery.event_id}`}
              >
                Resend
              </Button>
            ) : null}
            <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
              {open ? "Hide" : "Details"}
            </Button>
          </span>
        </td>
      </tr>
      {open ? (
        <tr id={detailsId}>
          <td colSpan={4} className="bg-canvas/60 px-4 pt-1 pb-3">
            <AttemptDetails delivery={delivery} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

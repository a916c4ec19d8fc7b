"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/client";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useUpdateWebhook,
  useWebhooks,
  type CreatedWebhookEndpoint,
  type WebhookEndpoint,
} from "@/components/api/webhooks";
import { formatDate, formatDateTime } from "@/components/ui/dates";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { AlertTriangleIcon, ChevronDownIcon, PlusIcon, RefreshIcon, TrashIcon, WebhookIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { DeliveryLog } from "./delivery-log";

/** `*`: every present and future event type (docs/webhooks.md). */
const WILDCARD = "*";

/** What each event type means, for the picker; types the server lists without a note still show. */
const EVENT_NOTES: Record<string, string> = {
  "world.generation.succeeded": "An async generation finished and the world is ready.",
  "world.generation.failed": "An async generation gave up after its retries.",
  "session.ended": "Reserved: can be subscribed to, not sent yet.",
};

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

function NewSecret({ endpoint, onDismiss }: { endpoint: CreatedWebhookEndpoint; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section aria-labelledby="webhook-secret-title" className="rounded-xl border border-warning-text/30 bg-warning-soft/60 p-5">
      <div className="flex gap-3">
        <AlertTriangleIcon className="mt-0.5 size-5 shrink-0 text-warning-text" />
        <div className="min-w-0 flex-1">
          <h3
            id="webhook-secret-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-[15px] font-semibold tracking-tight text-fg focus:outline-none"
          >
            Copy the signing secret now
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            <strong className="font-semibold text-fg">You won&apos;t see it again.</strong> Your server verifies each delivery&apos;s{" "}
            <code className="font-mono text-[13px]">Service-Signature</code> with it. If it is lost, delete the endpoint and add it again.
          </p>
          <p className="mt-3 truncate font-mono text-[13px] text-fg-muted">{endpoint.url}</p>
          <div className="mt-1.5 flex items-center gap-2">
            <code
              data-testid="webhook-secret"
              className="min-w-0 flex-1 rounded-md border border-line bg-surface px-3 py-2 font-mono text-[13px] break-all text-fg select-all"
            >
              {endpoint.secret}
            </code>
            <CopyButton value={endpoint.secret} text="Copy" label="Copy signing secret" />
          </div>
          <div className="mt-4 flex justify-end">
            <Button variant="secondary" onClick={onDismiss}>
              I&apos;ve saved this secret
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

function AddEndpointForm({
  appId,
  eventTypes,
  onCancel,
  onCreated,
  onPendingChange,
}: {
  appId: string;
  eventTypes: string[];
  onCancel: () => void;
  onCreated: (endpoint: CreatedWebhookEndpoint) => void;
  onPendingChange: (pending: boolean) => void;
}) {
  const create = useCreateWebhook(appId);
  const [url, setUrl] = useState("");
  const [scope, setScope] = useState<"all" | "some">("some");
  const [picked, setPicked] = useState<string[]>(eventTypes.filter((t) => t.startsWith("world.")));
  const [local, setLocal] = useState<{ url?: string; events?: string }>({});

  const serverErrors = create.error instanceof ApiRequestError ? create.error.errors : [];
  const urlError = local.url ?? serverErrors.find((e) => e.startsWith("url"))?.replace(/^url: /, "");
  const eventsError = local.events ?? serverErrors.find((e) => e.startsWith("events"))?.replace(/^events[^:]*: /, "");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const errors: typeof local = {};
    if (!url.trim()) errors.url = "Enter the URL your server listens on.";
    if (scope === "some" && picked.length === 0) errors.events = "Pick at least one event, or choose all events.";
    setLocal(errors);
    if (Object.keys(errors).length) return;
    onPendingChange(true);
    create.mutate(
      { url: url.trim(), events: scope === "all" ? [WILDCARD] : picked },
      {
        onSuccess: (created) => {
          create.reset();
          onCreated(created);
        },
        onSettled: () => onPendingChange(false),
      },
    );
  }

  return (
    <form id="add-webhook-form" onSubmit={onSubmit} noValidate className="space-y-5">
      {create.isError && !urlError && !eventsError ? <Alert title="The endpoint was not added">{errorMessage(create.error)}</Alert> : null}
      <Field label="Endpoint URL" error={urlError} hint="https:// on a public host. Deliveries are signed POST requests with a JSON body.">
        {(control) => (
          <Input
            {...control}
            value={url}
            autoFocus
            inputMode="url"
            spellCheck={false}
            autoComplete="off"
            placeholder="https://example.com/hooks"
            className="font-mono text-[13px]"
            disabled={create.isPending}
            onChange={(e) => {
              setUrl(e.target.value);
              setLocal((l) => ({ ...l, url: undefined }));
              if (create.isError) create.reset();
            }}
          />
        )}
      </Field>
      <ChoiceCards
        legend="Events to send"
        name="webhook-scope"
        value={scope}
        onChange={(value) => {
          setScope(value);
          setLocal((l) => ({ ...l, events: undefined }));
        }}
        disabled={create.isPending}
        choices={[
          { value: "some", label: "Selected events", description: "Only the types you pick below." },
          { value: "all", label: "All events (*)", description: "Every type, including ones added later." },
        ]}
      />
      {scope === "some" ? (
        <fieldset className="space-y-2" disabled={create.isPending}>
          <legend className="sr-only">Event types</legend>
          {eventTypes.map((type) => {
            const id = `webhook-event-${type}`;
            return (
              <label key={type} htmlFor={id} className="flex cursor-pointer items-start gap-2.5 rounded-md px-1 py-1 hover:bg-subtle/60">
                <input
                  id={id}
                  type="checkbox"
                  checked={picked.includes(type)}
                  onChange={(e) => {
                    setPicked(e.target.checked ? [...picked, type] : picked.filter((t) => t !== type));
                    setLocal((l) => ({ ...l, events: undefined }));
                  }}
                  className="mt-0.5 size-4 shrink-0 accent-accent"
                />
                <span className="min-w-0">
                  <span className="block font-mono text-[13px] text-fg">{type}</span>
                  {EVENT_NOTES[type] ? <span className="block text-xs text-fg-muted">{EVENT_NOTES[type]}</span> : null}
                </span>
              </label>
            );
          })}
          {eventsError ? <p className="text-[13px] text-danger-text">{eventsError}</p> : null}
        </fieldset>
      ) : eventsError ? (
        <p className="text-[13px] text-danger-text">{eventsError}</p>
      ) : null}
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Add endpoint
        </Button>
      </DialogFooter>
    </form>
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

function EndpointRow({ appId, endpoint, onDelete }: { appId: string; endpoint: WebhookEndpoint; onDelete: () => void }) {
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

/** Webhook endpoints of an app: register (secret shown once), list, delete, delivery log. */
export function WebhooksSection({ appId, eventTypes }: { appId: string; eventTypes: string[] }) {
  const webhooks = useWebhooks(appId);
  const remove = useDeleteWebhook(appId);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  return (
    <Card id="webhooks" aria-labelledby="webhooks-title" className="scroll-mt-6 overflow-hidden">
      <CardHeader
        titleId="webhooks-title"
        title="Webhooks"
        description={
          <>
            Signed notifications to your server when something happens in this app, such as a world finishing generation. Verify the{" "}
            <code className="font-mono text-[13px]">Service-Signature</code> header with the endpoint&apos;s secret.
          </>
        }
        actions={
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <PlusIcon /> Add endpoint
          </Button>
        }
      />
      <div className="pt-5">
        {created ? (
          <div className="px-6 pb-5">
            <NewSecret endpoint={created} onDismiss={() => setCreated(null)} />
          </div>
        ) : null}
        {webhooks.isPending ? (
          <div className="space-y-3 border-t border-line px-6 py-5" aria-busy="true" aria-label="Loading webhooks">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : webhooks.isError ? (
          <div className="px-6 pb-6">
            <Alert
              title="Webhooks could not be loaded"
              action={
                <Button variant="secondary" size="sm" onClick={() => webhooks.refetch()} loading={webhooks.isFetching}>
                  <RefreshIcon /> Retry
                </Button>
              }
            >
              {errorMessage(webhooks.error)}
            </Alert>
          </div>
        ) : webhooks.data.length === 0 ? (
          <div className="border-t border-line">
            <EmptyState
              icon={<WebhookIcon />}
              title="No endpoints yet"
              actions={<Button onClick={() => setAdding(true)}>Add an endpoint</Button>}
            >
              Add a URL on your server to hear when async generations succeed or fail, instead of polling the job.
            </EmptyState>
          </div>
        ) : (
          <ul aria-label="Webhook endpoints" className="divide-y divide-line border-t border-line">
            {webhooks.data.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                appId={appId}
                endpoint={endpoint}
                onDelete={() => {
                  remove.reset();
                  setDeleting(endpoint);
                }}
              />
            ))}
          </ul>
        )}
      </div>

      <Dialog
        open={adding}
        onOpenChange={setAdding}
        dismissible={!pending}
        size="lg"
        title="Add a webhook endpoint"
        description="The signing secret is shown once, right after the endpoint is added."
      >
        <AddEndpointForm
          appId={appId}
          eventTypes={eventTypes}
          onCancel={() => setAdding(false)}
          onPendingChange={setPending}
          onCreated={(endpoint) => {
            setAdding(false);
            setCreated(endpoint);
          }}
        />
      </Dialog>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        dismissible={!remove.isPending}
        title="Delete this endpoint?"
        description={
          deleting ? (
            <>
              <code className="font-mono text-[13px] break-all text-fg">{deleting.url}</code> stops receiving events at once. Its delivery
              log and any retries still scheduled are deleted. This can&apos;t be undone.
            </>
          ) : null
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
            >
              Delete endpoint
            </Button>
          </>
        }
      >
        {remove.isError ? <Alert title="The endpoint was not deleted">{errorMessage(remove.error)}</Alert> : null}
      </Dialog>
    </Card>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { ApiRequestError, errorMessage } from "@/components/api/client";
import { useCreateWebhook, type CreatedWebhookEndpoint } from "@/components/api/webhooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { WILDCARD } from "./endpoint-row";

/** What each event type means, for the picker; types the server lists without a note still show. */
const EVENT_NOTES: Record<string, string> = {
  "world.generation.succeeded": "An async generation finished and the world is ready.",
  "world.generation.failed": "An async generation gave up after its retries.",
  "session.ended": "Reserved: can be subscribed to, not sent yet.",
};

/** The form in the "Add a webhook endpoint" dialog: URL and event types, checked here before the server checks them again. */
export function AddEndpointForm({
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

"use client";

import { useState } from "react";
import { errorMessage } from "@/components/api/client";
import { useDeleteWebhook, useWebhooks, type CreatedWebhookEndpoint, type WebhookEndpoint } from "@/components/api/webhooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PlusIcon, RefreshIcon, WebhookIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { AddEndpointForm } from "./add-endpoint-form";
import { EndpointRow } from "./endpoint-row";
import { NewSecret } from "./new-secret";

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

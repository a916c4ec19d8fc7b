"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { CreatedWebhookEndpoint, WebhookDelivery, WebhookDeliveryList, WebhookEndpoint } from "./types";

/* Webhook endpoints of an app (USER routes; docs/webhooks.md). */

export type { CreatedWebhookEndpoint, WebhookDelivery, WebhookDeliveryAttempt, WebhookEndpoint } from "./types";

export interface CreateWebhookInput {
  url: string;
  /** Omit for the default set; `["*"]` for everything. */
  events?: string[];
}

export const webhookKeys = {
  list: (appId: string) => ["apps", appId, "webhooks"] as const,
  deliveries: (appId: string, webhookId: string) => ["apps", appId, "webhooks", webhookId, "deliveries"] as const,
};

const webhooksPath = (appId: string) => `/v1/apps/${encodeURIComponent(appId)}/webhooks`;
const webhookPath = (appId: string, webhookId: string) => `${webhooksPath(appId)}/${encodeURIComponent(webhookId)}`;

export function useWebhooks(appId: string) {
  return useQuery({
    queryKey: webhookKeys.list(appId),
    queryFn: ({ signal }) => apiFetch<{ webhooks: WebhookEndpoint[] }>(webhooksPath(appId), { signal }).then((r) => r.webhooks),
  });
}

function withoutSecret(created: CreatedWebhookEndpoint): WebhookEndpoint {
  const endpoint: Partial<CreatedWebhookEndpoint> = { ...created };
  delete endpoint.secret;
  return endpoint as WebhookEndpoint;
}

/** Registers an endpoint. The secret goes to the caller only; the cache holds the endpoint without it. */
export function useCreateWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookInput) => apiFetch<CreatedWebhookEndpoint>(webhooksPath(appId), { method: "POST", body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(appId), (list) => [withoutSecret(created), ...(list ?? [])]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(appId), exact: true }),
  });
}

export interface UpdateWebhookInput {
  url?: string;
  events?: string[];
  /** false: the endpoint receives nothing and its pending retries stop. */
  enabled?: boolean;
}

/** Changes an endpoint (PATCH); the list shows the answer at once. */
export function useUpdateWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, ...input }: UpdateWebhookInput & { webhookId: string }) =>
      apiFetch<WebhookEndpoint>(webhookPath(appId, webhookId), { method: "PATCH", body: input }),
    onSuccess: (updated) => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(appId), (list) =>
        list?.map((w) => (w.id === updated.id ? { ...w, ...updated } : w)),
      );
      // Disabling fails the pending retries: the log changes too.
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(appId, updated.id) });
    },
  });
}

export function useDeleteWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (webhookId: string) => apiFetch<{ ok: true }>(webhookPath(appId, webhookId), { method: "DELETE" }).then(() => webhookId),
    onSuccess: (webhookId) => {
      queryClient.setQueryData<WebhookEndpoint[]>(webhookKeys.list(appId), (list) => list?.filter((w) => w.id !== webhookId));
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(appId, webhookId) });
    },
  });
}

/** The delivery log of one endpoint, newest first, a page at a time. */
export function useWebhookDeliveries(appId: string, webhookId: string, { limit = 10 }: { limit?: number } = {}) {
  return useInfiniteQuery({
    queryKey: webhookKeys.deliveries(appId, webhookId),
    queryFn: ({ signal, pageParam }) =>
      apiFetch<WebhookDeliveryList>(
        `${webhookPath(appId, webhookId)}/deliveries?limit=${limit}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
    // While a delivery is still being attempted, its next attempts show up by themselves.
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.deliveries.some((d) => d.state === "pending")) ? 2000 : false),
  });
}

/** Sends a signed `webhook.test` to one endpoint; the log shows it at once and its attempts as they come. */
export function useSendTestEvent(appId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<WebhookDelivery>(`${webhookPath(appId, webhookId)}/test`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(appId, webhookId) }),
  });
}

/** Gives a failed delivery three more attempts with the same event. */
export function useResendDelivery(appId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch<WebhookDelivery>(`${webhookPath(appId, webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(appId, webhookId) }),
  });
}

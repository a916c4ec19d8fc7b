"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "./client";
import type { ApiKey, App, CreatedApiKey, KeyKind, Mode } from "./types";

/** PATCH /v1/apps/{id}: what the settings forms send (the server parses it with its own schema). */
export interface UpdateAppInput {
  name?: string;
  defaultMode?: Mode;
  embedOrigins?: string[];
}

export interface CreateKeyInput {
  kind: KeyKind;
  mode: Mode;
  name?: string;
}

export const queryKeys = {
  apps: ["apps"] as const,
  app: (appId: string) => ["apps", appId] as const,
  keys: (appId: string) => ["apps", appId, "keys"] as const,
};

const appPath = (appId: string) => `/v1/apps/${encodeURIComponent(appId)}`;

export function useApps(initialData?: App[]) {
  return useQuery({
    queryKey: queryKeys.apps,
    queryFn: ({ signal }) => apiFetch<{ apps: App[] }>("/v1/apps", { signal }).then((r) => r.apps),
    initialData,
  });
}

export function useApp(appId: string, initialData?: App) {
  return useQuery({
    queryKey: queryKeys.app(appId),
    queryFn: ({ signal }) => apiFetch<App>(appPath(appId), { signal }),
    initialData,
  });
}

function rememberApp(queryClient: ReturnType<typeof useQueryClient>, app: App) {
  queryClient.setQueryData(queryKeys.app(app.id), app);
  queryClient.setQueryData<App[]>(queryKeys.apps, (apps) =>
    apps ? (apps.some((a) => a.id === app.id) ? apps.map((a) => (a.id === app.id ? app : a)) : [...apps, app]) : apps,
  );
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => apiFetch<App>("/v1/apps", { method: "POST", body: input }),
    onSuccess: (app) => rememberApp(queryClient, app),
  });
}

export function useUpdateApp(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAppInput) => apiFetch<App>(appPath(appId), { method: "PATCH", body: input }),
    onSuccess: (app) => rememberApp(queryClient, app),
  });
}

export function useKeys(appId: string) {
  return useQuery({
    queryKey: queryKeys.keys(appId),
    queryFn: ({ signal }) => apiFetch<{ keys: ApiKey[] }>(`${appPath(appId)}/keys`, { signal }).then((r) => r.keys),
  });
}

/** Metadata without the secret: what may live in the query cache. */
function withoutSecret(key: CreatedApiKey): ApiKey {
  const metadata: Partial<CreatedApiKey> = { ...key };
  delete metadata.secret;
  return metadata as ApiKey;
}

/**
 * Creates one or more keys. The secrets are returned to the caller only; the cache holds
 * metadata, so a secret never outlives the panel that shows it.
 */
export function useCreateKeys(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (inputs: CreateKeyInput[]) => {
      const created: CreatedApiKey[] = [];
      for (const input of inputs) {
        created.push(await apiFetch<CreatedApiKey>(`${appPath(appId)}/keys`, { method: "POST", body: input }));
      }
      return created;
    },
    onSuccess: (created) => {
      queryClient.setQueryData<ApiKey[]>(queryKeys.keys(appId), (keys) => [...created.map(withoutSecret).reverse(), ...(keys ?? [])]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.keys(appId) }),
  });
}

export function useRevokeKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => apiFetch<ApiKey>(`${appPath(appId)}/keys/${encodeURIComponent(keyId)}`, { method: "DELETE" }),
    onSuccess: (revoked) => {
      queryClient.setQueryData<ApiKey[]>(queryKeys.keys(appId), (keys) => keys?.map((k) => (k.id === revoked.id ? revoked : k)));
    },
  });
}

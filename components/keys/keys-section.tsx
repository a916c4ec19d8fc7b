"use client";

import { useState } from "react";
import { errorMessage } from "@/components/api/client";
import type { ApiKey, CreatedApiKey, Mode } from "@/components/api/types";
import { useCreateKeys, useKeys } from "@/components/api/hooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, PlusIcon, RefreshIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { CreateKeyDialog } from "./create-key-dialog";
import { KeysTable } from "./keys-table";
import { NewSecretPanel } from "./new-secret-panel";
import { RevokeKeyDialog } from "./revoke-key-dialog";

function KeysSkeleton() {
  return (
    <div className="space-y-0 border-t border-line" aria-busy="true" aria-label="Loading keys">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-6 border-b border-line px-6 py-4 last:border-b-0">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-4 w-36" />
          <Skeleton className="h-5 w-28 rounded-full" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="ml-auto h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

export function KeysSection({ appId, defaultMode }: { appId: string; defaultMode: Mode }) {
  const keys = useKeys(appId);
  const createTestKeys = useCreateKeys(appId);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revealed, setRevealed] = useState<CreatedApiKey[]>([]);

  const reveal = (created: CreatedApiKey[]) => {
    setCreating(false);
    setRevealed(created);
  };

  return (
    <Card id="keys" aria-labelledby="keys-title" className="scroll-mt-6 overflow-hidden">
      <CardHeader
        titleId="keys-title"
        title="API keys"
        description={
          <>
            Secret keys (<code className="font-mono text-[13px]">sk_</code>) belong on your server. Publishable keys (
            <code className="font-mono text-[13px]">pk_</code>) are safe in a browser and can only read. Test keys run in a free sandbox.
          </>
        }
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> Create key
          </Button>
        }
      />

      <div className="pt-5">
        {revealed.length ? (
          <div className="px-6 pb-5">
            <NewSecretPanel keys={revealed} onDismiss={() => setRevealed([])} />
          </div>
        ) : null}

        {keys.isPending ? (
          <KeysSkeleton />
        ) : keys.isError ? (
          <div className="px-6 pb-6">
            <Alert
              title="Keys could not be loaded"
              action={
                <Button variant="secondary" size="sm" onClick={() => keys.refetch()} loading={keys.isFetching}>
                  <RefreshIcon /> Retry
                </Button>
              }
            >
              {errorMessage(keys.error)}
            </Alert>
          </div>
        ) : keys.data.length === 0 ? (
          <div className="border-t border-line">
            <EmptyState
              icon={<KeyIcon />}
              title="No keys yet"
              actions={
                <>
                  <Button
                    loading={createTestKeys.isPending}
                    onClick={() =>
                      createTestKeys.mutate(
                        [
                          { kind: "secret", mode: "test", name: "Test secret key" },
                          { kind: "publishable", mode: "test", name: "Test publishable key" },
                        ],
                        {
                          onSuccess: (created) => {
                            createTestKeys.reset();
                            reveal(created);
                          },
                        },
                      )
                    }
                  >
                    Create test keys
                  </Button>
                  <Button variant="secondary" onClick={() => setCreating(true)} disabled={createTestKeys.isPending}>
                    Create a key…
                  </Button>
                </>
              }
            >
              Start with a test pair: a secret key for your server and a publishable key for the browser. Test keys return deterministic
              mocks and are never billed.
            </EmptyState>
            {createTestKeys.isError ? (
              <div className="px-6 pb-6">
                <Alert>{errorMessage(createTestKeys.error)}</Alert>
              </div>
            ) : null}
          </div>
        ) : (
          <div className="pb-1">
            <KeysTable keys={keys.data} onRevoke={setRevoking} />
          </div>
        )}
      </div>

      <CreateKeyDialog appId={appId} defaultMode={defaultMode} open={creating} onOpenChange={setCreating} onCreated={reveal} />
      <RevokeKeyDialog appId={appId} apiKey={revoking} onOpenChange={(open) => !open && setRevoking(null)} />
    </Card>
  );
}

"use client";

import { errorMessage } from "@/components/api/client";
import type { ApiKey } from "@/components/api/types";
import { useRevokeKey } from "@/components/api/hooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { maskKey } from "./format";

interface RevokeKeyDialogProps {
  appId: string;
  apiKey: ApiKey | null;
  onOpenChange: (open: boolean) => void;
}

export function RevokeKeyDialog({ appId, apiKey, onOpenChange }: RevokeKeyDialogProps) {
  const revoke = useRevokeKey(appId);

  const close = (open: boolean) => {
    if (!open) revoke.reset();
    onOpenChange(open);
  };

  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={close}
      dismissible={!revoke.isPending}
      title="Revoke API key?"
      description={
        apiKey ? (
          <>
            {apiKey.name ? <span className="font-medium text-fg">{apiKey.name} </span> : null}
            <code className="font-mono text-[13px] text-fg">{maskKey(apiKey)}</code> stops working immediately: requests made with it get
            401 Unauthorized. This can&apos;t be undone.
          </>
        ) : null
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={revoke.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={revoke.isPending}
            onClick={() => {
              if (apiKey) revoke.mutate(apiKey.id, { onSuccess: () => close(false) });
            }}
          >
            Revoke key
          </Button>
        </>
      }
    >
      {revoke.isError ? <Alert title="The key was not revoked">{errorMessage(revoke.error)}</Alert> : null}
    </Dialog>
  );
}

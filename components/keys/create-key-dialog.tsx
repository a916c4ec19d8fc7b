"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/api/client";
import type { CreatedApiKey, KeyKind, Mode } from "@/components/api/types";
import { useCreateKeys } from "@/components/api/hooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

interface CreateKeyDialogProps {
  appId: string;
  defaultMode: Mode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (keys: CreatedApiKey[]) => void;
}

function CreateKeyForm({
  appId,
  defaultMode,
  onCancel,
  onCreated,
  onPendingChange,
}: Omit<CreateKeyDialogProps, "open" | "onOpenChange"> & { onCancel: () => void; onPendingChange: (pending: boolean) => void }) {
  const createKeys = useCreateKeys(appId);
  const [kind, setKind] = useState<KeyKind>("secret");
  const [mode, setMode] = useState<Mode>(defaultMode);
  const [name, setName] = useState("");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onPendingChange(true);
    createKeys.mutate([{ kind, mode, ...(name.trim() ? { name: name.trim() } : {}) }], {
      onSuccess: (created) => {
        // The secrets go to the panel; nothing keeps them in the mutation cache.
        createKeys.reset();
        onCreated(created);
      },
      onSettled: () => onPendingChange(false),
    });
  }

  return (
    <form id="create-key-form" onSubmit={onSubmit} noValidate className="space-y-5">
      {createKeys.isError ? <Alert title="The key was not created">{errorMessage(createKeys.error)}</Alert> : null}
      <ChoiceCards
        legend="Type"
        name="kind"
        value={kind}
        onChange={setKind}
        disabled={createKeys.isPending}
        choices={[
          { value: "secret", label: "Secret", description: "For your server. Creates and edits worlds, mints player sessions." },
          { value: "publishable", label: "Publishable", description: "Safe in a browser. Read-only." },
        ]}
      />
      <ChoiceCards
        legend="Mode"
        name="mode"
        value={mode}
        onChange={setMode}
        disabled={createKeys.isPending}
        choices={[
          { value: "test", label: "Test", description: "Sandbox with deterministic mocks. Never billed." },
          { value: "live", label: "Live", description: "Real generation. Worlds appear in My Creations." },
        ]}
      />
      <Field label="Name" hint="Optional. Helps you tell keys apart, for example “Production server”.">
        {(control) => (
          <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} disabled={createKeys.isPending} />
        )}
      </Field>
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={createKeys.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={createKeys.isPending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}

export function CreateKeyDialog({ open, onOpenChange, ...props }: CreateKeyDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissible={!pending}
      title="Create API key"
      description="The full key is shown once, right after it is created."
      size="lg"
    >
      <CreateKeyForm {...props} onCancel={() => onOpenChange(false)} onPendingChange={setPending} />
    </Dialog>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/api/client";
import { useCreateApp } from "@/components/api/hooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

export function CreateAppDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const createApp = useCreateApp();
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setName("");
      setFieldError(null);
      createApp.reset();
    }
    onOpenChange(next);
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setFieldError("Give the app a name.");
      return;
    }
    setFieldError(null);
    createApp.mutate(
      { name: name.trim() },
      {
        onSuccess: (app) => {
          close(false);
          router.push(`/apps/${app.id}`);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!createApp.isPending}
      title="New app"
      description="An app holds its own keys, embedding origins and quota. Use one per product or environment."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={createApp.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="create-app-form" loading={createApp.isPending}>
            Create app
          </Button>
        </>
      }
    >
      <form id="create-app-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {createApp.isError ? <Alert>{errorMessage(createApp.error)}</Alert> : null}
        <Field label="App name" error={fieldError}>
          {(control) => (
            <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} placeholder="Harbor stories" />
          )}
        </Field>
      </form>
    </Dialog>
  );
}

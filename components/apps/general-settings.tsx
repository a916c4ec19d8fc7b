"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/api/client";
import type { App, Mode } from "@/components/api/types";
import { useUpdateApp } from "@/components/api/hooks";
import { Alert } from "@/components/ui/alert";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { MODE_WORDS } from "./mode-words";
import { SaveActions } from "./saved-note";

export function GeneralSettings({ app }: { app: App }) {
  const update = useUpdateApp(app.id);
  const [name, setName] = useState(app.name);
  const [mode, setMode] = useState<Mode>(app.defaultMode);
  const [nameError, setNameError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const dirty = name.trim() !== app.name || mode !== app.defaultMode;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError("The app needs a name.");
      return;
    }
    setNameError(null);
    const input = {
      ...(name.trim() !== app.name ? { name: name.trim() } : {}),
      ...(mode !== app.defaultMode ? { defaultMode: mode } : {}),
    };
    update.mutate(input, {
      onSuccess: (saved) => {
        setName(saved.name);
        setMode(saved.defaultMode);
        setSavedAt(Date.now());
      },
    });
  }

  return (
    <Card id="general" aria-labelledby="general-title" className="scroll-mt-6">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader
          titleId="general-title"
          title="General"
          description="How this app is named in the Studio, and the mode it works in by default."
        />
        <CardBody className="space-y-6">
          {update.isError ? <Alert title="Changes were not saved">{errorMessage(update.error)}</Alert> : null}
          <Field label="App name" error={nameError} className="max-w-md">
            {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" />}
          </Field>
          <ChoiceCards
            legend="Default mode"
            name="defaultMode"
            value={mode}
            onChange={setMode}
            choices={[
              { value: "test", label: MODE_WORDS.test.label, description: "New keys start as test keys: a free sandbox of mocks." },
              { value: "live", label: MODE_WORDS.live.label, description: "New keys start as live keys: real generation, metered." },
            ]}
          />
        </CardBody>
        <CardFooter>
          <span>API requests always run in the mode of their key.</span>
          <SaveActions
            savedAt={savedAt}
            dirty={dirty}
            saving={update.isPending}
            onDiscard={() => {
              setName(app.name);
              setMode(app.defaultMode);
              setNameError(null);
              update.reset();
            }}
          />
        </CardFooter>
      </form>
    </Card>
  );
}

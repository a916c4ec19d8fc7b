"use client";

import { useState, type FormEvent } from "react";
import { errorMessage } from "@/components/api/client";
import type { App } from "@/components/api/types";
import { useUpdateApp } from "@/components/api/hooks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { GlobeIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { parseOrigin } from "./origin";
import { SaveActions } from "./saved-note";

const MAX_ORIGINS = 50;

export function EmbedOriginsSettings({ app }: { app: App }) {
  const update = useUpdateApp(app.id);
  const [origins, setOrigins] = useState<string[]>(app.embedOrigins);
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const dirty = origins.length !== app.embedOrigins.length || origins.some((origin, i) => origin !== app.embedOrigins[i]);

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseOrigin(draft);
    if ("error" in parsed) return setDraftError(parsed.error);
    if (origins.includes(parsed.origin)) return setDraftError(`${parsed.origin} is already in the list.`);
    if (origins.length >= MAX_ORIGINS) return setDraftError(`An app can list at most ${MAX_ORIGINS} origins.`);
    setOrigins([...origins, parsed.origin]);
    setDraft("");
    setDraftError(null);
  }

  function save() {
    update.mutate(
      { embedOrigins: origins },
      {
        onSuccess: (saved) => {
          setOrigins(saved.embedOrigins);
          setSavedAt(Date.now());
        },
      },
    );
  }

  return (
    <Card id="origins" aria-labelledby="origins-title" className="scroll-mt-6">
      <CardHeader
        titleId="origins-title"
        title="Embedding origins"
        description="Websites allowed to embed this app's worlds in an iframe. Anything else is refused by the player."
      />
      <CardBody className="space-y-4">
        {update.isError ? <Alert title="Origins were not saved">{errorMessage(update.error)}</Alert> : null}

        {origins.length ? (
          <ul aria-label="Allowed origins" className="divide-y divide-line rounded-lg border border-line">
            {origins.map((origin) => (
              <li key={origin} className="flex items-center gap-3 px-3 py-2">
                <GlobeIcon className="size-4 shrink-0 text-fg-subtle" />
                <span className="min-w-0 flex-1 truncate font-mono text-[13px] text-fg">{origin}</span>
                {!app.embedOrigins.includes(origin) ? <span className="text-xs text-fg-subtle">Unsaved</span> : null}
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${origin}`}
                  title="Remove"
                  onClick={() => setOrigins(origins.filter((o) => o !== origin))}
                >
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-line-strong px-4 py-5 text-center text-sm text-fg-muted">
            No origins yet, so worlds of this app can&apos;t be embedded on other sites.
          </p>
        )}

        <form onSubmit={add} noValidate className="flex max-w-xl items-start gap-2">
          <div className="min-w-0 flex-1 space-y-1.5">
            <label htmlFor="new-origin" className="sr-only">
              Origin to allow
            </label>
            <Input
              id="new-origin"
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setDraftError(null);
              }}
              placeholder="https://example.com"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={draftError ? true : undefined}
              aria-describedby={draftError ? "new-origin-error" : "new-origin-hint"}
              className="font-mono"
            />
            {draftError ? (
              <p id="new-origin-error" className="text-[13px] text-danger-text">
                {draftError}
              </p>
            ) : (
              <p id="new-origin-hint" className="text-[13px] text-fg-muted">
                Scheme, host and optional port, such as https://example.com or http://localhost:5173.
              </p>
            )}
          </div>
          <Button type="submit" variant="secondary">
            Add
          </Button>
        </form>
      </CardBody>
      <CardFooter>
        <span>
          {origins.length} of {MAX_ORIGINS} origins
        </span>
        <SaveActions
          savedAt={savedAt}
          dirty={dirty}
          saving={update.isPending}
          onSave={save}
          label="Save origins"
          onDiscard={() => {
            setOrigins(app.embedOrigins);
            update.reset();
          }}
        />
      </CardFooter>
    </Card>
  );
}

"use client";

import { useState } from "react";
import { useUpdateWorld, type Visibility } from "@/components/api/worlds";
import { SavedNote } from "@/components/apps/saved-note";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { CopyButton } from "@/components/ui/copy-button";
import { ExternalLinkIcon, LockIcon } from "@/components/ui/icons";
import type { SectionProps } from "./settings-section";
import { WriteError } from "./world-errors";

const VISIBILITY: Array<{ value: Visibility; label: string; description: string }> = [
  { value: "private", label: "Private", description: "Only you, in the Studio and with this app's keys." },
  { value: "unlisted", label: "Unlisted", description: "Not listed anywhere; embeddable on your allowed origins." },
  { value: "public", label: "Public", description: "Anyone can play it from its public link." },
];

/** Who can play the world, and its public play link once it is public. */
export function VisibilitySection({ world, current, onReload, reloading }: SectionProps) {
  const update = useUpdateWorld(world);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const test = current.mode === "test";
  // The choice shows at once (set in the click itself, so the controlled radio never flips back
  // while the mutation starts) and while it is saved; a failure puts the saved one back.
  const [chosen, setChosen] = useState<Visibility | null>(null);
  const shown = chosen ?? current.visibility;

  function change(visibility: Visibility) {
    if (visibility === current.visibility) return;
    setChosen(visibility);
    update.mutate({ input: { visibility } }, { onSuccess: () => setSavedAt(Date.now()), onSettled: () => setChosen(null) });
  }

  return (
    <Card aria-labelledby="world-visibility-title">
      <CardHeader
        titleId="world-visibility-title"
        title="Visibility"
        description="Public worlds get a play link anyone can open; unlisted ones play only where you embed them."
        actions={
          <span className="flex items-center gap-2">
            <SavedNote savedAt={savedAt} />
            <Badge tone={current.visibility === "public" ? "success" : current.visibility === "unlisted" ? "accent" : "neutral"} dot>
              {VISIBILITY.find((v) => v.value === current.visibility)?.label ?? current.visibility}
            </Badge>
          </span>
        }
      />
      <CardBody className="space-y-4">
        {test ? (
          <Alert tone="info" title="Test worlds stay private">
            A test-mode world is a sandbox: it is never published, whatever is asked. Create it with a live key to share it.
          </Alert>
        ) : null}
        {update.isError ? (
          <WriteError error={update.error} title="Visibility was not changed" onReload={onReload} reloading={reloading} />
        ) : null}
        {test ? null : (
          <p className="text-[13px] text-fg-muted tabular-nums" data-world-counts>
            {current.sessionCount.toLocaleString("en-US")} {current.sessionCount === 1 ? "play" : "plays"} ·{" "}
            {current.likeCount.toLocaleString("en-US")} {current.likeCount === 1 ? "like" : "likes"}
          </p>
        )}
        <ChoiceCards
          legend="Who can play it"
          name="visibility"
          value={shown}
          onChange={change}
          disabled={test || update.isPending}
          columns={3}
          choices={VISIBILITY}
        />
        {current.playUrl ? (
          <div className="space-y-1.5 rounded-lg border border-success-text/25 bg-success-soft/60 p-3">
            <p id="play-link-label" className="text-[13px] font-medium text-fg">
              Public play link
            </p>
            <div className="flex items-center gap-2">
              <code
                aria-labelledby="play-link-label"
                data-testid="play-url"
                className="min-w-0 flex-1 truncate rounded-md border border-line bg-surface px-3 py-2 font-mono text-[13px] text-fg select-all"
              >
                {current.playUrl}
              </code>
              <CopyButton value={current.playUrl} text="Copy" label="Copy play link" />
              <a
                href={current.playUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-[13px] font-medium text-fg-muted hover:bg-subtle hover:text-fg"
              >
                <ExternalLinkIcon className="size-4" /> Open
              </a>
            </div>
          </div>
        ) : !test && current.visibility !== "public" ? (
          <p className="flex items-center gap-2 text-[13px] text-fg-muted">
            <LockIcon className="size-3.5" /> The public play link appears once the world is public.
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

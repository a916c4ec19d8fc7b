"use client";

import { useId, useState, type FormEvent } from "react";
import { useCreateVersion, useRenameVersion, type Version } from "@/components/api/versions";
import type { WorldRef } from "@/components/api/worlds";
import { Button } from "@/components/ui/button";
import { CameraIcon, CheckIcon, PenLineIcon, XIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { WriteError } from "@/components/worlds/world-errors";

import { versionTitle } from "./version-tree";

const TITLE_MAX = 200;

/** Names a new snapshot of the working graph (the title is optional) and takes it. */
export function SnapshotForm({ world }: { world: WorldRef }) {
  const create = useCreateVersion(world);
  const [title, setTitle] = useState("");
  const inputId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ ...(title.trim() ? { title: title.trim() } : {}) }, { onSuccess: () => setTitle("") });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2">
      <label htmlFor={inputId} className="text-[13px] font-medium text-fg">
        Snapshot the working graph
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={TITLE_MAX}
          placeholder="Title (optional)"
          autoComplete="off"
        />
        <Button type="submit" loading={create.isPending}>
          <CameraIcon /> Snapshot
        </Button>
      </div>
      {create.isError ? <WriteError error={create.error} title="The snapshot was not taken" /> : null}
    </form>
  );
}

/** A version's title with its HEAD badge; the pen turns it into an inline rename form (Escape cancels). */
export function RenameTitle({ world, version }: { world: WorldRef; version: Version }) {
  const rename = useRenameVersion(world);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(version.title);
  const inputId = useId();

  function save(event?: FormEvent) {
    event?.preventDefault();
    const title = draft.trim();
    if (title === version.title) return setEditing(false);
    rename.mutate({ versionId: version.versionId, title }, { onSuccess: () => setEditing(false) });
  }

  if (!editing) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <h3 className={`truncate text-[15px] font-semibold tracking-tight ${version.title.trim() ? "text-fg" : "text-fg-muted italic"}`}>
          {versionTitle(version)}
        </h3>
        {version.isHead ? (
          <span className="shrink-0 rounded-full bg-accent px-1.5 py-px text-[10px] font-semibold tracking-wide text-accent-fg">HEAD</span>
        ) : null}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Rename version"
          title="Rename"
          onClick={() => {
            setDraft(version.title);
            rename.reset();
            setEditing(true);
          }}
        >
          <PenLineIcon />
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={save} noValidate className="space-y-2">
      <label htmlFor={inputId} className="sr-only">
        Version title
      </label>
      <div className="flex items-center gap-1.5">
        <Input
          id={inputId}
          autoFocus
          value={draft}
          maxLength={TITLE_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              setEditing(false);
            }
          }}
          placeholder="Untitled snapshot"
          className="h-8"
        />
        <Button type="submit" size="icon" aria-label="Save title" title="Save" loading={rename.isPending}>
          {rename.isPending ? null : <CheckIcon />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Cancel renaming"
          title="Cancel"
          onClick={() => setEditing(false)}
          disabled={rename.isPending}
        >
          <XIcon />
        </Button>
      </div>
      {rename.isError ? <WriteError error={rename.error} title="The title was not saved" /> : null}
    </form>
  );
}

"use client";

import { useState, type FormEvent } from "react";
import { useUpdateWorld } from "@/components/api/worlds";
import { SaveActions } from "@/components/apps/saved-note";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import { ImagePreview, isDataUrl } from "./image-preview";
import { COVER_MAX, DESCRIPTION_MAX, NAME_MAX, SUBJECT_MAX, type SectionProps } from "./settings-section";
import { WriteError } from "./world-errors";

/** The fields changed and not saved yet. */
interface GeneralDraft {
  name?: string;
  description?: string;
  cover?: string;
  subject?: string;
}

/** Name, description, subject and cover (PATCH /v1/worlds/{id} with the rev they were read on). */
export function GeneralSection({ world, current, onReload, reloading }: SectionProps) {
  const update = useUpdateWorld(world);
  const [draft, setDraft] = useState<GeneralDraft>({});
  const [nameError, setNameError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const name = draft.name ?? current.name;
  const description = draft.description ?? current.description;
  const subject = draft.subject ?? current.world.subject;
  const coverIsData = isDataUrl(current.cover);
  const cover = draft.cover ?? (coverIsData ? "" : current.cover);
  const changes = {
    ...(draft.name !== undefined && draft.name.trim() !== current.name ? { name: draft.name.trim() } : {}),
    ...(draft.description !== undefined && draft.description !== current.description ? { description: draft.description } : {}),
    ...(draft.cover !== undefined && draft.cover.trim() !== (coverIsData ? "" : current.cover) ? { cover: draft.cover.trim() } : {}),
    ...(draft.subject !== undefined && draft.subject !== current.world.subject ? { subject: draft.subject } : {}),
  };
  const dirty = Object.keys(changes).length > 0;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) return setNameError("The world needs a name.");
    setNameError(null);
    update.mutate(
      { input: changes, rev: current.rev },
      {
        onSuccess: () => {
          setDraft({});
          setSavedAt(Date.now());
        },
      },
    );
  }

  return (
    <Card aria-labelledby="world-general-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader
          titleId="world-general-title"
          title="General"
          description="How the world is named, described and pictured in the Studio, the player and the API."
        />
        <CardBody className="space-y-5">
          {update.isError ? (
            <WriteError error={update.error} title="Changes were not saved" onReload={onReload} reloading={reloading} />
          ) : null}
          <Field label="Name" error={nameError} className="max-w-lg">
            {(control) => (
              <Input
                {...control}
                value={name}
                maxLength={NAME_MAX}
                autoComplete="off"
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Description" hint={`${description.length.toLocaleString("en")} / ${DESCRIPTION_MAX.toLocaleString("en")}`}>
            {(control) => (
              <TextArea
                {...control}
                value={description}
                maxLength={DESCRIPTION_MAX}
                rows={3}
                onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              />
            )}
          </Field>
          <Field label="Subject" hint="Who or what the world is about: the author and the painter build every scene around it.">
            {(control) => (
              <TextArea
                {...control}
                value={subject}
                maxLength={SUBJECT_MAX}
                rows={2}
                onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
              />
            )}
          </Field>
          <div className="flex items-start gap-4">
            <ImagePreview src={cover || current.cover} alt="Cover preview" className="aspect-video w-36" />
            <Field
              label="Cover image URL"
              hint={
                coverIsData && draft.cover === undefined
                  ? "An embedded image. Paste a URL to replace it."
                  : "Shown on cards and before play starts."
              }
              className="min-w-0 flex-1"
            >
              {(control) => (
                <Input
                  {...control}
                  value={cover}
                  maxLength={COVER_MAX}
                  inputMode="url"
                  spellCheck={false}
                  placeholder={coverIsData ? "Embedded image" : "https://…"}
                  className="font-mono text-[13px]"
                  onChange={(e) => setDraft({ ...draft, cover: e.target.value })}
                />
              )}
            </Field>
          </div>
        </CardBody>
        <CardFooter>
          <span>Part of the graph: snapshot it in Versions.</span>
          <SaveActions
            savedAt={savedAt}
            dirty={dirty}
            saving={update.isPending}
            onDiscard={() => {
              setDraft({});
              setNameError(null);
              update.reset();
            }}
          />
        </CardFooter>
      </form>
    </Card>
  );
}

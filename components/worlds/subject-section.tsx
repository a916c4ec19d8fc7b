"use client";

import { useState, type FormEvent } from "react";
import { ZSetSubjectRefOp } from "@/lib/kernel";
import { useApplyOps } from "@/components/api/worlds";
import { SaveActions } from "@/components/apps/saved-note";
import { Card, CardBody, CardFooter, CardHeader } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import { ImagePreview } from "./image-preview";
import type { SectionProps } from "./settings-section";
import { WriteError } from "./world-errors";

/** The subject reference image and descriptor, saved as a `set_subject_ref` op. */
export function SubjectSection({ world, current, onReload, reloading }: SectionProps) {
  const applyOps = useApplyOps(world);
  const ref = current.world.subjectRef;
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [descriptor, setDescriptor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const url = imageUrl ?? ref?.imageUrl ?? "";
  const text = descriptor ?? ref?.descriptor ?? "";
  const dirty = url.trim() !== (ref?.imageUrl ?? "") || text !== (ref?.descriptor ?? "");

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The kernel's own op schema, so the rule lives in one place.
    const parsed = ZSetSubjectRefOp.safeParse({ op: "set_subject_ref", imageUrl: url.trim(), descriptor: text });
    if (!url.trim()) return setError("Give the image URL.");
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "This reference is not valid.");
    setError(null);
    applyOps.mutate(
      { ops: [parsed.data], rev: current.rev },
      {
        onSuccess: () => {
          setImageUrl(null);
          setDescriptor(null);
          setSavedAt(Date.now());
        },
      },
    );
  }

  return (
    <Card aria-labelledby="world-subject-title">
      <form onSubmit={onSubmit} noValidate>
        <CardHeader
          titleId="world-subject-title"
          title="Subject reference"
          description="An image of the subject (set under General) keeps the character consistent when scenes are painted."
        />
        <CardBody className="space-y-5">
          {applyOps.isError ? (
            <WriteError error={applyOps.error} title="The reference was not saved" onReload={onReload} reloading={reloading} />
          ) : null}
          <div className="flex items-start gap-4">
            <ImagePreview src={url} alt="Subject reference preview" className="size-24" />
            <div className="min-w-0 flex-1 space-y-4">
              <Field label="Reference image URL" error={error} hint="An already-hosted image (http or https), not a data: URI.">
                {(control) => (
                  <Input
                    {...control}
                    value={url}
                    inputMode="url"
                    spellCheck={false}
                    placeholder="https://…"
                    className="font-mono text-[13px]"
                    onChange={(e) => {
                      setImageUrl(e.target.value);
                      setError(null);
                    }}
                  />
                )}
              </Field>
              <Field
                label="Descriptor"
                hint="How the painter should describe the character. Empty keeps the current one, else the subject."
              >
                {(control) => <TextArea {...control} rows={2} value={text} onChange={(e) => setDescriptor(e.target.value)} />}
              </Field>
            </div>
          </div>
        </CardBody>
        <CardFooter>
          <span>{ref ? "Saved with the graph as subjectRef." : "No reference yet."}</span>
          <SaveActions
            savedAt={savedAt}
            dirty={dirty}
            saving={applyOps.isPending}
            label="Save reference"
            onDiscard={() => {
              setImageUrl(null);
              setDescriptor(null);
              setError(null);
              applyOps.reset();
            }}
          />
        </CardFooter>
      </form>
    </Card>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useCreateCharacter, type CreateCharacterInput, type StanceInput } from "@/components/api/characters";
import { ApiRequestError, errorMessage } from "@/components/api/client";
import { AppSelect } from "@/components/creations/app-select";
import type { SeedImage } from "@/components/creations/create-world-model";
import { ImageDrop } from "@/components/creations/image-drop";
import type { AppOption } from "@/components/creations/types";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChoiceCards } from "@/components/ui/choice-cards";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { ImageIcon, PenLineIcon, SparklesIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import { draftOf, paletteRequest, StancePaletteFields, type PaletteDraft } from "./stance-palette-fields";

export interface NewCharacterLimits {
  premiseMax: number;
  imageMaxBytes: number;
  maxStances: number;
  /** The API's default palette, offered to start from. */
  defaultStances: StanceInput[];
}

type Source = "explicit" | "premise" | "frame";

interface FormState {
  appId: string;
  source: Source;
  name: string;
  persona: string;
  greeting: string;
  lore: string;
  premise: string;
  image: SeedImage | null;
  palette: PaletteDraft;
}

type FieldName = "name" | "persona" | "premise" | "frame_b64" | "stances";

/** The POST /v1/characters body of the form: EXPLICIT with the palette, or AUTHORED from a premise or a frame. */
function requestOf(form: FormState): CreateCharacterInput | { error: { field: FieldName; message: string } } {
  if (form.source === "premise") {
    if (!form.premise.trim()) return { error: { field: "premise", message: "Describe the character in a sentence or two." } };
    return { authored: true, premise: form.premise.trim(), ...(form.name.trim() ? { name: form.name.trim() } : {}) };
  }
  if (form.source === "frame") {
    if (!form.image) return { error: { field: "frame_b64", message: "Choose a picture of the character." } };
    return {
      authored: true,
      frame_b64: form.image.dataUrl,
      ...(form.premise.trim() ? { premise: form.premise.trim() } : {}),
      ...(form.name.trim() ? { name: form.name.trim() } : {}),
    };
  }
  if (!form.name.trim()) return { error: { field: "name", message: "Give the character a name." } };
  if (!form.persona.trim()) return { error: { field: "persona", message: "Say who the character is: the brain answers as this persona." } };
  const palette = paletteRequest(form.palette);
  if ("error" in palette) return { error: { field: "stances", message: palette.error } };
  return {
    name: form.name.trim(),
    persona: form.persona.trim(),
    ...(form.greeting.trim() ? { greeting: form.greeting.trim() } : {}),
    ...(form.lore.trim() ? { lore: form.lore.trim() } : {}),
    ...palette,
  };
}

/** `field: message` lines of a 400 by the form field they belong to; the rest for the alert. */
function fieldErrors(error: unknown): { fields: Partial<Record<FieldName, string>>; other: string[] } {
  const fields: Partial<Record<FieldName, string>> = {};
  const other: string[] = [];
  if (!(error instanceof ApiRequestError)) return { fields, other };
  for (const line of error.errors) {
    const match = /^([a-z_]+)(?:\.[^:]*)?: (.*)$/i.exec(line);
    const name = match?.[1] as FieldName | undefined;
    if (name && ["name", "persona", "premise", "frame_b64", "stances"].includes(name) && !fields[name]) fields[name] = match![2]!;
    else other.push(line);
  }
  return { fields, other };
}

interface NewCharacterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apps: AppOption[];
  defaultAppId?: string;
  limits: NewCharacterLimits;
}

/**
 * New character: the fields and the stance palette, or a profile authored from a premise or a
 * picture. Created live in the chosen app (one `generation` of its daily quota, and one
 * `seed_frame` per stance: every stance is painted), then opened.
 */
export function NewCharacterDialog({ open, onOpenChange, apps, defaultAppId, limits }: NewCharacterDialogProps) {
  const router = useRouter();
  const create = useCreateCharacter();
  const initial = (): FormState => ({
    appId: defaultAppId && apps.some((a) => a.id === defaultAppId) ? defaultAppId : (apps[0]?.id ?? ""),
    source: "explicit",
    name: "",
    persona: "",
    greeting: "",
    lore: "",
    premise: "",
    image: null,
    palette: draftOf(limits.defaultStances, limits.defaultStances[0]?.id ?? null),
  });
  const [form, setForm] = useState<FormState>(initial);
  const [local, setLocal] = useState<Partial<Record<FieldName, string>>>({});
  const pending = create.isPending;
  const server = fieldErrors(create.error);
  const fieldError = (name: FieldName) => local[name] ?? server.fields[name];

  const close = (next: boolean) => {
    if (!next) {
      setForm(initial());
      setLocal({});
      create.reset();
    }
    onOpenChange(next);
  };
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    create.reset();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = requestOf(form);
    if ("error" in request) return setLocal({ [request.error.field]: request.error.message });
    setLocal({});
    create.mutate(
      { scope: { appId: form.appId, mode: "live" }, input: request },
      {
        onSuccess: ({ id }) => {
          router.push(`/characters/${id}`);
          close(false);
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      dismissible={!pending}
      size="lg"
      title="New character"
      description="Someone players talk to: a brain (who they are, what they know) and a palette of stances, each one a picture and a mood."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {create.isError ? (
          <Alert title="The character was not created" lines={server.other}>
            {errorMessage(create.error)}
          </Alert>
        ) : null}

        <AppSelect apps={apps} value={form.appId} onChange={(appId) => set("appId", appId)} disabled={pending} />

        <ChoiceCards
          legend="Start from"
          name="character-source"
          value={form.source}
          onChange={(source) => {
            set("source", source);
            setLocal({});
          }}
          disabled={pending}
          columns={3}
          choices={[
            {
              value: "explicit",
              label: "Describe",
              icon: <PenLineIcon className="size-4 text-fg-muted" />,
              description: "Name, persona and stances.",
            },
            {
              value: "premise",
              label: "Premise",
              icon: <SparklesIcon className="size-4 text-fg-muted" />,
              description: "Invented from a pitch.",
            },
            {
              value: "frame",
              label: "Picture",
              icon: <ImageIcon className="size-4 text-fg-muted" />,
              description: "Invented from a frame.",
            },
          ]}
        />

        {form.source === "explicit" ? (
          <>
            <Field label="Name" error={fieldError("name")}>
              {(control) => (
                <Input
                  {...control}
                  autoFocus
                  value={form.name}
                  maxLength={200}
                  disabled={pending}
                  placeholder="Wren"
                  onChange={(e) => set("name", e.target.value)}
                />
              )}
            </Field>
            <Field label="Persona" error={fieldError("persona")} hint="Who they are and how they speak.">
              {(control) => (
                <TextArea
                  {...control}
                  rows={3}
                  value={form.persona}
                  maxLength={8000}
                  disabled={pending}
                  placeholder="You are Wren, keeper of the harbour light. Dry, kind, a little shy."
                  onChange={(e) => set("persona", e.target.value)}
                />
              )}
            </Field>
            <Field label="Greeting (optional)" hint="The first line a player sees.">
              {(control) => (
                <Input
                  {...control}
                  value={form.greeting}
                  maxLength={1000}
                  disabled={pending}
                  placeholder="Mind the stairs. Who sent you?"
                  onChange={(e) => set("greeting", e.target.value)}
                />
              )}
            </Field>
            <Field label="Lore (optional)" hint="What they know.">
              {(control) => (
                <TextArea
                  {...control}
                  rows={2}
                  value={form.lore}
                  maxLength={20_000}
                  disabled={pending}
                  onChange={(e) => set("lore", e.target.value)}
                />
              )}
            </Field>
            <div className="space-y-2">
              <p className="text-[13px] font-medium text-fg">Stances</p>
              {fieldError("stances") ? <p className="text-[13px] text-danger-text">{fieldError("stances")}</p> : null}
              <StancePaletteFields
                draft={form.palette}
                onChange={(palette) => set("palette", palette)}
                max={limits.maxStances}
                disabled={pending}
              />
            </div>
          </>
        ) : null}

        {form.source === "premise" ? (
          <Field
            label="Premise"
            error={fieldError("premise")}
            hint="A name, stances, persona, lore and greeting are invented from it; you can edit them after."
          >
            {(control) => (
              <TextArea
                {...control}
                rows={4}
                autoFocus
                value={form.premise}
                maxLength={limits.premiseMax}
                disabled={pending}
                placeholder="a retired lighthouse keeper named Maren who talks to gulls"
                onChange={(e) => set("premise", e.target.value)}
              />
            )}
          </Field>
        ) : null}

        {form.source === "frame" ? (
          <>
            <ImageDrop
              image={form.image}
              error={fieldError("frame_b64")}
              maxBytes={limits.imageMaxBytes}
              onChange={(image) => set("image", image)}
              onError={(message) => setLocal((l) => ({ ...l, frame_b64: message ?? undefined }))}
            />
            <Field label="Who is this? (optional)" error={fieldError("premise")}>
              {(control) => (
                <TextArea
                  {...control}
                  rows={2}
                  value={form.premise}
                  maxLength={limits.premiseMax}
                  disabled={pending}
                  placeholder="a street musician who knows every rumour"
                  onChange={(e) => set("premise", e.target.value)}
                />
              )}
            </Field>
          </>
        ) : null}

        {form.source !== "explicit" ? (
          <Field label="Name (optional)" hint="Leave empty to let it be invented.">
            {(control) => (
              <Input {...control} value={form.name} maxLength={200} disabled={pending} onChange={(e) => set("name", e.target.value)} />
            )}
          </Field>
        ) : null}

        <DialogFooter>
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={!form.appId}>
            Create character
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

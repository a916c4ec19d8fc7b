"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { useUpdateCharacter, type UpdateCharacterInput } from "@/components/api/characters";
import type { AppScope } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { PenLineIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { TextArea } from "@/components/ui/text-area";
import type { BrainView } from "./character-brain";
import { SaveError } from "./save-error";

type BrainForm = Pick<BrainView, "persona" | "greeting" | "lore" | "examples" | "scene" | "subject" | "style"> & {
  voiceId: string;
  modelId: string;
  free: boolean;
};

const formOf = (brain: BrainView): BrainForm => ({
  persona: brain.persona,
  greeting: brain.greeting,
  lore: brain.lore,
  examples: brain.examples,
  scene: brain.scene,
  subject: brain.subject,
  style: brain.style,
  voiceId: brain.voiceId ?? "",
  modelId: brain.modelId ?? "",
  free: brain.free,
});

/** The PATCH body of the form: every field as shown; an empty voice or model goes back to the server's default. */
function requestOf(form: BrainForm): UpdateCharacterInput {
  return {
    persona: form.persona,
    greeting: form.greeting,
    lore: form.lore,
    examples: form.examples,
    scene: form.scene,
    subject: form.subject,
    style: form.style,
    voiceId: form.voiceId.trim() || null,
    modelId: form.modelId.trim() || null,
    free: form.free,
  };
}

interface EditBrainButtonProps {
  scope: AppScope;
  characterId: string;
  rev: string;
  brain: BrainView;
}

/** "Edit brain": persona, greeting, lore, example lines, look, voice and model in a dialog, saved through PATCH /v1/characters/{id}. */
export function EditBrainButton({ scope, characterId, rev, brain }: EditBrainButtonProps) {
  const router = useRouter();
  const update = useUpdateCharacter(scope, characterId);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<BrainForm>(() => formOf(brain));
  const [personaError, setPersonaError] = useState<string | null>(null);
  const pending = update.isPending;

  const show = (next: boolean) => {
    if (next) {
      setForm(formOf(brain));
      setPersonaError(null);
      update.reset();
    }
    setOpen(next);
  };
  const set = <K extends keyof BrainForm>(key: K, value: BrainForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.persona.trim()) return setPersonaError("Say who the character is: the brain answers as this persona.");
    setPersonaError(null);
    update.mutate(
      { input: requestOf(form), rev },
      {
        onSuccess: () => {
          setOpen(false);
          router.refresh();
        },
      },
    );
  }

  const text = (
    key: "persona" | "greeting" | "lore" | "examples",
    label: string,
    rows: number,
    hint?: ReactNode,
    error?: string | null,
  ) => (
    <Field label={label} hint={hint} error={error}>
      {(control) => <TextArea {...control} rows={rows} value={form[key]} disabled={pending} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );
  const line = (key: "scene" | "subject" | "style" | "voiceId" | "modelId", label: string, hint?: string) => (
    <Field label={label} hint={hint}>
      {(control) => <Input {...control} value={form[key]} disabled={pending} onChange={(e) => set(key, e.target.value)} />}
    </Field>
  );

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => show(true)}>
        <PenLineIcon /> Edit brain
      </Button>
      <Dialog
        open={open}
        onOpenChange={show}
        dismissible={!pending}
        size="lg"
        title="Edit brain"
        description="Who the character is and what it knows. The next thing a player says is answered with it."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {update.isError ? <SaveError error={update.error} /> : null}
          {text("persona", "Persona", 4, "Who they are and how they speak.", personaError)}
          {text("greeting", "Greeting", 2, "The first line a player sees; empty to wait to be spoken to.")}
          {text("lore", "Lore", 5, "What they know.")}
          {text("examples", "Example lines", 3, "A few exchanges in their voice, one line each.")}
          <div className="grid gap-4 sm:grid-cols-2">
            {line("scene", "Setting")}
            {line("subject", "Subject", "What every picture of them shows.")}
            {line("style", "Style")}
            {line("voiceId", "Voice", "Empty for the server's default.")}
            {line("modelId", "Model", "Empty for the server's default.")}
          </div>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" checked={form.free} disabled={pending} onChange={(e) => set("free", e.target.checked)} />
            Free to talk to (turns use no chat time)
          </label>
          <DialogFooter>
            <Button variant="secondary" onClick={() => show(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save brain
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}

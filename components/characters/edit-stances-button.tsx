"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useUpdateCharacter, type StanceInput } from "@/components/api/characters";
import type { AppScope } from "@/components/api/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogFooter } from "@/components/ui/dialog";
import { PenLineIcon } from "@/components/ui/icons";
import { SaveError } from "./save-error";
import { draftOf, paletteRequest, StancePaletteFields, type PaletteDraft } from "./stance-palette-fields";

interface EditStancesButtonProps {
  scope: AppScope;
  characterId: string;
  /** The rev the page was rendered from: the edit is made on it (`If-Match`). */
  rev: string;
  stances: StanceInput[];
  entrance: string;
  max: number;
}

/** "Edit stances": the palette in a dialog, saved through PATCH /v1/characters/{id}; the page re-renders from the server. */
export function EditStancesButton({ scope, characterId, rev, stances, entrance, max }: EditStancesButtonProps) {
  const router = useRouter();
  const update = useUpdateCharacter(scope, characterId);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PaletteDraft>(() => draftOf(stances, entrance));
  const [problem, setProblem] = useState<string | null>(null);

  const show = (next: boolean) => {
    if (next) {
      setDraft(draftOf(stances, entrance));
      setProblem(null);
      update.reset();
    }
    setOpen(next);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = paletteRequest(draft);
    if ("error" in request) return setProblem(request.error);
    setProblem(null);
    update.mutate(
      { input: request, rev },
      {
        onSuccess: () => {
          setOpen(false);
          router.refresh();
        },
      },
    );
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => show(true)}>
        <PenLineIcon /> Edit stances
      </Button>
      <Dialog
        open={open}
        onOpenChange={show}
        dismissible={!update.isPending}
        size="lg"
        title="Edit stances"
        description="Each stance is one picture of the character and one mood of its brain. A stance you keep keeps its picture; a new one is painted when you save (one seed frame of the day's quota)."
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          {problem ? <Alert title="Check the stances">{problem}</Alert> : update.isError ? <SaveError error={update.error} /> : null}
          <StancePaletteFields draft={draft} onChange={setDraft} max={max} disabled={update.isPending} />
          <DialogFooter>
            <Button variant="secondary" onClick={() => show(false)} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save stances
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}

"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";

function Note() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), 2500);
    return () => window.clearTimeout(timer);
  }, []);
  return visible ? (
    <>
      <CheckIcon className="size-3.5" /> Saved
    </>
  ) : null;
}

/** "Saved" for a moment after each successful save (a new `savedAt`), announced politely. */
export function SavedNote({ savedAt }: { savedAt: number | null }) {
  return (
    <span aria-live="polite" className="inline-flex items-center gap-1 text-[13px] font-medium text-success-text">
      {savedAt === null ? null : <Note key={savedAt} />}
    </span>
  );
}

/**
 * The right side of a settings card's footer: "Saved", Discard while there are changes, and
 * Save (submitting the card's form unless `onSave` is given).
 */
export function SaveActions({
  savedAt,
  dirty,
  saving,
  onDiscard,
  onSave,
  label = "Save",
}: {
  savedAt: number | null;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  onSave?: () => void;
  label?: string;
}) {
  return (
    <div className="ml-auto flex items-center gap-3">
      <SavedNote savedAt={savedAt} />
      {dirty ? (
        <Button variant="ghost" size="sm" onClick={onDiscard}>
          Discard
        </Button>
      ) : null}
      <Button type={onSave ? "button" : "submit"} size="sm" onClick={onSave} disabled={!dirty} loading={saving}>
        {label}
      </Button>
    </div>
  );
}

"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useEditor, useEditorStore } from "./use-editor";

/** Asks before a delete that would lose generated properties undo cannot bring back. */
export function ConfirmDeleteDialog() {
  const store = useEditorStore();
  const confirmDelete = useEditor((s) => s.confirmDelete);
  return (
    <Dialog
      open={confirmDelete !== null}
      onOpenChange={(open) => {
        if (!open) store.cancelDeletion();
      }}
      title={`${confirmDelete?.label ?? "Delete"}?`}
      description="Undo can bring back every field the editor shows, but not these generated properties:"
      footer={
        <>
          <Button variant="secondary" onClick={store.cancelDeletion}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void store.confirmDeletion()}>
            Delete
          </Button>
        </>
      }
    >
      <p className="font-mono text-[13px] text-fg">{confirmDelete?.lost.join(", ")}</p>
      <p className="mt-2 text-[13px] text-fg-muted">A version snapshot (Versions tab) keeps them if you may want them back.</p>
    </Dialog>
  );
}

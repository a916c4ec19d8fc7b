"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useEditor, useEditorStore } from "./use-editor";

/**
 * Asks before a delete that takes more than it names: a state's events (from it or into it), and
 * generated properties undo cannot bring back. Every delete path goes through the store's
 * `deleteSelection`, so the Delete key and the inspector's button both land here.
 */
export function ConfirmDeleteDialog() {
  const store = useEditorStore();
  const pending = useEditor((s) => s.confirmDelete);
  const events = pending?.events ?? [];
  const lost = pending?.lost ?? [];
  const title = pending?.stateName ? `Delete “${pending.stateName}”?` : `${pending?.label ?? "Delete"}?`;
  const description =
    events.length > 0
      ? `${events.length === 1 ? "1 event goes" : `${events.length} events go`} with it. Undo (Ctrl+Z) brings ${events.length === 1 ? "it" : "them"} back.`
      : "Undo can bring back every field the editor shows, but not these generated properties:";
  return (
    <Dialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) store.cancelDeletion();
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={store.cancelDeletion}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void store.confirmDeletion()}>
            {events.length > 0 ? `Delete state and ${events.length === 1 ? "1 event" : `${events.length} events`}` : "Delete"}
          </Button>
        </>
      }
    >
      {events.length > 0 ? (
        <ul
          aria-label="Events deleted with it"
          className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-line bg-subtle/60 px-3 py-2 text-[13px]"
        >
          {events.map((e, i) => (
            <li key={`${e.from}-${e.name}-${i}`} className="flex flex-wrap items-baseline gap-x-1.5">
              <span className="font-medium text-fg">“{e.name}”</span>
              <span className="text-fg-muted">{e.to === null ? `plays in place in ${e.from}` : `${e.from} → ${e.to}`}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {lost.length > 0 ? (
        <>
          {events.length > 0 ? <p className="mt-3 text-[13px] text-fg-muted">Undo cannot bring back these generated properties:</p> : null}
          <p className="font-mono text-[13px] text-fg">{lost.join(", ")}</p>
          <p className="mt-2 text-[13px] text-fg-muted">A version snapshot (Versions tab) keeps them if you may want them back.</p>
        </>
      ) : null}
    </Dialog>
  );
}

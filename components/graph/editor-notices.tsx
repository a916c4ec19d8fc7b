"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { AlertTriangleIcon, PlusIcon, RefreshIcon, XIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { useEditor, useEditorStore } from "./use-editor";

/** The 412 banner: the world changed elsewhere; Reload merges the person's draft onto the latest. */
export function ConflictBanner() {
  const store = useEditorStore();
  const conflict = useEditor((s) => s.conflict);
  const reloading = useEditor((s) => s.reloading);
  if (!conflict) return null;
  return (
    <div
      role="alert"
      className="flex shrink-0 items-center gap-3 border-b border-warning-text/25 bg-warning-soft px-4 py-2 text-[13px] text-warning-text"
    >
      <AlertTriangleIcon className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">This world changed elsewhere.</strong> Reload to get the latest version; your unsaved edits stay
        in the inspector.
      </p>
      <Button size="sm" variant="secondary" onClick={() => void store.reload()} loading={reloading}>
        {reloading ? null : <RefreshIcon />} Reload
      </Button>
    </div>
  );
}

/** Over the canvas until the first positions are known. */
export function ArrangingNotice() {
  const stateCount = useEditor((s) => s.view.index.stateIds.length);
  return (
    <div className="absolute inset-0 z-10 grid place-items-center bg-canvas/70">
      <div className="flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-[13px] text-fg-muted shadow-sm">
        <Spinner /> Arranging {stateCount} states…
      </div>
    </div>
  );
}

/** Over the canvas of a world without states. */
export function EmptyWorldNotice({ onAddState }: { onAddState: () => void }) {
  return (
    <div className="pointer-events-none absolute inset-0 z-10 grid place-items-center">
      <div className="pointer-events-auto max-w-xs rounded-xl border border-line bg-surface p-5 text-center shadow-sm">
        <p className="text-sm font-semibold text-fg">An empty world</p>
        <p className="mt-1 text-[13px] text-fg-muted">
          Add the first state; it becomes the start of the story once you set it as the entrance.
        </p>
        <Button size="sm" className="mt-3" onClick={onAddState}>
          <PlusIcon /> New state
        </Button>
      </div>
    </div>
  );
}

/** The editor's one toast (a save, a delete with Undo, a layout with Revert, a failure). */
export function EditorToast() {
  const store = useEditorStore();
  const toast = useEditor((s) => s.toast);
  if (!toast) return null;
  return (
    <div
      role="status"
      className={cn(
        "absolute bottom-4 left-1/2 z-20 flex max-w-[calc(100%-2rem)] -translate-x-1/2 items-center gap-3 rounded-lg border px-3.5 py-2 text-[13px] shadow-lg animate-pop-in",
        toast.tone === "danger" ? "border-danger/30 bg-danger-soft text-danger-text" : "border-line bg-fg text-canvas",
      )}
    >
      <span className="min-w-0 truncate">{toast.message}</span>
      {toast.action ? (
        <button
          type="button"
          className="shrink-0 rounded px-1.5 py-0.5 font-semibold text-accent-soft underline-offset-2 hover:underline dark:text-accent"
          onClick={() => {
            toast.action?.run();
            store.dismissToast();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button type="button" aria-label="Dismiss" className="shrink-0 opacity-70 hover:opacity-100" onClick={store.dismissToast}>
        <XIcon className="size-3.5" />
      </button>
    </div>
  );
}

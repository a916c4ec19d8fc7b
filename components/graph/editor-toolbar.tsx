"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon, SearchIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { isDirty } from "./fields";
import { KeyboardIcon, LayoutIcon, MapIcon, RedoIcon, UndoIcon } from "./icons";
import { Kbd, MOD_KEY } from "./inspector-fields";
import { useEditor, useEditorStore } from "./use-editor";

interface EditorToolbarProps {
  /** Where a new state appears. */
  centre: () => { x: number; y: number };
  arrange: () => unknown;
  arranging: boolean;
  showMinimap: boolean;
  onToggleMinimap: () => void;
  onOpenSearch: () => void;
  onOpenHelp: () => void;
}

/** The row above the canvas: create, undo/redo, layout, minimap, search, save status, shortcuts. */
export function EditorToolbar({ centre, arrange, arranging, showMinimap, onToggleMinimap, onOpenSearch, onOpenHelp }: EditorToolbarProps) {
  const store = useEditorStore();
  const canUndo = useEditor((s) => s.undo.length > 0);
  const canRedo = useEditor((s) => s.redo.length > 0);
  const undoLabel = useEditor((s) => s.undo.at(-1)?.label);
  const redoLabel = useEditor((s) => s.redo.at(-1)?.label);
  const selectionIsState = useEditor((s) => s.selection?.kind === "state" || s.selection?.kind === "event");

  return (
    <div
      role="toolbar"
      aria-label="Editor"
      className="flex h-11 min-w-0 shrink-0 items-center gap-1 overflow-x-auto border-b border-line bg-surface px-2 [scrollbar-width:none]"
    >
      <Button variant="ghost" size="sm" onClick={() => void store.addState(centre())} title="New state (N)">
        <PlusIcon /> State <Kbd className="ml-0.5 max-md:hidden">N</Kbd>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void store.addEvent(null)}
        disabled={!selectionIsState}
        title="New event from the selected state (E)"
      >
        <PlusIcon /> Event <Kbd className="ml-0.5 max-md:hidden">E</Kbd>
      </Button>
      <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
      <Button
        variant="ghost"
        size="icon"
        onClick={() => void store.undo()}
        disabled={!canUndo}
        aria-label={undoLabel ? `Undo ${undoLabel}` : "Undo"}
        title={`Undo${undoLabel ? `: ${undoLabel}` : ""} (${MOD_KEY}Z)`}
      >
        <UndoIcon />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => void store.redo()}
        disabled={!canRedo}
        aria-label={redoLabel ? `Redo ${redoLabel}` : "Redo"}
        title={`Redo${redoLabel ? `: ${redoLabel}` : ""} (${MOD_KEY}⇧Z)`}
      >
        <RedoIcon />
      </Button>
      <span className="mx-1 h-5 w-px bg-line" aria-hidden="true" />
      <Button variant="ghost" size="sm" onClick={() => void arrange()} loading={arranging} title="Automatic layout (L)">
        {arranging ? null : <LayoutIcon />} <span className="max-md:sr-only">Auto layout</span>
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-pressed={showMinimap}
        aria-label="Minimap"
        title="Minimap (M)"
        onClick={onToggleMinimap}
        className={cn(showMinimap && "text-fg")}
      >
        <MapIcon />
      </Button>
      <div className="flex min-w-24 flex-1 justify-center px-2">
        <button
          type="button"
          onClick={onOpenSearch}
          aria-label="Go to state"
          className="flex h-8 w-full max-w-72 min-w-0 items-center gap-2 overflow-hidden rounded-md border border-line bg-canvas px-2.5 text-[13px] text-fg-subtle shadow-xs transition-colors hover:border-line-strong hover:text-fg-muted"
          aria-keyshortcuts="/"
        >
          <SearchIcon className="size-4 shrink-0" />
          <span className="min-w-0 flex-1 truncate text-left">Go to state…</span>
          <Kbd className="max-md:hidden">/</Kbd>
        </button>
      </div>
      <SaveStatus />
      <Button variant="ghost" size="icon" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={onOpenHelp}>
        <KeyboardIcon />
      </Button>
    </div>
  );
}

function SaveStatus() {
  const saving = useEditor((s) => s.saving);
  const dirty = useEditor((s) => isDirty(s.draft));
  const rev = useEditor((s) => s.resource.rev);
  const lintMs = useEditor((s) => s.view.lintMs);
  return (
    <span
      className="hidden items-center gap-1.5 px-2 text-xs text-fg-muted lg:flex"
      role="status"
      aria-live="polite"
      title={`Revision ${rev.slice(0, 7)} · lint pass ${lintMs.toFixed(1)} ms`}
      data-rev={rev}
    >
      {saving ? (
        <>
          <Spinner className="size-3" /> Saving…
        </>
      ) : dirty ? (
        <>
          <span className="size-1.5 rounded-full bg-warning-text" aria-hidden="true" /> Unsaved
        </>
      ) : (
        <>
          <span className="size-1.5 rounded-full bg-success-text" aria-hidden="true" /> Saved
        </>
      )}
    </span>
  );
}

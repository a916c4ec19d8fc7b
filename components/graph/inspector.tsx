"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ChevronDownIcon, TrashIcon, XIcon } from "@/components/ui/icons";
import { isDirty } from "./fields";
import { DoorIcon, OverrideIcon, StateIcon, TransitionIcon } from "./icons";
import { EventPanel } from "./inspector-event-panel";
import { MOD_KEY, SeverityIcon, stateNameOf } from "./inspector-fields";
import { notesFor } from "./inspector-notes";
import { StatePanel } from "./inspector-state-panel";
import { WorldPanel } from "./inspector-world-panel";
import { useEditor, useEditorStore } from "./use-editor";
import { usePlainWords } from "./use-plain-words";

function useFocusRequests(ref: React.RefObject<HTMLElement | null>) {
  const focus = useEditor((s) => s.focus);
  useEffect(() => {
    if (!focus) return;
    const frame = requestAnimationFrame(() => {
      const el = ref.current?.querySelector<HTMLElement>(`[data-field="${CSS.escape(focus.field)}"]`);
      if (!el) return;
      el.focus();
      el.scrollIntoView({ block: "nearest" });
      if (el instanceof HTMLInputElement && (focus.field === "id" || focus.field === "name")) el.select();
    });
    return () => cancelAnimationFrame(frame);
  }, [focus, ref]);
}

/** The right-hand panel: the draft of the selected state or event (or, with nothing selected, the world). */
export function Inspector({ onOpenSettings }: { onOpenSettings: () => void }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const view = useEditor((s) => s.view);
  const saving = useEditor((s) => s.saving);
  const refusal = useEditor((s) => s.refusal);
  const error = useEditor((s) => s.error);
  const fieldErrors = useEditor((s) => s.fieldErrors);
  const savedAt = useEditor((s) => s.savedAt);
  const say = usePlainWords();
  const ref = useRef<HTMLElement>(null);
  useFocusRequests(ref);

  const notes = useMemo(() => notesFor(view, draft), [view, draft]);
  const dirty = isDirty(draft);
  const isNew = draft !== null && draft.kind !== "entrance" && draft.original === null;
  const applyError = view.draftApplyErrors.length > 0 ? view.draftApplyErrors[0] : null;
  const errors = new Map(fieldErrors);
  if (applyError && draft?.kind === "state" && !errors.has("id")) errors.set("id", "Another state already has this id.");
  if (applyError && draft?.kind === "event" && !errors.has("name"))
    errors.set("name", `${draft.fields.from} already has an event with this name.`);

  // Narrower than `md` the inspector is a sheet over the canvas's lower part: open while a state or
  // an event is selected, a bar at the bottom otherwise; the player may fold or unfold it by hand.
  const sheetKey =
    draft === null
      ? "world"
      : draft.kind === "state"
        ? `state:${draft.original ?? "new"}`
        : draft.kind === "event"
          ? `event:${draft.original ? `${draft.original.from}:${draft.original.name}` : "new"}`
          : draft.kind;
  const [folded, setFolded] = useState<{ key: string; open: boolean } | null>(null);
  const sheetOpen = folded?.key === sheetKey ? folded.open : sheetKey !== "world" && sheetKey !== "entrance";

  let title: ReactNode;
  let kindLabel: string;
  let icon: ReactNode;
  if (draft?.kind === "state") {
    kindLabel = isNew ? "New state" : "State";
    // The canvas's name first, the id beside it: the creator knows the state by the one, the API by the other.
    const name = draft.fields.id ? stateNameOf(view.world, draft.original ?? draft.fields.id) : null;
    title = !draft.fields.id ? (
      <span className="text-fg-subtle">unnamed</span>
    ) : name ? (
      <>
        {name}{" "}
        <span className="font-mono text-[11px] font-normal text-fg-subtle" data-testid="inspector-state-id">
          {draft.fields.id}
        </span>
      </>
    ) : (
      draft.fields.id
    );
    icon = <StateIcon />;
  } else if (draft?.kind === "event") {
    const override = draft.fields.to === "";
    kindLabel = `${isNew ? "New " : ""}${override ? "in-place action" : "transition"}`;
    kindLabel = kindLabel[0]!.toUpperCase() + kindLabel.slice(1);
    title = draft.fields.name || <span className="text-fg-subtle">unnamed</span>;
    icon = override ? <OverrideIcon /> : <TransitionIcon />;
  } else {
    kindLabel = "World";
    title = view.world.name;
    icon = <DoorIcon />;
  }

  return (
    <aside
      ref={ref}
      aria-label="Inspector"
      data-sheet={sheetOpen ? "open" : "folded"}
      className={cn(
        "flex w-[22rem] shrink-0 flex-col border-l border-line bg-surface xl:w-[24rem]",
        "max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-40 max-md:w-full max-md:rounded-t-2xl max-md:border-t max-md:border-l-0 max-md:shadow-lg",
        sheetOpen ? "max-md:h-[58dvh]" : "max-md:h-auto",
      )}
    >
      <div className="flex items-center gap-3 border-b border-line px-4 py-3">
        <Button
          variant="ghost"
          size="icon-sm"
          className="md:hidden"
          aria-expanded={sheetOpen}
          aria-label={sheetOpen ? "Fold the inspector" : "Unfold the inspector"}
          onClick={() => setFolded({ key: sheetKey, open: !sheetOpen })}
        >
          <ChevronDownIcon className={cn("transition-transform", !sheetOpen && "rotate-180")} />
        </Button>
        <div className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent-text [&_svg]:size-4">{icon}</div>
        <div className="min-w-0 flex-1">
          <p className="text-[11px] font-medium text-fg-subtle">{kindLabel}</p>
          <h2 className="truncate text-sm font-semibold text-fg" data-testid="inspector-title">
            {title}
          </h2>
        </div>
        {draft?.kind !== "entrance" ? (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={isNew ? "Cancel (Esc)" : "Close the inspector (Esc)"}
            title={isNew ? "Cancel (Esc)" : "Close (Esc)"}
            onClick={() => (isNew ? store.discardDraft() : void store.select(null))}
          >
            <XIcon />
          </Button>
        ) : null}
      </div>

      <form
        className={cn("flex min-h-0 flex-1 flex-col", !sheetOpen && "max-md:hidden")}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void store.save();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            void store.save();
          }
        }}
      >
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
          {refusal ? (
            <div className="px-4 pt-4">
              <Alert title="This change did not pass the checks; nothing was saved">
                <p>{refusal.detail} Your edits are still here: fix them and save again.</p>
                <ul className="mt-2 space-y-1">
                  {refusal.diagnostics.slice(0, 8).map((d, i) => (
                    <li key={`${d.code}-${i}`}>
                      <button
                        type="button"
                        className="flex items-start gap-1.5 text-left hover:underline"
                        onClick={() => void store.goToDiagnostic(d)}
                      >
                        <SeverityIcon severity={d.severity} className="mt-0.5" />
                        <span>
                          {say(d)} <span className="font-mono text-[10.5px] opacity-80">{d.code}</span>
                        </span>
                      </button>
                    </li>
                  ))}
                  {refusal.errors.map((e) => (
                    <li key={e} className="font-mono text-xs">
                      {e}
                    </li>
                  ))}
                </ul>
              </Alert>
            </div>
          ) : null}
          {error ? (
            <div className="px-4 pt-4">
              <Alert title="Not saved">{error} Your edits are still here.</Alert>
            </div>
          ) : null}
          {draft?.kind === "state" ? <StatePanel store={store} draft={draft} view={view} notes={notes} errors={errors} /> : null}
          {draft?.kind === "event" ? <EventPanel store={store} draft={draft} view={view} notes={notes} errors={errors} /> : null}
          {draft?.kind === "entrance" ? (
            <WorldPanel store={store} draft={draft} view={view} notes={notes} errors={errors} onOpenSettings={onOpenSettings} />
          ) : null}
        </div>

        {draft && (dirty || draft.kind !== "entrance") ? (
          <div className="flex items-center gap-2 border-t border-line bg-subtle/50 px-4 py-2.5">
            {draft.kind !== "entrance" && !isNew ? (
              <Button
                variant="danger-ghost"
                size="icon-sm"
                aria-label={`Delete this ${draft.kind === "state" ? "state" : "event"} (Delete)`}
                title="Delete (Del)"
                onClick={() => void store.deleteSelection()}
              >
                <TrashIcon />
              </Button>
            ) : null}
            <span className="min-w-0 flex-1 truncate text-xs text-fg-muted" role="status" aria-live="polite">
              {saving ? "Saving…" : dirty ? (isNew ? "Not created yet" : "Unsaved changes") : savedAt ? "All changes saved" : ""}
            </span>
            {dirty ? (
              <Button variant="ghost" size="sm" onClick={store.discardDraft} disabled={saving}>
                {isNew ? "Cancel" : "Discard"}
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={!dirty} loading={saving} aria-keyshortcuts={MOD_KEY === "⌘" ? "Meta+S" : "Control+S"}>
              {isNew ? (draft.kind === "state" ? "Create state" : "Create event") : "Save"}
              <span className="text-[11px] opacity-70">{MOD_KEY}S</span>
            </Button>
          </div>
        ) : null}
      </form>
    </aside>
  );
}

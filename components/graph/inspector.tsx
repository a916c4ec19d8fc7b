"use client";

import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Diagnostic } from "@/lib/kernel";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon, TrashIcon, XIcon } from "@/components/ui/icons";
import type { EditorStore, View } from "./editor-store";
import { isDirty, type Draft, type EntranceFields, type EventFields, type Outcome, type StateFields } from "./fields";
import { DoorIcon, EndingIcon, OverrideIcon, StateIcon, TransitionIcon } from "./icons";
import { Kbd, ProseInput, Row, Section, Select, SeverityIcon, StateOptions, TextInput } from "./inspector-fields";
import { resolvePath } from "./targets";
import { useEditor, useEditorStore } from "./use-editor";

export const MOD_KEY = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl";

type Notes = Map<string, Diagnostic[]>;

/** The view's diagnostics about the item the draft edits, by field key ("" for the item as a whole). */
function notesFor(view: View, draft: Draft | null): Notes {
  const notes: Notes = new Map();
  if (draft === null) return notes;
  for (const d of view.diagnostics) {
    const t = resolvePath(view.world, d.loc.field || d.path);
    let key: string | null = null;
    if (draft.kind === "state" && t.kind === "state" && t.id === view.draftState?.viewId) key = t.field;
    else if (draft.kind === "event" && t.kind === "event" && t.index === view.draftEvent?.index) key = t.field;
    else if (draft.kind === "entrance" && t.kind === "entrance") key = t.field;
    if (key === null) continue;
    const list = notes.get(key);
    if (list) list.push(d);
    else notes.set(key, [d]);
  }
  return notes;
}

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

function FramePreview({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-xs text-fg-subtle">This image could not be loaded.</p>;
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- any URL or data: image; next/image needs known hosts
    <img src={src} alt="Opening frame preview" onError={() => setFailed(src)} className="aspect-video w-full rounded-lg border border-line bg-subtle object-cover" />
  );
}

export function Inspector({ onOpenSettings }: { onOpenSettings: () => void }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const view = useEditor((s) => s.view);
  const saving = useEditor((s) => s.saving);
  const refusal = useEditor((s) => s.refusal);
  const error = useEditor((s) => s.error);
  const fieldErrors = useEditor((s) => s.fieldErrors);
  const savedAt = useEditor((s) => s.savedAt);
  const ref = useRef<HTMLElement>(null);
  useFocusRequests(ref);

  const notes = useMemo(() => notesFor(view, draft), [view, draft]);
  const dirty = isDirty(draft);
  const isNew = draft !== null && draft.kind !== "entrance" && draft.original === null;
  const applyError = view.draftApplyErrors.length > 0 ? view.draftApplyErrors[0] : null;
  const errors = new Map(fieldErrors);
  if (applyError && draft?.kind === "state" && !errors.has("id")) errors.set("id", "Another state already has this id.");
  if (applyError && draft?.kind === "event" && !errors.has("name")) errors.set("name", `${draft.fields.from} already has an event with this name.`);

  let title: ReactNode;
  let kindLabel: string;
  let icon: ReactNode;
  if (draft?.kind === "state") {
    kindLabel = isNew ? "New state" : "State";
    title = draft.fields.id || <span className="text-fg-subtle">unnamed</span>;
    icon = <StateIcon />;
  } else if (draft?.kind === "event") {
    const override = draft.fields.to === "";
    kindLabel = `${isNew ? "New " : ""}${override ? "override" : "transition"}`;
    kindLabel = kindLabel[0]!.toUpperCase() + kindLabel.slice(1);
    title = draft.fields.name || <span className="text-fg-subtle">unnamed</span>;
    icon = override ? <OverrideIcon /> : <TransitionIcon />;
  } else {
    kindLabel = "World";
    title = view.world.name;
    icon = <DoorIcon />;
  }

  return (
    <aside ref={ref} aria-label="Inspector" className="flex w-[22rem] shrink-0 flex-col border-l border-line bg-surface xl:w-[24rem]">
      <div className="flex items-center gap-3 border-b border-line px-4 py-3">
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
        className="flex min-h-0 flex-1 flex-col"
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
              <Alert title="The gate refused this change; nothing was saved">
                <p>{refusal.detail} Your edits are still here: fix them and save again.</p>
                <ul className="mt-2 space-y-1">
                  {refusal.diagnostics.slice(0, 8).map((d, i) => (
                    <li key={`${d.code}-${i}`}>
                      <button type="button" className="flex items-start gap-1.5 text-left hover:underline" onClick={() => void store.goToDiagnostic(d)}>
                        <SeverityIcon severity={d.severity} className="mt-0.5" />
                        <span>
                          <span className="font-mono text-xs">{d.code}</span> {d.message}
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
          {draft?.kind === "entrance" ? <WorldPanel store={store} draft={draft} view={view} notes={notes} errors={errors} onOpenSettings={onOpenSettings} /> : null}
        </div>

        {draft && (dirty || draft.kind !== "entrance") ? (
          <div className="flex items-center gap-2 border-t border-line bg-subtle/50 px-4 py-2.5">
            {draft.kind !== "entrance" && !isNew ? (
              <Button variant="danger-ghost" size="icon-sm" aria-label={`Delete this ${draft.kind === "state" ? "state" : "event"} (Delete)`} title="Delete (Del)" onClick={() => void store.deleteSelection()}>
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

interface PanelProps<D extends Draft> {
  store: EditorStore;
  draft: D;
  view: View;
  notes: Notes;
  errors: Map<string, string>;
}

function stateSetter(store: EditorStore) {
  return <K extends keyof StateFields>(key: K, value: StateFields[K]) =>
    store.updateDraft((d) => (d.kind === "state" ? { ...d, fields: { ...d.fields, [key]: value } } : d));
}

function ItemProblems({ notes }: { notes: Diagnostic[] | undefined }) {
  if (!notes?.length) return null;
  return (
    <ul className="mx-4 mt-4 space-y-1 rounded-lg border border-line bg-subtle/60 px-3 py-2" aria-label="Problems with this state">
      {notes.map((d, i) => (
        <li key={`${d.code}-${i}`} className="flex items-start gap-2 text-xs text-fg-muted">
          <SeverityIcon severity={d.severity} className="mt-px" />
          <span>
            <span className="font-mono text-[11px] text-fg-subtle">{d.code}</span> {d.message}
          </span>
        </li>
      ))}
    </ul>
  );
}

function StatePanel({ store, draft, view, notes, errors }: PanelProps<Extract<Draft, { kind: "state" }>>) {
  const f = draft.fields;
  const set = stateSetter(store);
  const viewId = view.draftState?.viewId ?? f.id;
  const isEntrance = view.world.entrance.state === viewId && draft.original !== null;
  const outIdx = view.index.outEvents.get(viewId) ?? [];
  const inIdx = view.index.inTransitions.get(viewId) ?? [];
  const n = (key: string) => notes.get(key);

  return (
    <div>
      <ItemProblems notes={n("")} />
      <Section
        title="State"
        action={
          draft.original !== null ? (
            isEntrance ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent-text">
                <DoorIcon className="size-3" /> Entrance
              </span>
            ) : (
              <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => void store.setEntrance(f.id)}>
                <DoorIcon /> Set as entrance
              </Button>
            )
          ) : null
        }
      >
        <Row label="Id" diagnostics={n("id")} error={errors.get("id")} hint={draft.original !== null ? "Renaming rewrites every transition and the entrance." : "Unique in this world; events refer to it."}>
          {(c) => <TextInput field="id" {...c} value={f.id} onChange={(e) => set("id", e.target.value)} className="font-mono" />}
        </Row>
        <Row label="Base" diagnostics={n("base")} hint="What the state shows: the scene the renderer paints.">
          {(c) => <ProseInput field="base" {...c} rows={4} value={f.base} onChange={(e) => set("base", e.target.value)} />}
        </Row>
      </Section>

      <Section title="Camera" description="How the shot is framed.">
        <Row label="Static" diagnostics={n("camera.static")}>
          {(c) => <ProseInput field="camera.static" {...c} value={f.cameraStatic} onChange={(e) => set("cameraStatic", e.target.value)} />}
        </Row>
        <Row label="Dynamic" diagnostics={n("camera.dynamic")}>
          {(c) => <ProseInput field="camera.dynamic" {...c} value={f.cameraDynamic} onChange={(e) => set("cameraDynamic", e.target.value)} />}
        </Row>
      </Section>

      <Section title="Movement" description="How the subject holds still and moves.">
        <Row label="Static" diagnostics={n("movement.static")}>
          {(c) => <ProseInput field="movement.static" {...c} value={f.movementStatic} onChange={(e) => set("movementStatic", e.target.value)} />}
        </Row>
        <Row label="Dynamic" diagnostics={n("movement.dynamic")}>
          {(c) => <ProseInput field="movement.dynamic" {...c} value={f.movementDynamic} onChange={(e) => set("movementDynamic", e.target.value)} />}
        </Row>
      </Section>

      <Section
        title="Ambient"
        description="Background lines that play while the player lingers."
        action={
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => set("ambient", [...f.ambient, ""])}>
            <PlusIcon /> Add line
          </Button>
        }
      >
        {f.ambient.length === 0 ? <p className="text-xs text-fg-subtle">No ambient lines.</p> : null}
        {f.ambient.map((line, i) => (
          <Row key={i} label={`Line ${i + 1}`} diagnostics={n(`ambient[${i}]`)} aside={<RemoveButton label={`Remove line ${i + 1}`} onClick={() => set("ambient", f.ambient.filter((_, j) => j !== i))} />}>
            {(c) => <TextInput field={`ambient[${i}]`} {...c} value={line} onChange={(e) => set("ambient", f.ambient.map((l, j) => (j === i ? e.target.value : l)))} />}
          </Row>
        ))}
      </Section>

      <Section title="Ending">
        <label className="flex cursor-pointer items-center gap-2.5 text-[13px] text-fg">
          <input
            type="checkbox"
            data-field="ending.isEnding"
            checked={f.isEnding}
            onChange={(e) => set("isEnding", e.target.checked)}
            className="size-4 rounded accent-accent"
          />
          <span>
            This state is an ending <EndingIcon className="ml-0.5 inline size-3.5 text-fg-subtle" />
          </span>
        </label>
        {f.isEnding ? (
          <>
            <fieldset className="space-y-1">
              <legend className="mb-1 text-xs font-medium text-fg-muted">Outcome</legend>
              <div className="grid grid-cols-4 gap-1 rounded-lg border border-line bg-subtle p-0.5" role="radiogroup" aria-label="Outcome">
                {(["", "good", "bad", "neutral"] as Outcome[]).map((o, i) => (
                  <label
                    key={o || "none"}
                    className={cn(
                      "flex h-7 cursor-pointer items-center justify-center rounded-md text-xs font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40",
                      f.outcome === o ? "bg-surface text-fg shadow-xs" : "text-fg-muted hover:text-fg",
                    )}
                  >
                    <input
                      type="radio"
                      name="ending-outcome"
                      value={o}
                      checked={f.outcome === o}
                      onChange={() => set("outcome", o)}
                      className="sr-only"
                      {...(i === 0 ? { "data-field": "ending.outcome" } : {})}
                    />
                    {o === "" ? "None" : o[0]!.toUpperCase() + o.slice(1)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Row label="Title" diagnostics={n("ending.title")}>
              {(c) => <TextInput field="ending.title" {...c} value={f.endingTitle} onChange={(e) => set("endingTitle", e.target.value)} />}
            </Row>
            <Row label="Text" diagnostics={n("ending.text")} hint="The ending card the player reads.">
              {(c) => <ProseInput field="ending.text" {...c} rows={3} value={f.endingText} onChange={(e) => set("endingText", e.target.value)} />}
            </Row>
          </>
        ) : null}
      </Section>

      <Section
        title="Variants"
        description="Alternative takes (time of day, weather, mood), picked by weight."
        action={
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => {
              const ids = new Set(f.variants.map((v) => v.id));
              let k = f.variants.length + 1;
              while (ids.has(`variant-${k}`)) k++;
              set("variants", [...f.variants, { id: `variant-${k}`, label: "", base: "", weight: "" }]);
            }}
          >
            <PlusIcon /> Add variant
          </Button>
        }
      >
        {f.variants.length === 0 ? <p className="text-xs text-fg-subtle">No variants.</p> : null}
        {f.variants.map((v, i) => {
          const update = (patch: Partial<typeof v>) => set("variants", f.variants.map((x, j) => (j === i ? { ...x, ...patch } : x)));
          return (
            <div key={i} className="space-y-2.5 rounded-lg border border-line bg-canvas/60 p-3">
              <div className="flex items-center justify-between">
                <span className="text-xs font-medium text-fg">Variant {i + 1}</span>
                <RemoveButton label={`Remove variant ${i + 1}`} onClick={() => set("variants", f.variants.filter((_, j) => j !== i))} />
              </div>
              <div className="grid grid-cols-[1fr_5.5rem] gap-2">
                <Row label="Id" diagnostics={n(`variants[${i}].id`)} error={errors.get(`variants[${i}].id`)}>
                  {(c) => <TextInput field={`variants[${i}].id`} {...c} value={v.id} onChange={(e) => update({ id: e.target.value })} className="font-mono" />}
                </Row>
                <Row label="Weight" error={errors.get(`variants[${i}].weight`)}>
                  {(c) => <TextInput field={`variants[${i}].weight`} {...c} inputMode="decimal" placeholder="1" value={v.weight} onChange={(e) => update({ weight: e.target.value })} />}
                </Row>
              </div>
              <Row label="Label">{(c) => <TextInput field={`variants[${i}].label`} {...c} value={v.label} onChange={(e) => update({ label: e.target.value })} />}</Row>
              <Row label="Base" diagnostics={n(`variants[${i}].base`)} hint="Replaces the state's base for this take.">
                {(c) => <ProseInput field={`variants[${i}].base`} {...c} value={v.base} onChange={(e) => update({ base: e.target.value })} />}
              </Row>
            </div>
          );
        })}
      </Section>

      <Section
        title="Template fills"
        description={
          <>
            Values for <code className="font-mono">{"{slot}"}</code> placeholders in this state and its events.
          </>
        }
        action={
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => set("slots", [...f.slots, { name: "", value: "" }])}>
            <PlusIcon /> Add fill
          </Button>
        }
      >
        {f.slots.length === 0 ? <p className="text-xs text-fg-subtle">No fills; the world&apos;s fills apply.</p> : null}
        {f.slots.map((slot, i) => {
          const update = (patch: Partial<typeof slot>) => set("slots", f.slots.map((x, j) => (j === i ? { ...x, ...patch } : x)));
          return (
            <div key={i} className="grid grid-cols-[7rem_1fr_auto] items-start gap-2">
              <div>
                <input
                  aria-label={`Fill ${i + 1} name`}
                  data-field={`slots[${i}].name`}
                  className={cn("block h-8 w-full rounded-md border border-line-strong bg-surface px-2 font-mono text-[12.5px] text-fg shadow-xs focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none", errors.has(`slots[${i}].name`) && "border-danger")}
                  placeholder="name"
                  value={slot.name}
                  onChange={(e) => update({ name: e.target.value })}
                />
                {errors.get(`slots[${i}].name`) ? <p className="mt-1 text-[11px] text-danger-text">{errors.get(`slots[${i}].name`)}</p> : null}
              </div>
              <div>
                <input
                  aria-label={`Fill ${slot.name || i + 1} value`}
                  data-field={`slots.${slot.name}`}
                  className="block h-8 w-full rounded-md border border-line-strong bg-surface px-2 text-[13px] text-fg shadow-xs focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none"
                  value={slot.value}
                  onChange={(e) => update({ value: e.target.value })}
                />
                {n(`slots.${slot.name}`)?.map((d, j) => (
                  <p key={j} className="mt-1 flex items-center gap-1 text-[11px] text-fg-muted">
                    <SeverityIcon severity={d.severity} /> {d.message}
                  </p>
                ))}
              </div>
              <RemoveButton label={`Remove fill ${slot.name || i + 1}`} onClick={() => set("slots", f.slots.filter((_, j) => j !== i))} className="mt-1" />
            </div>
          );
        })}
      </Section>

      {draft.original !== null ? (
        <Section
          title="Events"
          description="Transitions move the player on; overrides play in place."
          action={
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => void store.addEvent(f.id)} title="Add an event from this state (E)">
              <PlusIcon /> Add event
            </Button>
          }
        >
          {outIdx.length === 0 ? <p className="text-xs text-fg-subtle">No events leave this state yet.</p> : null}
          <ul className="space-y-1">
            {outIdx.map((i) => {
              const e = view.world.scene.events[i]!;
              return (
                <li key={`${e.name}-${i}`}>
                  <button
                    type="button"
                    onClick={() => void store.select({ kind: "event", from: e.from, name: e.name })}
                    className="flex w-full items-center gap-2 rounded-md border border-line bg-surface px-2 py-1.5 text-left text-[13px] hover:border-line-strong hover:bg-subtle/60"
                  >
                    {e.to !== undefined ? <TransitionIcon className="size-3.5 shrink-0 text-fg-subtle" /> : <OverrideIcon className="size-3.5 shrink-0 text-fg-subtle" />}
                    {e.hotkey ? <Kbd>{e.hotkey}</Kbd> : null}
                    <span className="min-w-0 flex-1 truncate text-fg">{e.name}</span>
                    <span className="max-w-[40%] shrink-0 truncate font-mono text-[11px] text-fg-subtle">{e.to !== undefined ? `→ ${e.to}` : "in place"}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          {inIdx.length > 0 ? (
            <div className="pt-1">
              <p className="mb-1 text-[11px] font-medium text-fg-subtle">Reached from</p>
              <div className="flex flex-wrap gap-1">
                {inIdx.slice(0, 12).map((i) => {
                  const e = view.world.scene.events[i]!;
                  return (
                    <button
                      key={`${e.from}-${e.name}-${i}`}
                      type="button"
                      onClick={() => void store.select({ kind: "event", from: e.from, name: e.name })}
                      className="max-w-full truncate rounded-md border border-line bg-subtle px-1.5 py-0.5 font-mono text-[11px] text-fg-muted hover:border-line-strong hover:text-fg"
                      title={`${e.name} from ${e.from}`}
                    >
                      {e.from}
                    </button>
                  );
                })}
                {inIdx.length > 12 ? <span className="px-1 text-[11px] text-fg-subtle">+{inIdx.length - 12} more</span> : null}
              </div>
            </div>
          ) : null}
        </Section>
      ) : null}
    </div>
  );
}

function RemoveButton({ label, onClick, className }: { label: string; onClick: () => void; className?: string }) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} className={cn("grid size-6 place-items-center rounded text-fg-subtle hover:bg-subtle hover:text-danger-text", className)}>
      <XIcon className="size-3.5" />
    </button>
  );
}

function EventPanel({ store, draft, view, notes, errors }: PanelProps<Extract<Draft, { kind: "event" }>>) {
  const f = draft.fields;
  const set = <K extends keyof EventFields>(key: K, value: EventFields[K]) =>
    store.updateDraft((d) => (d.kind === "event" ? { ...d, fields: { ...d.fields, [key]: value } } : d));
  const n = (key: string) => notes.get(key);
  const ids = view.index.stateIds;
  const override = f.to === "";

  return (
    <div>
      <Section title={override ? "Override" : "Transition"}>
        <p className="rounded-lg bg-subtle/70 px-3 py-2 text-xs leading-relaxed text-fg-muted">
          {override ? (
            <>
              Plays in place on <span className="font-mono text-fg">{f.from || "…"}</span>
              {f.hotkey ? (
                <>
                  {" "}
                  when the player presses <Kbd>{f.hotkey}</Kbd>
                </>
              ) : null}
              ; the player stays where they are.
            </>
          ) : (
            <>
              Moves the player from <span className="font-mono text-fg">{f.from || "…"}</span> to <span className="font-mono text-fg">{f.to}</span>
              {f.hotkey ? (
                <>
                  {" "}
                  when they press <Kbd>{f.hotkey}</Kbd>
                </>
              ) : null}
              .
            </>
          )}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Row label="From" diagnostics={n("from")} error={errors.get("from")}>
            {(c) => (
              <Select field="from" {...c} value={f.from} onChange={(e) => set("from", e.target.value)} className="font-mono">
                {ids.includes(f.from) ? null : <option value={f.from}>{f.from}</option>}
                <StateOptions ids={ids} />
              </Select>
            )}
          </Row>
          <Row label="To" diagnostics={n("to")} error={errors.get("to")}>
            {(c) => (
              <Select field="to" {...c} value={f.to} onChange={(e) => store.setEventTarget(e.target.value)} className="font-mono">
                <option value="">— none: override —</option>
                {f.to === "" || ids.includes(f.to) ? null : <option value={f.to}>{f.to}</option>}
                <StateOptions ids={ids} />
              </Select>
            )}
          </Row>
        </div>
        <div className="grid grid-cols-[1fr_5.5rem] gap-2">
          <Row label="Name" diagnostics={n("name")} error={errors.get("name")}>
            {(c) => <TextInput field="name" {...c} value={f.name} onChange={(e) => set("name", e.target.value)} />}
          </Row>
          <Row label="Hotkey" diagnostics={n("hotkey")}>
            {(c) => <TextInput field="hotkey" {...c} value={f.hotkey} onChange={(e) => set("hotkey", e.target.value)} className="text-center font-mono" />}
          </Row>
        </div>
        <Row label="Base" diagnostics={n("base")} hint="What happens (prose).">
          {(c) => <ProseInput field="base" {...c} rows={3} value={f.base} onChange={(e) => set("base", e.target.value)} />}
        </Row>
        <Row label="Detail" diagnostics={n("detail")} hint="Extra detail for the renderer (optional).">
          {(c) => <ProseInput field="detail" {...c} value={f.detail} onChange={(e) => set("detail", e.target.value)} />}
        </Row>
      </Section>
      {draft.original !== null && f.from && view.index.stateIds.includes(f.from) ? (
        <div className="px-4 pb-4">
          <Button variant="secondary" size="sm" className="w-full" onClick={() => void store.select({ kind: "state", id: store.nodeIdOf(f.from) })}>
            <StateIcon /> Open state <span className="font-mono">{f.from}</span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function WorldPanel({ store, draft, view, notes, errors, onOpenSettings }: PanelProps<Extract<Draft, { kind: "entrance" }>> & { onOpenSettings: () => void }) {
  const f = draft.fields;
  const set = <K extends keyof EntranceFields>(key: K, value: EntranceFields[K]) =>
    store.updateDraft((d) => (d.kind === "entrance" ? { ...d, fields: { ...d.fields, [key]: value } } : d));
  const n = (key: string) => notes.get(key);
  const w = view.world;
  const events = w.scene.events;
  const transitions = events.filter((e) => e.to !== undefined).length;
  const stats: Array<[string, number]> = [
    ["States", view.index.stateIds.length],
    ["Transitions", transitions],
    ["Overrides", events.length - transitions],
    ["Endings", view.index.endings.length],
  ];
  const unreachable = view.index.entranceValid ? view.index.stateIds.length - view.index.reachable.size : null;
  const showable = /^(https?:\/\/|\/|data:image\/)/i.test(f.imageSrc.trim());
  const worldNotes = view.diagnostics.filter((d) => d.path === "name" || d.path === "description" || d.path === "subject");

  return (
    <div>
      <Section title="Overview">
        <dl className="grid grid-cols-4 gap-2">
          {stats.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-line bg-canvas/60 px-2 py-2 text-center">
              <dd className="text-base font-semibold text-fg tabular-nums">{value}</dd>
              <dt className="text-[10.5px] text-fg-subtle">{label}</dt>
            </div>
          ))}
        </dl>
        {unreachable !== null && unreachable > 0 ? (
          <p className="text-xs text-warning-text">
            {unreachable} state{unreachable === 1 ? "" : "s"} cannot be reached from the entrance.
          </p>
        ) : null}
        {worldNotes.length > 0 ? (
          <div className="space-y-1 text-xs text-fg-muted">
            {worldNotes.map((d, i) => (
              <p key={i} className="flex items-center gap-1.5">
                <SeverityIcon severity={d.severity} /> {d.message}.{" "}
                <button type="button" onClick={onOpenSettings} className="font-medium text-accent-text hover:underline">
                  Edit in Settings
                </button>
              </p>
            ))}
          </div>
        ) : null}
      </Section>
      <Section title="Entrance" description="Where the world opens, and its first frame.">
        <Row label="Entrance state" diagnostics={n("entrance.state")} error={errors.get("entrance.state")}>
          {(c) => (
            <Select field="entrance.state" {...c} value={f.state} onChange={(e) => set("state", e.target.value)} className="font-mono">
              {view.index.stateIds.includes(f.state) ? null : <option value={f.state}>{f.state || "— none —"}</option>}
              <StateOptions ids={view.index.stateIds} />
            </Select>
          )}
        </Row>
        <Row label="Opening image URL" diagnostics={n("entrance.image.src")}>
          {(c) => <TextInput field="entrance.image.src" {...c} value={f.imageSrc} placeholder="https://…" onChange={(e) => set("imageSrc", e.target.value)} />}
        </Row>
        {showable ? <FramePreview src={f.imageSrc.trim()} /> : null}
        <Row label="Opening image label" diagnostics={n("entrance.image.label")}>
          {(c) => <TextInput field="entrance.image.label" {...c} value={f.imageLabel} onChange={(e) => set("imageLabel", e.target.value)} />}
        </Row>
      </Section>
      <Section title="Editing">
        <ul className="space-y-1.5 text-xs text-fg-muted">
          <li className="flex items-center justify-between gap-2">
            Select a state or a transition to edit it <Kbd>Click</Kbd>
          </li>
          <li className="flex items-center justify-between gap-2">
            New state <Kbd>N</Kbd>
          </li>
          <li className="flex items-center justify-between gap-2">
            New event from the selected state <Kbd>E</Kbd>
          </li>
          <li className="flex items-center justify-between gap-2">
            Connect two states: drag from a state&apos;s right handle <Kbd>Drag</Kbd>
          </li>
          <li className="flex items-center justify-between gap-2">
            Go to a state <Kbd>/</Kbd>
          </li>
          <li className="flex items-center justify-between gap-2">
            All shortcuts <Kbd>?</Kbd>
          </li>
        </ul>
      </Section>
    </div>
  );
}


"use client";

import { plainDiagnostic } from "@/lib/kernel";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon } from "@/components/ui/icons";
import type { EditorStore } from "./editor-store";
import type { Draft, Outcome, StateFields } from "./fields";
import { DoorIcon, EndingIcon, OverrideIcon, TransitionIcon } from "./icons";
import {
  ItemProblems,
  Kbd,
  ProseInput,
  slotMarks,
  RemoveButton,
  Row,
  Section,
  SeverityIcon,
  stateNameOf,
  TextInput,
} from "./inspector-fields";
import type { PanelProps } from "./inspector-notes";

function stateSetter(store: EditorStore) {
  return <K extends keyof StateFields>(key: K, value: StateFields[K]) =>
    store.updateDraft((d) => (d.kind === "state" ? { ...d, fields: { ...d.fields, [key]: value } } : d));
}

/** The inspector on a state: its prose, camera, movement, ambient lines, ending, variants, fills and events. */
export function StatePanel({ store, draft, view, notes, errors }: PanelProps<Extract<Draft, { kind: "state" }>>) {
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
        <Row
          label="Id"
          diagnostics={n("id")}
          error={errors.get("id")}
          hint={
            draft.original !== null ? "Renaming rewrites every transition and the entrance." : "Unique in this world; events refer to it."
          }
        >
          {(c) => <TextInput field="id" {...c} value={f.id} onChange={(e) => set("id", e.target.value)} className="font-mono" />}
        </Row>
        <Row label="Base" diagnostics={n("base")} hint="What the state shows: the scene the renderer paints.">
          {(c) => (
            <ProseInput
              field="base"
              marks={slotMarks(n("base"))}
              {...c}
              rows={4}
              value={f.base}
              onChange={(e) => set("base", e.target.value)}
            />
          )}
        </Row>
      </Section>

      <Section title="Camera" description="How the shot is framed.">
        <Row label="Static" diagnostics={n("camera.static")}>
          {(c) => (
            <ProseInput
              field="camera.static"
              marks={slotMarks(n("camera.static"))}
              {...c}
              value={f.cameraStatic}
              onChange={(e) => set("cameraStatic", e.target.value)}
            />
          )}
        </Row>
        <Row label="Dynamic" diagnostics={n("camera.dynamic")}>
          {(c) => (
            <ProseInput
              field="camera.dynamic"
              marks={slotMarks(n("camera.dynamic"))}
              {...c}
              value={f.cameraDynamic}
              onChange={(e) => set("cameraDynamic", e.target.value)}
            />
          )}
        </Row>
      </Section>

      <Section title="Movement" description="How the subject holds still and moves.">
        <Row label="Static" diagnostics={n("movement.static")}>
          {(c) => (
            <ProseInput
              field="movement.static"
              marks={slotMarks(n("movement.static"))}
              {...c}
              value={f.movementStatic}
              onChange={(e) => set("movementStatic", e.target.value)}
            />
          )}
        </Row>
        <Row label="Dynamic" diagnostics={n("movement.dynamic")}>
          {(c) => (
            <ProseInput
              field="movement.dynamic"
              marks={slotMarks(n("movement.dynamic"))}
              {...c}
              value={f.movementDynamic}
              onChange={(e) => set("movementDynamic", e.target.value)}
            />
          )}
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
          <Row
            key={i}
            label={`Line ${i + 1}`}
            diagnostics={n(`ambient[${i}]`)}
            aside={
              <RemoveButton
                label={`Remove line ${i + 1}`}
                onClick={() =>
                  set(
                    "ambient",
                    f.ambient.filter((_, j) => j !== i),
                  )
                }
              />
            }
          >
            {(c) => (
              <TextInput
                field={`ambient[${i}]`}
                {...c}
                value={line}
                onChange={(e) =>
                  set(
                    "ambient",
                    f.ambient.map((l, j) => (j === i ? e.target.value : l)),
                  )
                }
              />
            )}
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
              {(c) => (
                <ProseInput
                  field="ending.text"
                  marks={slotMarks(n("ending.text"))}
                  {...c}
                  rows={3}
                  value={f.endingText}
                  onChange={(e) => set("endingText", e.target.value)}
                />
              )}
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
          const update = (patch: Partial<typeof v>) =>
            set(
              "variants",
              f.variants.map((x, j) => (j === i ? { ...x, ...patch } : x)),
            );
          return (
            <div key={i} className="space-y-2.5 rounded-lg border border-line bg-canvas/60 p-3">
              <div className="flex items-center justify-between">
                <span className="text-xs font-medium text-fg">Variant {i + 1}</span>
                <RemoveButton
                  label={`Remove variant ${i + 1}`}
                  onClick={() =>
                    set(
                      "variants",
                      f.variants.filter((_, j) => j !== i),
                    )
                  }
                />
              </div>
              <div className="grid grid-cols-[1fr_5.5rem] gap-2">
                <Row label="Id" diagnostics={n(`variants[${i}].id`)} error={errors.get(`variants[${i}].id`)}>
                  {(c) => (
                    <TextInput
                      field={`variants[${i}].id`}
                      {...c}
                      value={v.id}
                      onChange={(e) => update({ id: e.target.value })}
                      className="font-mono"
                    />
                  )}
                </Row>
                <Row label="Weight" error={errors.get(`variants[${i}].weight`)}>
                  {(c) => (
                    <TextInput
                      field={`variants[${i}].weight`}
                      {...c}
                      inputMode="decimal"
                      placeholder="1"
                      value={v.weight}
                      onChange={(e) => update({ weight: e.target.value })}
                    />
                  )}
                </Row>
              </div>
              <Row label="Label">
                {(c) => (
                  <TextInput field={`variants[${i}].label`} {...c} value={v.label} onChange={(e) => update({ label: e.target.value })} />
                )}
              </Row>
              <Row label="Base" diagnostics={n(`variants[${i}].base`)} hint="Replaces the state's base for this take.">
                {(c) => (
                  <ProseInput
                    field={`variants[${i}].base`}
                    marks={slotMarks(n(`variants[${i}].base`))}
                    {...c}
                    value={v.base}
                    onChange={(e) => update({ base: e.target.value })}
                  />
                )}
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
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            onClick={() => set("slots", [...f.slots, { name: "", value: "" }])}
          >
            <PlusIcon /> Add fill
          </Button>
        }
      >
        {f.slots.length === 0 ? <p className="text-xs text-fg-subtle">No fills; the world&apos;s fills apply.</p> : null}
        {f.slots.map((slot, i) => {
          const update = (patch: Partial<typeof slot>) =>
            set(
              "slots",
              f.slots.map((x, j) => (j === i ? { ...x, ...patch } : x)),
            );
          return (
            <div key={i} className="grid grid-cols-[7rem_1fr_auto] items-start gap-2">
              <div>
                <input
                  aria-label={`Fill ${i + 1} name`}
                  data-field={`slots[${i}].name`}
                  className={cn(
                    "block h-8 w-full rounded-md border border-line-strong bg-surface px-2 font-mono text-[12.5px] text-fg shadow-xs focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none",
                    errors.has(`slots[${i}].name`) && "border-danger",
                  )}
                  placeholder="name"
                  value={slot.name}
                  onChange={(e) => update({ name: e.target.value })}
                />
                {errors.get(`slots[${i}].name`) ? (
                  <p className="mt-1 text-[11px] text-danger-text">{errors.get(`slots[${i}].name`)}</p>
                ) : null}
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
                    <SeverityIcon severity={d.severity} /> {plainDiagnostic(d, view.world).sentence}
                  </p>
                ))}
              </div>
              <RemoveButton
                label={`Remove fill ${slot.name || i + 1}`}
                onClick={() =>
                  set(
                    "slots",
                    f.slots.filter((_, j) => j !== i),
                  )
                }
                className="mt-1"
              />
            </div>
          );
        })}
      </Section>

      {draft.original !== null ? (
        <Section
          title="Events"
          description="Transitions move the player on; in-place actions play where the player is."
          action={
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs"
              onClick={() => void store.addEvent(f.id)}
              title="Add an event from this state (E)"
            >
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
                    {e.to !== undefined ? (
                      <TransitionIcon className="size-3.5 shrink-0 text-fg-subtle" />
                    ) : (
                      <OverrideIcon className="size-3.5 shrink-0 text-fg-subtle" />
                    )}
                    {e.hotkey ? <Kbd>{e.hotkey}</Kbd> : null}
                    <span className="min-w-0 flex-1 truncate text-fg">{e.name}</span>
                    <span className="max-w-[40%] shrink-0 truncate font-mono text-[11px] text-fg-subtle">
                      {e.to !== undefined ? `→ ${stateNameOf(view.world, e.to) ?? e.to}` : "in place"}
                    </span>
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
                      title={`${e.name} from ${stateNameOf(view.world, e.from) ?? e.from} (${e.from})`}
                    >
                      {stateNameOf(view.world, e.from) ?? e.from}
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

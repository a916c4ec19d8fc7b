"use client";

import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon } from "@/components/ui/icons";
import type { EditorStore } from "./editor-store";
import type { Draft, Outcome, StateFields } from "./fields";
import { DoorIcon, EndingIcon } from "./icons";
import { ItemProblems, ProseInput, slotMarks, RemoveButton, Row, Section, TextInput } from "./inspector-fields";
import type { PanelProps } from "./inspector-notes";
import { StateEventsSection } from "./inspector-state-events";
import { StateFillsSection } from "./inspector-state-fills";
import { StateVariantsSection } from "./inspector-state-variants";

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

      <StateVariantsSection variants={f.variants} onChange={(variants) => set("variants", variants)} notes={notes} errors={errors} />

      <StateFillsSection slots={f.slots} onChange={(slots) => set("slots", slots)} world={view.world} notes={notes} errors={errors} />

      {draft.original !== null ? (
        <StateEventsSection store={store} world={view.world} stateId={f.id} outIdx={outIdx} inIdx={inIdx} />
      ) : null}
    </div>
  );
}

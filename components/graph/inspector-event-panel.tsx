"use client";

import { Button } from "@/components/ui/button";
import type { Draft, EventFields } from "./fields";
import { StateIcon } from "./icons";
import { Kbd, ProseInput, slotMarks, Row, Section, Select, StateOptions, StateRef, stateLabel, TextInput } from "./inspector-fields";
import type { PanelProps } from "./inspector-notes";

/** The inspector on a transition or an override. */
export function EventPanel({ store, draft, view, notes, errors }: PanelProps<Extract<Draft, { kind: "event" }>>) {
  const f = draft.fields;
  const set = <K extends keyof EventFields>(key: K, value: EventFields[K]) =>
    store.updateDraft((d) => (d.kind === "event" ? { ...d, fields: { ...d.fields, [key]: value } } : d));
  const n = (key: string) => notes.get(key);
  const ids = view.index.stateIds;
  const labels = ids.map((id) => stateLabel(view.world, id));
  const override = f.to === "";

  return (
    <div>
      <Section title={override ? "In-place action" : "Transition"}>
        <p className="rounded-lg bg-subtle/70 px-3 py-2 text-xs leading-relaxed text-fg-muted">
          {override ? (
            <>
              Plays in place on {f.from ? <StateRef world={view.world} id={f.from} /> : "…"}
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
              Moves the player from {f.from ? <StateRef world={view.world} id={f.from} /> : "…"} to{" "}
              <StateRef world={view.world} id={f.to} />
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
              <Select field="from" {...c} value={f.from} onChange={(e) => set("from", e.target.value)}>
                {ids.includes(f.from) ? null : <option value={f.from}>{f.from}</option>}
                <StateOptions ids={ids} labels={labels} />
              </Select>
            )}
          </Row>
          <Row label="To" diagnostics={n("to")} error={errors.get("to")}>
            {(c) => (
              <Select field="to" {...c} value={f.to} onChange={(e) => store.setEventTarget(e.target.value)}>
                <option value="">— none: an in-place action —</option>
                {f.to === "" || ids.includes(f.to) ? null : <option value={f.to}>{f.to}</option>}
                <StateOptions ids={ids} labels={labels} />
              </Select>
            )}
          </Row>
        </div>
        <div className="grid grid-cols-[1fr_5.5rem] gap-2">
          <Row label="Name" diagnostics={n("name")} error={errors.get("name")}>
            {(c) => <TextInput field="name" {...c} value={f.name} onChange={(e) => set("name", e.target.value)} />}
          </Row>
          <Row label="Hotkey" diagnostics={n("hotkey")}>
            {(c) => (
              <TextInput
                field="hotkey"
                {...c}
                value={f.hotkey}
                onChange={(e) => set("hotkey", e.target.value)}
                className="text-center font-mono"
              />
            )}
          </Row>
        </div>
        <Row label="Base" diagnostics={n("base")} hint="What happens (prose).">
          {(c) => (
            <ProseInput
              field="base"
              marks={slotMarks(n("base"))}
              {...c}
              rows={3}
              value={f.base}
              onChange={(e) => set("base", e.target.value)}
            />
          )}
        </Row>
        <Row label="Detail" diagnostics={n("detail")} hint="Extra detail for the renderer (optional).">
          {(c) => (
            <ProseInput
              field="detail"
              marks={slotMarks(n("detail"))}
              {...c}
              value={f.detail}
              onChange={(e) => set("detail", e.target.value)}
            />
          )}
        </Row>
      </Section>
      {draft.original !== null && f.from && view.index.stateIds.includes(f.from) ? (
        <div className="px-4 pb-4">
          <Button
            variant="secondary"
            size="sm"
            className="w-full"
            onClick={() => void store.select({ kind: "state", id: store.nodeIdOf(f.from) })}
          >
            <StateIcon /> Open state <span className="min-w-0 truncate">{stateLabel(view.world, f.from)}</span>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

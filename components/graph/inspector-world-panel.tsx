"use client";

import { plainDiagnostic } from "@/lib/kernel";
import type { Draft, EntranceFields } from "./fields";
import { FramePreview } from "./frame-preview";
import { Kbd, Row, Section, Select, SeverityIcon, StateOptions, stateLabel, TextInput } from "./inspector-fields";
import type { PanelProps } from "./inspector-notes";

/** The inspector with nothing selected: the world's overview and its entrance. */
export function WorldPanel({
  store,
  draft,
  view,
  notes,
  errors,
  onOpenSettings,
}: PanelProps<Extract<Draft, { kind: "entrance" }>> & { onOpenSettings: () => void }) {
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
    ["In-place actions", events.length - transitions],
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
                <SeverityIcon severity={d.severity} /> {plainDiagnostic(d, w).what}.{" "}
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
            <Select field="entrance.state" {...c} value={f.state} onChange={(e) => set("state", e.target.value)}>
              {view.index.stateIds.includes(f.state) ? null : <option value={f.state}>{f.state || "— none —"}</option>}
              <StateOptions ids={view.index.stateIds} labels={view.index.stateIds.map((id) => stateLabel(view.world, id))} />
            </Select>
          )}
        </Row>
        <Row label="Opening image URL" diagnostics={n("entrance.image.src")}>
          {(c) => (
            <TextInput
              field="entrance.image.src"
              {...c}
              value={f.imageSrc}
              placeholder="https://…"
              onChange={(e) => set("imageSrc", e.target.value)}
            />
          )}
        </Row>
        {showable ? <FramePreview src={f.imageSrc.trim()} /> : null}
        <Row label="Opening image label" diagnostics={n("entrance.image.label")}>
          {(c) => (
            <TextInput field="entrance.image.label" {...c} value={f.imageLabel} onChange={(e) => set("imageLabel", e.target.value)} />
          )}
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

"use client";

import { plainDiagnostic, type World } from "@/lib/kernel";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PlusIcon } from "@/components/ui/icons";
import type { StateFields } from "./fields";
import { RemoveButton, Section, SeverityIcon } from "./inspector-fields";
import type { Notes } from "./inspector-notes";

/** The inspector's section on a state's template fills: a value for each `{slot}` placeholder of the state and its events. */
export function StateFillsSection({
  slots,
  onChange,
  world,
  notes,
  errors,
}: {
  slots: StateFields["slots"];
  onChange: (slots: StateFields["slots"]) => void;
  world: World;
  notes: Notes;
  errors: Map<string, string>;
}) {
  const n = (key: string) => notes.get(key);
  return (
    <Section
      title="Template fills"
      description={
        <>
          Values for <code className="font-mono">{"{slot}"}</code> placeholders in this state and its events.
        </>
      }
      action={
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => onChange([...slots, { name: "", value: "" }])}>
          <PlusIcon /> Add fill
        </Button>
      }
    >
      {slots.length === 0 ? <p className="text-xs text-fg-subtle">No fills; the world&apos;s fills apply.</p> : null}
      {slots.map((slot, i) => {
        const update = (patch: Partial<typeof slot>) => onChange(slots.map((x, j) => (j === i ? { ...x, ...patch } : x)));
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
                  <SeverityIcon severity={d.severity} /> {plainDiagnostic(d, world).sentence}
                </p>
              ))}
            </div>
            <RemoveButton
              label={`Remove fill ${slot.name || i + 1}`}
              onClick={() => onChange(slots.filter((_, j) => j !== i))}
              className="mt-1"
            />
          </div>
        );
      })}
    </Section>
  );
}

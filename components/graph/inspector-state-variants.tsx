"use client";

import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import type { StateFields } from "./fields";
import { ProseInput, RemoveButton, Row, Section, slotMarks, TextInput } from "./inspector-fields";
import type { Notes } from "./inspector-notes";

/** The inspector's section on a state's variants: alternative takes, each with an id, a weight, a label and a base. */
export function StateVariantsSection({
  variants,
  onChange,
  notes,
  errors,
}: {
  variants: StateFields["variants"];
  onChange: (variants: StateFields["variants"]) => void;
  notes: Notes;
  errors: Map<string, string>;
}) {
  const n = (key: string) => notes.get(key);
  return (
    <Section
      title="Variants"
      description="Alternative takes (time of day, weather, mood), picked by weight."
      action={
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs"
          onClick={() => {
            const ids = new Set(variants.map((v) => v.id));
            let k = variants.length + 1;
            while (ids.has(`variant-${k}`)) k++;
            onChange([...variants, { id: `variant-${k}`, label: "", base: "", weight: "" }]);
          }}
        >
          <PlusIcon /> Add variant
        </Button>
      }
    >
      {variants.length === 0 ? <p className="text-xs text-fg-subtle">No variants.</p> : null}
      {variants.map((v, i) => {
        const update = (patch: Partial<typeof v>) => onChange(variants.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        return (
          <div key={i} className="space-y-2.5 rounded-lg border border-line bg-canvas/60 p-3">
            <div className="flex items-center justify-between">
              <span className="text-xs font-medium text-fg">Variant {i + 1}</span>
              <RemoveButton label={`Remove variant ${i + 1}`} onClick={() => onChange(variants.filter((_, j) => j !== i))} />
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
  );
}

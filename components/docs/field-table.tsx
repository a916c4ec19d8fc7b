import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { InlineText } from "./rich-text";
import { TypeLabel } from "./type-label";
import type { ReferenceField } from "./types";

function FieldRows({ fields, depth }: { fields: ReferenceField[]; depth: number }) {
  return (
    <>
      {fields.map((field) => (
        <li key={field.name} className={cn("py-3", depth > 0 && "border-l border-line pl-4")}>
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <code className="font-mono text-[13px] font-semibold text-fg">{field.name}</code>
            <TypeLabel tokens={field.type} />
            {field.required ? (
              <span className="text-[11px] font-medium tracking-wide text-warning-text uppercase">required</span>
            ) : (
              <span className="text-[11px] tracking-wide text-fg-subtle uppercase">optional</span>
            )}
          </div>
          {field.description || field.notes.length > 0 ? (
            <p className="mt-1 text-[13px] leading-relaxed text-fg-muted">
              {field.description ? <InlineText text={field.description} /> : null}
              {field.notes.length > 0 ? (
                <span className={cn("text-fg-subtle", field.description && "ml-1.5")}>
                  {field.notes.map((note, i) => (
                    <span key={i} className="mr-1.5 inline-block rounded bg-subtle px-1.5 py-px font-mono text-[11px] break-all">
                      {note}
                    </span>
                  ))}
                </span>
              ) : null}
            </p>
          ) : null}
          {field.fields?.length ? (
            <ul className="mt-2 ml-1">
              <FieldRows fields={field.fields} depth={depth + 1} />
            </ul>
          ) : null}
        </li>
      ))}
    </>
  );
}

/** A titled list of fields: name, type, required, description and constraints. */
export function FieldTable({ title, fields, aside }: { title: string; fields: ReferenceField[]; aside?: ReactNode }) {
  if (fields.length === 0) return null;
  return (
    <section>
      <div className="flex items-baseline justify-between gap-3 border-b border-line pb-2">
        <h4 className="text-[13px] font-semibold text-fg">{title}</h4>
        {aside ? <div className="text-[12px] text-fg-subtle">{aside}</div> : null}
      </div>
      <ul className="divide-y divide-line">
        <FieldRows fields={fields} depth={0} />
      </ul>
    </section>
  );
}

import { FieldTable } from "./field-table";
import { InlineText } from "./rich-text";
import { schemaAnchor, TypeLabel } from "./type-label";
import type { ReferenceSchema } from "./types";

export function SchemaSection({ schema }: { schema: ReferenceSchema }) {
  return (
    <article id={schemaAnchor(schema.name)} className="scroll-mt-24 rounded-xl border border-line bg-surface px-5 py-4 shadow-xs">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-mono text-[14px] font-semibold text-fg">
          <a href={`#${schemaAnchor(schema.name)}`} className="rounded hover:underline hover:underline-offset-4">
            {schema.name}
          </a>
        </h3>
        <span className="text-[11px] font-medium tracking-wide text-fg-subtle uppercase">{schema.kind === "request" ? "Request" : "Response"}</span>
      </header>
      {schema.description ? (
        <p className="mt-1 text-[13px] text-fg-muted">
          <InlineText text={schema.description} />
        </p>
      ) : null}
      {schema.variants.length > 0 ? (
        <div className="mt-3">
          <p className="text-[13px] text-fg-muted">One of:</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {schema.variants.map((variant, i) => (
              <li key={i} className="rounded-md border border-line bg-subtle/60 px-2 py-0.5">
                <TypeLabel tokens={variant} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {schema.fields.length > 0 ? (
        <div className="mt-3">
          <FieldTable title="Fields" fields={schema.fields} aside={schema.open ? "may carry more properties" : undefined} />
        </div>
      ) : schema.variants.length === 0 ? (
        <p className="mt-2 text-[13px] text-fg-muted">
          Type: <TypeLabel tokens={schema.type} />
        </p>
      ) : null}
    </article>
  );
}

import { cn } from "@/components/ui/cn";
import { FieldTable } from "./field-table";
import { ApiPath, MethodBadge } from "./method-badge";
import { InlineText, RichText } from "./rich-text";
import { schemaAnchor } from "./type-label";
import type { ReferenceOperation, ReferenceResponse } from "./types";

export const operationAnchor = (id: string) => `op-${id}`;

function StatusCode({ status }: { status: string }) {
  const tone = status.startsWith("2")
    ? "bg-success-soft text-success-text"
    : status.startsWith("3")
      ? "bg-subtle text-fg-muted"
      : status.startsWith("5")
        ? "bg-danger-soft text-danger-text"
        : "bg-warning-soft text-warning-text";
  return <span className={cn("inline-flex w-11 shrink-0 justify-center rounded px-1.5 py-0.5 font-mono text-[12px] font-semibold", tone)}>{status}</span>;
}

function ResponseRow({ response }: { response: ReferenceResponse }) {
  return (
    <li className="flex items-start gap-3 py-2.5">
      <StatusCode status={response.status} />
      <div className="min-w-0 flex-1 text-[13px] leading-relaxed text-fg-muted">
        {response.code ? <code className="mr-2 font-mono text-[12px] text-fg">{response.code}</code> : null}
        <InlineText text={response.description} />
        {response.schema && !response.code ? (
          <a href={`#${schemaAnchor(response.schema)}`} className="ml-2 font-mono text-[12px] text-accent-text underline-offset-2 hover:underline">
            {response.schema}
          </a>
        ) : null}
      </div>
    </li>
  );
}

export function OperationSection({ op }: { op: ReferenceOperation }) {
  return (
    <article id={operationAnchor(op.id)} className="scroll-mt-24 border-t border-line py-10 first:border-t-0 first:pt-2">
      <header className="space-y-3">
        <h3 className="text-lg font-semibold tracking-tight text-fg">
          <a href={`#${operationAnchor(op.id)}`} className="rounded hover:underline hover:decoration-line-strong hover:underline-offset-4">
            {op.summary}
          </a>
        </h3>
        <div className="flex min-w-0 items-center gap-2.5 rounded-lg border border-line bg-surface px-3 py-2 shadow-xs">
          <MethodBadge method={op.method} />
          <ApiPath path={op.path} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-[12px] text-fg-muted">
          <div className="flex gap-1.5">
            <dt className="text-fg-subtle">Auth</dt>
            <dd className="font-medium text-fg">{op.auth.length > 0 ? op.auth.join(" or ") : "None"}</dd>
          </div>
          {op.scope ? (
            <div className="flex gap-1.5">
              <dt className="text-fg-subtle">Key scope</dt>
              <dd>
                <code className="font-mono text-fg">{op.scope}</code>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      {op.description ? <RichText text={op.description} className="mt-4 max-w-3xl" /> : null}

      <div className="mt-6 grid gap-8">
        <FieldTable title="Path parameters" fields={op.pathParams} />
        <FieldTable title="Query parameters" fields={op.query} />
        <FieldTable title="Headers" fields={op.headers} />
        {op.body ? (
          <FieldTable
            title="Request body"
            fields={op.body.fields}
            aside={
              <>
                JSON{op.body.required ? "" : ", optional"} ·{" "}
                <a href={`#${schemaAnchor(op.body.schema)}`} className="font-mono text-accent-text underline-offset-2 hover:underline">
                  {op.body.schema}
                </a>
              </>
            }
          />
        ) : null}
        <section>
          <h4 className="border-b border-line pb-2 text-[13px] font-semibold text-fg">Responses</h4>
          <ul className="divide-y divide-line">
            {op.responses.map((response) => (
              <ResponseRow key={response.status} response={response} />
            ))}
          </ul>
          <details className="group mt-1">
            <summary className="flex items-center gap-1.5 rounded py-2 text-[13px] text-fg-muted select-none hover:text-fg">
              <span className="inline-block transition-transform group-open:rotate-90" aria-hidden="true">
                ›
              </span>
              Errors ({op.errors.map((e) => e.status).join(", ")})
            </summary>
            <ul className="divide-y divide-line">
              {op.errors.map((response) => (
                <ResponseRow key={response.status} response={response} />
              ))}
            </ul>
          </details>
        </section>
      </div>
    </article>
  );
}

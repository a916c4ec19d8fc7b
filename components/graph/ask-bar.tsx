"use client";

import { useId, useMemo, useRef, useState, type FormEvent } from "react";
import { askExamples, plainDiagnostic } from "@/lib/kernel";
import { Button } from "@/components/ui/button";
import { AlertTriangleIcon, SparklesIcon, XIcon } from "@/components/ui/icons";
import { VersionDiff } from "@/components/versions/version-diff";
import { SeverityIcon } from "./inspector-fields";
import { useEditor, useEditorStore } from "./use-editor";

const MAX_INSTRUCTION = 2000;

/**
 * The Ask bar: an instruction in plain words becomes a dry run of `POST /v1/worlds/{id}/edit`;
 * the ops it proposes are drawn on the canvas (AskPreview) until applied, as one undoable batch
 * of the editor, or discarded.
 */
export function AskBar() {
  const store = useEditorStore();
  const asking = useEditor((s) => s.asking);
  const error = useEditor((s) => s.askError);
  const hasPreview = useEditor((s) => s.preview !== null);
  const [instruction, setInstruction] = useState("");
  // An applied instruction is done: the bar empties for the next one.
  const applied = useEditor((s) => s.askApplied);
  const [seenApplied, setSeenApplied] = useState(applied);
  if (seenApplied !== applied) {
    setSeenApplied(applied);
    setInstruction("");
  }
  const errorId = useId();
  const examplesId = useId();
  const input = useRef<HTMLInputElement>(null);
  // Examples in this world's own names, as the canvas shows them: each one works as written.
  const world = useEditor((s) => s.resource.world);
  const examples = useMemo(() => askExamples(world).slice(0, 3), [world]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = instruction.trim();
    if (!text || asking) return;
    void store.ask(text);
  };

  return (
    <div className="shrink-0 border-b border-line bg-surface px-2 py-1.5">
      <form onSubmit={submit} className="flex items-center gap-2" aria-label="Ask for a change">
        <SparklesIcon className="ml-1 size-4 shrink-0 text-accent-text" aria-hidden="true" />
        <input
          ref={input}
          value={instruction}
          maxLength={MAX_INSTRUCTION}
          onChange={(e) => setInstruction(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && hasPreview) {
              e.preventDefault();
              store.discardPreview();
            }
          }}
          aria-label="Ask for a change in plain words"
          aria-describedby={error ? errorId : examplesId}
          aria-invalid={error ? true : undefined}
          placeholder={`Ask for a change, e.g. ${examples[0] ?? "add a state 'Cellar'"}`}
          autoComplete="off"
          className="h-8 min-w-0 flex-1 rounded-md border border-line bg-canvas px-2.5 text-[13px] text-fg placeholder:text-fg-subtle focus:border-accent focus:outline-none"
        />
        <Button type="submit" size="sm" variant="secondary" loading={asking} disabled={!instruction.trim()}>
          Preview
        </Button>
      </form>
      {!error && !hasPreview ? (
        <p
          id={examplesId}
          data-testid="ask-examples"
          className="mt-1 flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-0.5 pl-7 text-[11.5px] text-fg-subtle"
        >
          <span>Try:</span>
          {examples.map((example) => (
            <button
              key={example}
              type="button"
              className="max-w-full truncate rounded px-1 text-left text-fg-muted hover:bg-canvas hover:text-fg"
              title="Put this example in the bar"
              onClick={() => {
                setInstruction(example);
                input.current?.focus();
              }}
            >
              “{example}”
            </button>
          ))}
        </p>
      ) : null}
      {error ? (
        <div
          id={errorId}
          role="alert"
          className="mt-1.5 flex items-start gap-2 rounded-md bg-danger-soft px-2.5 py-1.5 text-[12.5px] text-danger-text"
        >
          <AlertTriangleIcon className="mt-0.5 size-3.5 shrink-0" />
          <div className="min-w-0 flex-1">
            <p>{error.detail}</p>
            {error.diagnostics.length ? (
              <ul className="mt-1 space-y-0.5">
                {error.diagnostics.slice(0, 5).map((d, i) => (
                  <li key={`${d.code}-${i}`} className="flex items-start gap-1.5 text-fg-muted">
                    <SeverityIcon severity={d.severity} className="mt-px" />
                    <span>
                      {/* Found on the world the instruction would make, which the page does not hold: states are named by id. */}
                      {plainDiagnostic(d).sentence} <span className="font-mono text-[10.5px]">{d.code}</span>
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <button type="button" aria-label="Dismiss" className="rounded p-0.5 hover:bg-danger-soft" onClick={() => store.discardPreview()}>
            <XIcon className="size-3.5" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The proposed change, in the inspector's column while it is on show (the canvas stays clear for
 * the diff): what it says it does, the diff, the play-throughs it breaks, Apply and Discard.
 */
export function AskPreview() {
  const store = useEditorStore();
  const preview = useEditor((s) => s.preview);
  const saving = useEditor((s) => s.saving);
  if (!preview) return null;
  const broken = preview.playtests.failed;
  return (
    <section
      aria-label="Proposed change"
      data-testid="ask-preview"
      className="flex w-[22rem] shrink-0 flex-col border-l border-line bg-surface xl:w-[24rem]"
    >
      <header className="border-b border-line px-4 py-3">
        <p className="flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-fg-subtle uppercase">
          <SparklesIcon className="size-3.5 text-accent-text" aria-hidden="true" /> Proposed change
        </p>
        <p className="mt-0.5 text-[13px] text-fg">{preview.summary}</p>
        <p className="mt-1 text-[11.5px] text-fg-subtle">
          “{preview.instruction}” · {preview.ops.length} {preview.ops.length === 1 ? "op" : "ops"}, not applied yet
        </p>
        <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-[11px] text-fg-muted" aria-hidden="true">
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm border-2 border-success-text" /> added
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm border-2 border-warning-text" /> changed
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm border-2 border-dashed border-danger" /> removed
          </span>
        </p>
      </header>
      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
        <VersionDiff diff={preview.diff} emptyText="This would change nothing." />
        {broken.length ? (
          <div role="status" className="rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-[12.5px] text-danger-text">
            <p className="font-medium">
              Breaks {broken.length} recorded play-through{broken.length === 1 ? "" : "s"}
            </p>
            <ul className="mt-1 space-y-0.5">
              {broken.map((f) => (
                <li key={f.playtestId}>
                  “{f.name}” at step {f.step}: {f.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : preview.playtests.passed > 0 ? (
          <p className="text-[12.5px] text-fg-muted">
            All {preview.playtests.passed} recorded play-through{preview.playtests.passed === 1 ? "" : "s"} still pass.
          </p>
        ) : null}
      </div>
      <footer className="flex items-center justify-end gap-2 border-t border-line px-4 py-2.5">
        <Button variant="ghost" size="sm" onClick={() => store.discardPreview()}>
          Discard
        </Button>
        <Button size="sm" loading={saving} onClick={() => void store.applyPreview()} disabled={preview.diff.total === 0}>
          Apply
        </Button>
      </footer>
    </section>
  );
}

"use client";

import { memo, useDeferredValue, useState } from "react";
import type { Diagnostic, Severity } from "@/lib/kernel";
import { cn } from "@/components/ui/cn";
import { CheckIcon, ChevronDownIcon, PlayIcon } from "@/components/ui/icons";
import { SeverityIcon } from "./inspector-fields";
import type { BrokenPlaytest } from "./playtest-breaks";
import { useEditor, useEditorStore } from "./use-editor";
import { usePlainWords } from "./use-plain-words";

const PAGE = 200;
const LABEL: Record<Severity, [string, string]> = { error: ["error", "errors"], warning: ["warning", "warnings"], info: ["info", "info"] };

/** A finding as a sentence for people (what, where by the state's name, how to fix); the code small beside it. */
const ProblemRow = memo(function ProblemRow({ d, text, onOpen }: { d: Diagnostic; text: string; onOpen: (d: Diagnostic) => void }) {
  return (
    <li>
      <button
        type="button"
        title={text}
        onClick={() => onOpen(d)}
        data-testid="problem"
        data-lint={d.lint}
        className="grid w-full grid-cols-[16px_minmax(0,1fr)_44px] items-center gap-2 px-4 py-1.5 text-left text-[12.5px] hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-offset-[-2px]"
      >
        <SeverityIcon severity={d.severity} />
        <span className="truncate text-fg">{text}</span>
        <span className="text-right font-mono text-[10.5px] text-fg-subtle" title={d.lint}>
          {d.code}
        </span>
      </button>
    </li>
  );
});

const PlaytestRow = memo(function PlaytestRow({ b, onOpen }: { b: BrokenPlaytest; onOpen: (b: BrokenPlaytest) => void }) {
  const place = b.at === null ? "entrance" : b.event !== null ? `${b.at} · ${b.event}` : b.at;
  const text = `Play-through “${b.name}” breaks at step ${b.step}: ${b.reason}`;
  return (
    <li>
      <button
        type="button"
        title={text}
        onClick={() => onOpen(b)}
        data-testid="broken-playtest"
        className="grid w-full grid-cols-[16px_44px_minmax(0,1fr)_minmax(0,14rem)] items-center gap-2 px-4 py-1.5 text-left text-[12.5px] hover:bg-subtle focus-visible:bg-subtle focus-visible:outline-offset-[-2px]"
      >
        <PlayIcon className="size-3.5 shrink-0 text-danger-text" aria-label="Broken play-through" />
        <span className="font-mono text-[11px] text-fg-subtle">step {b.step}</span>
        <span className="truncate text-fg">{text}</span>
        <span className="truncate text-right font-mono text-[11px] text-fg-subtle">{place}</span>
      </button>
    </li>
  );
});

/**
 * The live lints of the would-be world; a row leads to the node, edge or field its `loc` names.
 * Recorded play-throughs that no longer play on it come first; a row leads to where one breaks.
 */
export function ProblemsPanel({
  open,
  onToggle,
  onOpenSettings,
  broken,
}: {
  open: boolean;
  onToggle: () => void;
  onOpenSettings: () => void;
  broken: readonly BrokenPlaytest[];
}) {
  const store = useEditorStore();
  const live = useEditor((s) => s.view.diagnostics);
  const diagnostics = useDeferredValue(live);
  const say = usePlainWords();
  const [hidden, setHidden] = useState<ReadonlySet<Severity>>(() => new Set(["info"]));
  const [limit, setLimit] = useState(PAGE);

  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  const shown = diagnostics.filter((d) => !hidden.has(d.severity));
  const onOpen = (d: Diagnostic) => {
    void store.goToDiagnostic(d).then((result) => {
      if (result === "settings") onOpenSettings();
    });
  };
  const openBroken = (b: BrokenPlaytest) => void store.goToPlaytestBreak(b);
  const toggle = (s: Severity) =>
    setHidden((prev) => {
      const next = new Set(prev);
      if (next.has(s)) next.delete(s);
      else next.add(s);
      return next;
    });

  return (
    <section aria-label="Problems" className={cn("flex shrink-0 flex-col border-t border-line bg-surface", open ? "h-56" : "h-9")}>
      <div className="flex h-9 shrink-0 items-center gap-3 px-3">
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls="problems-list"
          className="flex items-center gap-1.5 rounded px-1 text-[12.5px] font-semibold text-fg hover:text-fg"
          title="Show or hide problems (P)"
        >
          <ChevronDownIcon className={cn("size-3.5 text-fg-subtle transition-transform", !open && "-rotate-90")} />
          Problems
        </button>
        <div className="flex items-center gap-1" role="group" aria-label="Filter by severity">
          {(["error", "warning", "info"] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={!hidden.has(s)}
              onClick={() => toggle(s)}
              className={cn(
                "flex h-6 items-center gap-1 rounded-md px-1.5 text-xs tabular-nums transition-colors",
                hidden.has(s) ? "text-fg-subtle hover:bg-subtle" : "bg-subtle text-fg hover:bg-subtle-strong",
              )}
              title={`${hidden.has(s) ? "Show" : "Hide"} ${LABEL[s][1]}`}
            >
              <SeverityIcon severity={s} />
              <span data-testid={`problems-count-${s}`}>{counts[s]}</span>
              <span className="sr-only">{counts[s] === 1 ? LABEL[s][0] : LABEL[s][1]}</span>
            </button>
          ))}
        </div>
        {broken.length ? (
          <span
            className="flex h-6 items-center gap-1 rounded-md bg-danger-soft px-1.5 text-xs text-danger-text"
            title="Recorded play-throughs that no longer play on this graph"
          >
            <PlayIcon className="size-3" aria-hidden="true" />
            <span data-testid="problems-count-playtests">{broken.length}</span> broken play-through{broken.length === 1 ? "" : "s"}
          </span>
        ) : null}
        {live !== diagnostics ? <span className="text-[11px] text-fg-subtle">checking…</span> : null}
      </div>
      {open ? (
        <div id="problems-list" className="min-h-0 flex-1 overflow-y-auto border-t border-line">
          {shown.length === 0 && broken.length === 0 ? (
            <div className="flex h-full items-center justify-center gap-2 text-[13px] text-fg-muted">
              <CheckIcon className="size-4 text-success-text" />
              {diagnostics.length === 0 ? "No problems: this world passes every check." : "Nothing to show with these filters."}
            </div>
          ) : (
            <ul className="py-1">
              {broken.map((b) => (
                <PlaytestRow key={b.playtestId} b={b} onOpen={openBroken} />
              ))}
              {shown.slice(0, limit).map((d, i) => (
                <ProblemRow key={`${d.path}-${d.code}-${d.loc.slot}-${i}`} d={d} text={say(d)} onOpen={onOpen} />
              ))}
              {shown.length > limit ? (
                <li className="px-4 py-2">
                  <button
                    type="button"
                    className="text-xs font-medium text-accent-text hover:underline"
                    onClick={() => setLimit((l) => l + PAGE * 5)}
                  >
                    Show {Math.min(shown.length - limit, PAGE * 5)} more of {shown.length - limit}
                  </button>
                </li>
              ) : null}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
